/**
 * The package's optional peer dependencies, one entry per feature: an app that only uses the
 * clients installs none of them. Each is loaded on first use, and a missing install gets one
 * sentence naming the exact install line (the README lists the same lines; a test checks they
 * agree with package.json's peerDependencies).
 */
import { CloudInterfacesError } from "../core/base-error.js";
export const OPTIONAL_PEERS = {
  prism: { feature: "startMock", what: "Prism", packages: ["@stoplight/prism-http@5.12.0", "@stoplight/prism-core@5.8.0"] },
  ajv: { feature: "The verifier (cloud-interfaces/verify) and an emulator given a document of your own (the document option)", what: "Ajv", packages: ["ajv@8.20.0", "ajv-formats@3.0.1"] },
  msw: { feature: "cloud-interfaces/msw", what: "MSW 3 (Node >= 22.12)", packages: ["msw@3.0.5"] },
  fastCheck: { feature: "verify's generated inputs (--budget)", what: "fast-check", packages: ["fast-check@4.10.2"] },
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

export function installLine(peer: OptionalPeer): string {
  return `npm install --save-dev ${OPTIONAL_PEERS[peer].packages.join(" ")}`;
}

export function missingPeerMessage(peer: OptionalPeer): string {
  const { feature, what } = OPTIONAL_PEERS[peer];
  return `${feature} needs ${what}, an optional peer dependency: ${installLine(peer)}`;
}

/**
 * Runs `load` (a literal `import("…")`, so bundlers still see the specifier); a package that is
 * not installed becomes the one-sentence error, anything else is rethrown as it is.
 */
export async function importPeer<T>(peer: OptionalPeer, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string })?.code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") throw new CloudInterfacesError(missingPeerMessage(peer), { cause: error });
    throw error;
  }
}
