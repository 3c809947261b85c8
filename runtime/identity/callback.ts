/**
 * Reads the redirects the identity service sends the browser back with: the authorization
 * callback (`code` and `state`, or `error` and `state`) and the SSO-logout callback (`flow` and
 * `error` on failure). The state check is what makes the code grant CSRF-safe (RFC 6749 §10.12).
 */
import { InputError } from "../core/errors.js";
import { AuthorizationRedirectError, SsoLogoutRedirectError, type AuthorizationErrorCode, type SsoLogoutErrorCode } from "./errors.js";
import { checkAbsoluteUrl, checkSchema } from "./rules.js";

/** `AuthorizationCallbackSuccess` of the documents, with `state` checked against the one sent. */
export interface AuthorizationCallback {
  code: string;
  state: string;
}

export interface CallbackOptions {
  /** The `state` sent with the authorization request; the callback must carry the same value. */
  expectedState: string;
  /** The `redirect_uri` of the request; when given, the callback must be addressed to it. */
  redirectUri?: string;
}

function toUrl(url: string | URL): URL {
  return url instanceof URL ? url : checkAbsoluteUrl("url", url);
}

function checkAddressedTo(url: URL, redirectUri: string | undefined): void {
  if (redirectUri === undefined) return;
  const expected = checkAbsoluteUrl("redirectUri", redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
    throw new InputError("redirect_uri", "mismatch", "the callback is not addressed to the expected redirect_uri");
  }
}

/**
 * `{ code, state }` of a successful authorization redirect. Throws AuthorizationRedirectError
 * for a documented error redirect, and InputError when the state differs from the expected one
 * (checked first, so a forged error cannot pass either) or the URL carries neither outcome.
 */
export function parseAuthorizationCallback(url: string | URL, options: CallbackOptions): AuthorizationCallback {
  if (typeof options.expectedState !== "string" || options.expectedState.length === 0) {
    throw new InputError("expectedState", "required", "the state sent with the request is needed to check the callback");
  }
  const parsed = toUrl(url);
  checkAddressedTo(parsed, options.redirectUri);
  const query = parsed.searchParams;
  const state = query.get("state");
  // Values are never echoed: state and code are one-time secrets of this login.
  if (state === null) throw new InputError("state", "required", "the callback carries no state");
  if (state !== options.expectedState) throw new InputError("state", "mismatch", "the callback state differs from the one sent");
  const error = query.get("error");
  if (error !== null) {
    // The document's `AuthorizationCallbackError`: only a documented error code is believed.
    checkSchema("v4", "AuthorizationCallbackError", { error });
    throw new AuthorizationRedirectError(error as AuthorizationErrorCode, query.get("error_description") ?? undefined);
  }
  const code = query.get("code");
  if (code === null || code.length === 0) throw new InputError("code", "required", "the callback carries neither code nor error");
  return { code, state };
}

/**
 * Checks the redirect back from SSO logout: returns normally for a successful logout and throws
 * SsoLogoutRedirectError when it carries `flow=sso_logout` and a documented `error`.
 */
export function parseSsoLogoutCallback(url: string | URL, options: { redirectUri?: string } = {}): void {
  const parsed = toUrl(url);
  checkAddressedTo(parsed, options.redirectUri);
  const error = parsed.searchParams.get("error");
  if (error === null) return;
  // The document's `SsoLogoutCallbackError`; an absent flow (null) breaks its const like a wrong one.
  checkSchema("v4", "SsoLogoutCallbackError", { flow: parsed.searchParams.get("flow"), error });
  throw new SsoLogoutRedirectError(error as SsoLogoutErrorCode);
}
