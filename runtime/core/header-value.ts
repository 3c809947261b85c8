import { InputError } from "./errors.js";

/**
 * RFC 9110 §5.5 field values: visible ASCII, space, tab and obs-text (0x80-0xFF). fetch's
 * Headers throws a TypeError that quotes the value (or the index of the bad character) for
 * anything else, and a header value is often a secret, so values are checked before use and
 * the error names only the field.
 */
const UNSAFE = /[^\t\x20-\x7e\x80-\xff]/;

export function checkHeaderValue(field: string, value: unknown): void {
  if (typeof value === "string" && UNSAFE.test(value)) {
    throw new InputError(field, "headerSafe", `${field}: must not contain CR, LF or NUL, other control characters, or characters above U+00FF`);
  }
}

/** Checks every value of a caller's header set: a record or [name, value] pairs (a Headers object was checked when it was built). */
export function checkHeaderValues(field: string, headers: unknown): void {
  if (headers === null || typeof headers !== "object" || headers instanceof Headers) return;
  const entries = Array.isArray(headers) ? (headers as [string, unknown][]) : Object.entries(headers);
  for (const [name, value] of entries) {
    // Numbers and booleans print without control characters; only strings can carry one.
    for (const v of Array.isArray(value) ? value : [value]) checkHeaderValue(`${field}.${name}`, v);
  }
}
