import { mask, secretPattern, REDACTED } from "./mask.js";

export { maskSecrets, REDACTED } from "./mask.js";
export { callContextOf, rememberCall, secretsOf, type CallContext } from "./call-context.js";

/**
 * Field names that carry credentials in these interfaces (OAuth token responses, form
 * parameters, API keys, the credential headers themselves). Anything under such a key is
 * replaced before an error or log line can carry it, whatever its value.
 */
const SECRET_KEY =
  /^(access_token|refresh_token|id_token|token|client_secret|password|assertion|code_verifier|apikey|api_key|key|secret|authorization|proxy-authorization|cookie|set-cookie|x-auth-user-token|x-apikey|payload)$/i;

/** Deeper than this, a body is replaced as a whole rather than walked. */
const MAX_DEPTH = 20;

/** A copy of `value` with secret-named fields and every secret token (in keys and strings) masked. */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  const pattern = secretPattern(secrets);
  const walk = (node: unknown, depth: number): unknown => {
    if (typeof node === "string") return mask(node, pattern);
    if (node === null || typeof node !== "object") return node;
    if (depth > MAX_DEPTH) return REDACTED;
    if (Array.isArray(node)) return node.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      // Defined, not assigned: a body's own "__proto__" key would otherwise set the copy's prototype.
      Object.defineProperty(out, mask(k, pattern), { value: SECRET_KEY.test(k) ? REDACTED : walk(v, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return walk(value, 0);
}
