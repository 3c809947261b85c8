// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";

/**
 * RFC 9110 §5.5 field values: visible ASCII, space, tab and obs-text (0x80-0xFF). fetch's
 * Headers throws a TypeError that quotes the value (or the index of the bad character) for
 * anything else, and a header value is often a secret, so values are checked before use and
 * the error names only the field.
 */
const UNSAFE = /[^\t\x20-\x7e\x80-\xff]/;

/** RFC 9110 §5.1 field names are tokens; Headers quotes any other name in its TypeError. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const unsafe = (field: string) => new InputError(field, "headerSafe", `${field}: must not contain CR, LF or NUL, other control characters, or characters above U+00FF`);

export function checkHeaderValue(field: string, value: unknown): void {
  if (typeof value === "string") {
    if (UNSAFE.test(value)) throw unsafe(field);
    return;
  }
  // Headers writes any other object as its String(): that text is what must be safe.
  if ((typeof value === "object" && value !== null) || typeof value === "function" || typeof value === "symbol") {
    let text: string;
    try {
      text = String(value);
    } catch {
      throw new InputError(field, "headerSafe", `${field}: must be a string (this value has no text form)`);
    }
    if (UNSAFE.test(text)) throw unsafe(field);
  }
}

/** Checks every value of a caller's header set: a record or [name, value] pairs (a Headers object was checked when it was built). */
export function checkHeaderValues(field: string, headers: unknown): void {
  if (headers === null || typeof headers !== "object" || headers instanceof Headers) return;
  const entries = Array.isArray(headers) ? (headers as [string, unknown][]) : Object.entries(headers);
  for (const [name, value] of entries) {
    // The name is not echoed: it is not a token, so it may be anything, a secret pasted in the wrong place included.
    if (typeof name !== "string" || !TOKEN.test(name)) throw new InputError(field, "headerName", `${field}: a header name must be an RFC 9110 token (letters, digits and !#$%&'*+.^_\`|~-); the name given is not shown`);
    // Numbers and booleans print without control characters; only strings can carry one.
    for (const v of Array.isArray(value) ? value : [value]) checkHeaderValue(`${field}.${name}`, v);
  }
}
