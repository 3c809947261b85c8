/**
 * The mock's explicit limits (documented in runtime/mock/README.md). A request beyond one of
 * them gets an answer in the document's error shape, never a hang or a crash.
 */
/** Request body bytes; more gets 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Nesting of a JSON body (objects and arrays); deeper gets 400 before any parser recurses. */
export const MAX_JSON_DEPTH = 64;
/** Request-target length in bytes (path and query); longer gets 414. */
export const MAX_URL_BYTES = 8 * 1024;
/** All request header lines together (Node's parser limit); more gets 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Header lines kept per request (Node drops the rest). */
export const MAX_HEADER_COUNT = 100;
/** Time allowed for the request head / the whole request to arrive; slower clients get 408. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Time the handler may take before the edge answers 500 itself. */
export const HANDLER_TIMEOUT_MS = 5_000;

/** True when a JSON text nests deeper than `max` (counted outside strings, without parsing). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
