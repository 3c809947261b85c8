/**
 * CORS on every HTTP form of a mock or emulator (the edge, serveHandler, the proxy), on by
 * default as Prism's CLI has it: a page on another origin (a dev server on localhost:5173) can
 * call it. A preflight is answered 204 with the method and the headers it asks for (a mock then
 * names any header the document does not declare); every answer to a request with an Origin
 * carries `Access-Control-Allow-Origin: *` and exposes its own header names. Never
 * `Access-Control-Allow-Credentials`: no page may make the browser send its cookies to a mock.
 */

/** Header names the fetch standard lets every page read; the rest must be exposed. */
const SAFELISTED = new Set(["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]);
/** A comma-separated list of RFC 9110 tokens, as a preflight may ask for; anything else is not echoed. */
const TOKEN_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export type HeaderGetter = (name: string) => string | null | undefined;

/** The answer to a CORS preflight, or undefined when the request is not one (it then goes to the handler). */
export function preflightAnswer(method: string, header: HeaderGetter): { status: 204; headers: Record<string, string> } | undefined {
  if (method !== "OPTIONS" || !header("origin")) return undefined;
  const asked = header("access-control-request-method");
  if (!asked || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(asked)) return undefined;
  const wanted = header("access-control-request-headers")?.trim() ?? "";
  return {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": asked,
      ...(wanted && TOKEN_LIST.test(wanted) ? { "access-control-allow-headers": wanted } : {}),
      "access-control-max-age": "600",
      vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      "content-length": "0",
    },
  };
}

/** The CORS headers of an answer to a request from a page (one with an Origin); none for other callers. */
export function corsHeaders(origin: string | null | undefined, responseHeaderNames: Iterable<string>): Record<string, string> {
  if (!origin) return {};
  const exposed = [...new Set([...responseHeaderNames].map((n) => n.toLowerCase()))].filter((n) => !SAFELISTED.has(n) && !n.startsWith("access-control-") && n !== "set-cookie");
  return { "access-control-allow-origin": "*", ...(exposed.length ? { "access-control-expose-headers": exposed.join(", ") } : {}) };
}
