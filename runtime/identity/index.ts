export { parseAuthorizationCallback, parseSsoLogoutCallback, type AuthorizationCallback, type CallbackOptions } from "./callback.js";
export {
  AuthorizationRedirectError,
  SsoLogoutRedirectError,
  TokenVerificationError,
  type AuthorizationErrorCode,
  type SsoLogoutErrorCode,
} from "./errors.js";
export { createPkcePair, pkceAuthorizationParams, s256Challenge, type PkcePair } from "./pkce.js";
export { AUTHORIZATION_ERROR_CODES, SSO_LOGOUT_ERROR_CODES, type IdentityVersion } from "./rules.js";
export { clientKeys, localKeys, remoteKeys, verifyToken, type KeySource, type VerifyOptions } from "./tokens.js";
export { generateTemporaryCode, temporaryCodeAuthorization, type UserTokens } from "./temporary-code.js";
export { authorizationUrl, publicKeysUrl, ssoLogoutUrl, type AuthorizationParams, type IdentityTarget, type SsoLogoutParams } from "./urls.js";
