/**
 * What the verifier may send without being told it may change things. Read-only is GET, HEAD
 * and OPTIONS (safe methods, RFC 9110 §9.2.1), plus the identity calls that issue or read tokens
 * and keys but change no server state; everything else needs `allowWrites`, and delivering real
 * messages needs `allowSend` as well.
 */
import type { DocOperation } from "./operations.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Identity operations (token, introspect, userinfo, publickeys) that are POSTs but change no state. */
const READ_ONLY_CALLS = new Set(["requestTokens", "introspectToken", "postUserInfo", "getUserInfo", "getPublicKeys"]);
/** Operations that deliver messages to people. */
const SENDS = new Set(["sendNotifications"]);

export interface Permissions {
  allowWrites: boolean;
  allowSend: boolean;
}

/** Why an operation may not be called under these permissions, or undefined when it may. */
export function refusal(op: DocOperation, allowed: Permissions): string | undefined {
  if (SENDS.has(op.operationId) && !(allowed.allowWrites && allowed.allowSend)) return "delivers real messages: needs --allow-writes and --allow-send";
  if (SAFE_METHODS.has(op.method) || READ_ONLY_CALLS.has(op.operationId)) return undefined;
  return allowed.allowWrites ? undefined : `${op.method} changes server state: needs --allow-writes`;
}
