/**
 * Field names that carry credentials in these interfaces (OAuth token responses, form
 * parameters, API keys). Anything under such a key is replaced before an error or log line
 * can carry it.
 */
const SECRET_KEY = /^(access_token|refresh_token|id_token|token|client_secret|password|assertion|code_verifier|apikey|api_key|key|secret|authorization|payload)$/i;

export const REDACTED = "[redacted]";

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}
