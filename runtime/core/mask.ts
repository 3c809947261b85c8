/**
 * Masking one text: what an error needs to render itself (masked-error.ts), in the first load of
 * a client; the deep copy of bodies and the call bookkeeping (redact.ts) load with what uses them.
 */
/** Credentials in HTTP syntax (RFC 9110 §11.4) even when the value is not one the client knows, e.g. echoed by a proxy. */
const CREDENTIAL_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]{8,}=*/gi;

export const REDACTED = "[redacted]";

/** A letter or digit: a secret is masked only where it is not part of a longer word. */
const WORD = "[\\p{L}\\p{N}]";
const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * One expression for a set of secrets, each as sent and percent-encoded, longest first so a
 * secret containing another is masked whole. A secret matches only as a whole token: an edge
 * that is a letter or digit must not touch another letter or digit, so the README's test token
 * `t` masks `token t refused` but leaves `the`, `Not` and `createKey` alone.
 */
export function secretPattern(secrets: readonly string[]): RegExp | undefined {
  const all = new Set<string>();
  for (const secret of secrets) {
    if (secret === "") continue;
    all.add(secret);
    all.add(encodeURIComponent(secret));
  }
  if (all.size === 0) return undefined;
  const edge = new RegExp(`^${WORD}`, "u");
  const alternatives = [...all]
    .sort((a, b) => b.length - a.length)
    .map((s) => `${edge.test(s) ? `(?<!${WORD})` : ""}${s.replace(SPECIAL, "\\$&")}${edge.test([...s].at(-1)!) ? `(?!${WORD})` : ""}`);
  return new RegExp(alternatives.join("|"), "gu");
}

export function mask(text: string, pattern: RegExp | undefined): string {
  const out = pattern ? text.replace(pattern, REDACTED) : text;
  return out.replace(CREDENTIAL_TEXT, (_, scheme: string) => `${scheme} ${REDACTED}`);
}

/** Masks every secret where it stands as a whole token, and anything that looks like a Bearer or Basic credential. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  return mask(text, secretPattern(secrets));
}

