/**
 * Prism is an optional peer (runtime/mock/optional-peers.ts), loaded on first use. Only
 * prism-http (with its prism-core) is used: the HTTP server is this layer's own.
 */
import { OPTIONAL_PEERS, importPeer } from "../package/optional-peers.js";

export const PRISM_PACKAGES = OPTIONAL_PEERS.prism.packages;

let loading: Promise<any> | undefined;

export function loadPrism(): Promise<any> {
  loading ??= importPeer("prism", () => import("@stoplight/prism-http")).then(
    (mod: any) => mod.default ?? mod,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
