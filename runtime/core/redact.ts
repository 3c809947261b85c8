/**
 * Field names that carry credentials in these interfaces (OAuth token responses, form
 * parameters, API keys, the credential headers themselves). Anything under such a key is
 * replaced before an error or log line can carry it, whatever its value.
 */
const SECRET_KEY =
  /^(access_token|refresh_token|id_token|token|client_secret|password|assertion|code_verifier|apikey|api_key|key|secret|authorization|proxy-authorization|cookie|set-cookie|x-auth-user-token|x-apikey|payload)$/i;

/** Credentials in HTTP syntax (RFC 9110 §11.4) even when the value is not one the client knows, e.g. echoed by a proxy. */
const CREDENTIAL_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]{8,}=*/gi;

/** Deeper than this, a body is replaced as a whole rather than walked. */
const MAX_DEPTH = 20;

export const REDACTED = "[redacted]";

/** Each secret as sent and percent-encoded; longest first so a secret containing another is masked whole. */
function variants(secrets: readonly string[]): string[] {
  const all = new Set<string>();
  for (const secret of secrets) {
    if (secret === "") continue;
    all.add(secret);
    all.add(encodeURIComponent(secret));
  }
  return [...all].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of every secret, and anything that looks like a Bearer or Basic credential. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of variants(secrets)) out = out.split(secret).join(REDACTED);
  return out.replace(CREDENTIAL_TEXT, (_, scheme: string) => `${scheme} ${REDACTED}`);
}

/** A copy of `value` with secret-named fields and every occurrence of `secrets` (in keys and strings) masked. */
export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === "string") return maskSecrets(value, secrets);
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[maskSecrets(k, secrets)] = SECRET_KEY.test(k) ? REDACTED : redact(v, secrets, depth + 1);
  }
  return out;
}

/**
 * What a client call knew when it produced a response or an error body: the secrets it sent
 * and the operation. Kept beside the object (never on it) so that an ApiError built later from
 * that object, by `unwrap` or by a family runtime, can mask the secrets by value.
 */
export interface CallContext {
  readonly operation: string;
  readonly secrets: readonly string[];
}

const contexts = new WeakMap<object, CallContext>();

export function rememberCall(target: unknown, context: CallContext): void {
  if (typeof target === "object" && target !== null) contexts.set(target, context);
}

export function callContextOf(target: unknown): CallContext | undefined {
  // WeakMap.get answers undefined for a primitive.
  return contexts.get(target as object);
}

export function secretsOf(target: unknown): readonly string[] {
  return callContextOf(target)?.secrets ?? [];
}
