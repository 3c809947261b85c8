import { CloudInterfacesError } from "../core/base-error.js";
import type { components as V4 } from "../../generated/identity-v4/types.js";

export type AuthorizationErrorCode = V4["schemas"]["AuthorizationErrorCode"];
export type SsoLogoutErrorCode = V4["schemas"]["SsoLogoutErrorCode"];

/**
 * The authorization endpoint redirected back with `error` (authentication failed or the user
 * denied access). Only the documented error code is in the message: the description comes from
 * the redirect and is kept as a property, not interpolated into logs.
 */
export class AuthorizationRedirectError extends CloudInterfacesError {
  override readonly name = "AuthorizationRedirectError";
  constructor(
    readonly error: AuthorizationErrorCode,
    readonly description?: string,
  ) {
    super(`authorization failed: ${error}`);
  }
}

/** SSO logout redirected back with `flow=sso_logout` and `error`. */
export class SsoLogoutRedirectError extends CloudInterfacesError {
  override readonly name = "SsoLogoutRedirectError";
  constructor(readonly error: SsoLogoutErrorCode) {
    super(`SSO logout failed: ${error}`);
  }
}

/**
 * A token failed verification. `code` is the JWT library's error code (for example
 * ERR_JWT_EXPIRED, ERR_JWS_SIGNATURE_VERIFICATION_FAILED); neither the token nor its claims are
 * in the message.
 */
export class TokenVerificationError extends CloudInterfacesError {
  override readonly name = "TokenVerificationError";
  constructor(
    readonly code: string,
    readonly claim?: string,
  ) {
    super(`token verification failed: ${code}${claim ? ` (claim ${claim})` : ""}`);
  }
}
