/**
 * The explicit limits of every HTTP form (the front end, runtime/http/front.ts) and of the
 * emulators' WHATWG path, documented in runtime/mock/README.md. A request beyond one of them
 * gets an answer in the document's error shape, never a hang or a crash.
 */
/** Request body bytes; more gets 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Nesting of a JSON body (objects and arrays); deeper gets 400 before any parser recurses. */
export const MAX_JSON_DEPTH = 64;
/**
 * JSON values in a body (every scalar, object and array counts one); more gets 400. Prism
 * validates with all errors on, and 20,000 wrong array items took it over a second.
 */
export const MAX_JSON_VALUES = 10_000;
/** Request-target length in bytes (path and query); longer gets 414. */
export const MAX_URL_BYTES = 8 * 1024;
/** All request header lines together (Node's parser limit); more gets 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Header lines kept per request (Node drops the rest). */
export const MAX_HEADER_COUNT = 100;
/** Time allowed for the request head / the whole request to arrive; slower clients get 408. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * How often Node looks for requests past their timeout. Its default (30 s) made the 408 arrive
 * 31-36 s into a slow head and 40-50 s into a slow body (serveHandler's own server: 18 s and 48 s),
 * where the limits say 10 s and 30 s.
 */
export const TIMEOUT_CHECK_MS = 1_000;
/**
 * Body bytes one server holds at once across all its connections; a request whose body would
 * pass it gets 503 `busy` (Retry-After: 1) and its connection closed. 400 slow clients each
 * holding 1 MiB took the process from 75 to 479 MiB before this bound (issue 38).
 */
export const MAX_BODY_BYTES_HELD = 64 * 1024 * 1024;
/** Time the handler may take before the front end answers 500 itself. */
export const HANDLER_TIMEOUT_MS = 5_000;

/**
 * Which JSON limit a text breaks, if any, found in one pass outside strings and without
 * parsing (a parser would recurse into the depth it is meant to refuse).
 */
export function jsonLimitBroken(text: string, maxDepth = MAX_JSON_DEPTH, maxValues = MAX_JSON_VALUES): "depth" | "values" | undefined {
  let depth = 0;
  // Values = opening brackets + separators + 1 approximates the count from above for arrays and objects.
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return "depth";
      if (++values > maxValues) return "values";
    } else if (c === 93 || c === 125) depth--;
    else if (c === 44 && ++values > maxValues) return "values";
  }
  return undefined;
}
