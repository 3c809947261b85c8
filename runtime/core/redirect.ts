/**
 * `redirect: "follow"` done by the client instead of fetch. fetch drops only Authorization
 * when a redirect leaves the origin; X-ApiKey, X-Auth-User-Token, Cookie and any header the
 * caller added would follow. So the client asks fetch for each hop with `redirect: "manual"`,
 * follows hops within the origin of the request (credentials were only ever attached for the
 * configured origin) and refuses a hop to any other origin. Client-level and per-call headers
 * cannot be told apart from credentials, so the refusal holds for every operation.
 */
import { RedirectError } from "./errors.js";

type Send = (url: string, init: RequestInit) => Promise<Response>;

const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** The limit fetch applies (WHATWG Fetch, HTTP-redirect fetch step 5). */
const MAX_REDIRECTS = 20;
/** Request-body-header names fetch removes when a redirect turns the request into a GET. */
const BODY_HEADERS = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

export async function followSameOrigin(send: Send, url: string, init: RequestInit): Promise<Response> {
  let current = new URL(url);
  let hop: RequestInit = { ...init, redirect: "manual" };
  for (let count = 0; ; count++) {
    const response = await send(current.href, hop);
    const location = REDIRECT.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    // Neither the URL nor the Location goes into an error: either may carry a secret.
    if (count === MAX_REDIRECTS) throw new RedirectError("too many redirects (the limit is 20, as fetch's)");
    const next = URL.canParse(location, current) ? new URL(location, current) : undefined;
    if (!next) throw new RedirectError("redirect Location is not a URL");
    if (next.origin !== current.origin) {
      throw new RedirectError("redirect to another origin refused: credentials are only sent to the configured service origin");
    }
    await response.body?.cancel();
    // openapi-fetch always sets an upper-case method.
    const { method } = hop;
    if ((response.status === 303 && method !== "HEAD") || ((response.status === 301 || response.status === 302) && method === "POST")) {
      const headers = new Headers(hop.headers);
      for (const name of BODY_HEADERS) headers.delete(name);
      hop = { ...hop, method: "GET", body: undefined, headers };
    }
    current = next;
  }
}
