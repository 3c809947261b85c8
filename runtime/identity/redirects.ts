/**
 * Where the identity emulators may send a browser (authorization and SSO logout callbacks), by
 * the rules of RFC 6749 §3.1.2, and the redirect itself.
 */
import { empty, type Reply } from "../emulator/app.js";

/** What a client registered about its callbacks (IdentityClient). */
export interface Callbacks {
  /** Registered callback URIs; empty or absent accepts any http(s) URI the rules below allow. */
  redirect_uris?: string[];
}

/** A redirect to `target` with `params` added to its query. */
export function redirectTo(status: 302 | 303, target: string, params: Record<string, string | undefined>): Reply {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return empty(status, { Location: url.toString() });
}

/**
 * Why the emulator may not redirect to a callback, or undefined when it may: RFC 6749 §3.1.2
 * says the redirection endpoint is an absolute URI without a fragment (a `#` the browser would
 * keep past the code), and a URI with user information (`https://user:pw@host/`) is refused as
 * RFC 3986 §7.5 and RFC 9110 §4.2.4 advise. A client that registered callbacks gets only those
 * (§3.1.2.2); one that registered none gets any other http(s) URI (never javascript:, data: and the like).
 */
export function redirectRefusal(client: Callbacks, target: string | undefined): string | undefined {
  if (target === undefined) return "redirect_uri is required";
  if (target.includes("#")) return "redirect_uri must not include a fragment (RFC 6749 §3.1.2)";
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "redirect_uri must be an absolute URI (RFC 6749 §3.1.2)";
  }
  if (url.username !== "" || url.password !== "" || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(target)) return "redirect_uri must not include user information (RFC 3986 §7.5)";
  if (client.redirect_uris?.length) return client.redirect_uris.includes(target) ? undefined : "redirect_uri is not registered for this client";
  return url.protocol === "https:" || url.protocol === "http:" ? undefined : "redirect_uri must be an http or https URI (the client registered none)";
}
