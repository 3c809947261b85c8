/**
 * What the verifier may send without being told it may change things. Read-only is GET, HEAD
 * and OPTIONS (safe methods, RFC 9110 §9.2.1), plus what the document marks `x-effect: none`
 * (a POST that changes no server state); everything else needs `allowWrites`, and what it marks
 * `x-effect: sends` (delivers real messages) needs `allowSend` as well (openapi/CONVENTIONS.md).
 */
import type { DocOperation } from "./operations.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface Permissions {
  allowWrites: boolean;
  allowSend: boolean;
}

/** Why an operation may not be called under these permissions, or undefined when it may. */
export function refusal(op: DocOperation, allowed: Permissions): string | undefined {
  const effect = op.raw?.["x-effect"];
  if (effect === "sends" && !(allowed.allowWrites && allowed.allowSend)) return "delivers real messages: needs --allow-writes and --allow-send";
  if (SAFE_METHODS.has(op.method) || effect === "none") return undefined;
  return allowed.allowWrites ? undefined : `${op.method} changes server state: needs --allow-writes`;
}
