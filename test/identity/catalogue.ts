/**
 * The response cases of interface document 1 (identity, versions 3 and 4), written from the
 * document's sections 4.1-4.11, 7 and 8. Both versions share every case except those §9 names
 * as differences, so one table serves both catalogues (test/cases/identity-v3.ts, -v4.ts).
 */
import type { CaseCatalogue, DocumentedCase, OperationOf } from "../harness/case-types.js";

export type IdentityVersion = "v3" | "v4";

export const TENANT_ID = "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41";
export const CLIENT_ID = "c0f8e2a4-5b7d-4e19-9a36-2f4d8b1c7e05";
export const REDIRECT_URI = "https://app.example.com/callback";
export const LOGOUT_URI = "https://app.example.com/logout/callback";
/** RFC 7636 Appendix B: a verifier and its S256 challenge. */
export const PKCE = {
  verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
} as const;
const JWS = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3YjNlOGYxMiJ9.c2lnbmF0dXJl";
const CSR = [
  "-----BEGIN CERTIFICATE REQUEST-----",
  "MIHSMHoCAQAwGDEWMBQGA1UEAwwNbW9iaWxlLWNsaWVudDBZMBMGByqGSM49AgEG",
  "CCqGSM49AwEHA0IABNFazwKqb5/bU8hJuiBS0Cp8/29EpJn+OZiB1Fh63IIZwHln",
  "gAjA0ToDW4GbMYLq4FPRPzP1TMMYC+O0J2yxK02gADAKBggqhkjOPQQDAgNIADBF",
  "AiEA3tWyDwKxxT0AIFMR1cwDkyYjHKICDvw5OSNZhfGRNKsCIDtARSsfbG4eTfbk",
  "yPkwMp7egojiwQoyb3gHO5zcx1AU",
  "-----END CERTIFICATE REQUEST-----",
  "",
].join("\n");

const FORM = "application/x-www-form-urlencoded";
/** The registration body of appid-clientsdk-swift Source/IBMCloudAppID/internal/RegistrationManager.swift createRegistrationParams. */
export const SWIFT_REGISTRATION = {
  redirect_uris: ["com.example.app://mobile/callback"],
  token_endpoint_auth_method: "client_secret_basic",
  response_types: ["code"],
  grant_types: ["authorization_code", "password"],
  client_name: "Example",
  software_id: "com.example.app",
  software_version: "1.0",
  device_id: "6E3B5B9C-1D2A-4C3B-9E8F-0A1B2C3D4E5F",
  device_model: "iPhone",
  device_os: "iOS",
  device_os_version: "17.0",
  client_type: "mobileapp",
  jwks: { keys: [{ kty: "RSA", e: "AQAB", n: "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw" }] },
};
const TOO_FAST = "§8 limits / §7 429: requests arrive too quickly";
/** §7's general codes, documented where §4 omits them but the condition can occur (x-assumed in the documents). */
const GENERAL_500 = "§7 general codes: 500 internal error of the service";

type Request = DocumentedCase["request"];

type IdentityService = `identity-${IdentityVersion}`;

export function identityCatalogue(v: IdentityVersion): CaseCatalogue<IdentityService> {
  const p = `/oauth/${v}/{tenantId}` as const;
  const cases: DocumentedCase<IdentityService>[] = [];
  /** Adds the cases of one operation; a case is [source, status, example?, request override?]. */
  const op = (operation: OperationOf<IdentityService>, request: Request, list: readonly (readonly [string, number, string?, Request?])[]) => {
    for (const [source, status, example, override] of list) {
      cases.push({ source, operation, status, ...(example ? { example } : {}), request: override ?? request });
    }
  };

  for (const method of ["GET", "POST"] as const) {
    const json = method === "POST" ? { body: {} } : undefined;
    op(`${method} ${p}/userinfo`, json, [
      ["§4.1 user info: user information for the authenticated user", 200, "userInfo"],
      ...(method === "POST"
        ? ([["§4.1 user info: the request header carries application/x-www-form-urlencoded", 200, "userInfo", { body: {}, contentType: FORM }]] as const)
        : []),
      ["§4.1 user info: bad request", 400, "invalidRequest"],
      ["§4.1 user info: expired, revoked or malformed access token", 401, "invalidToken"],
      ["§4.1 user info: insufficient scope", 403, "insufficientScope"],
      [TOO_FAST, 429, "tooManyRequests"],
      ["§4.1 user info: internal server error", 500, "serverError"],
    ]);
  }

  const activity = { eventName: "profile_viewed", id_token: JWS };
  op(`POST ${p}/activity_logging`, { body: activity }, [
    ["§4.2 log user activity: activity logged (application/json)", 201],
    ["§4.2 log user activity: activity logged (application/x-www-form-urlencoded)", 201, undefined, { body: activity, contentType: FORM }],
    ["§4.2 log user activity: bad request", 400, "invalidRequest"],
    ["§4.2 log user activity: expired, revoked or malformed access token", 401, "invalidToken"],
    ["§4.2 log user activity: insufficient scope", 403, "insufficientScope"],
    [TOO_FAST, 429, "tooManyRequests"],
    [GENERAL_500, 500, "serverError"],
  ]);

  // Operations only version 3 has: the path is written with the narrowed version, so tsc checks it against v3 alone.
  if (v === "v3") {
    op(`POST /oauth/${v}/{tenantId}/clients`, { body: { csr: CSR } }, [
      ["§4.3 register client (v3): OK, with the registered client the SDKs read (x-assumed body)", 200, "registered"],
      ["§4.3 register client (v3): OK, form parameter carrying the CSR", 200, "registered", { body: { csr: CSR }, contentType: FORM }],
      ["§4.3 register client (v3): OK, RFC 7591 metadata with jwks and no csr (the Swift client SDK's body, x-assumed)", 200, "registered", { body: SWIFT_REGISTRATION }],
      ["§4.3 register client (v3): OK, a CSR with the NEW CERTIFICATE REQUEST label (keytool, certreq; x-assumed)", 200, "registered", { body: { csr: CSR.replaceAll("CERTIFICATE REQUEST", "NEW CERTIFICATE REQUEST") } }],
      ["§7 general codes: 400 bad request, often a missing required parameter (§4.3 lists only OK)", 400, "invalidRequest"],
      [TOO_FAST, 429, "tooManyRequests"],
      [GENERAL_500, 500, "serverError"],
    ]);
  }

  const authorize = {
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: "openid",
    state: "af0ifjsldkj",
    nonce: "n-0S6_WzA2Mj",
    ...(v === "v4" ? { code_challenge: PKCE.challenge, code_challenge_method: "S256" } : {}),
  };
  op(`GET ${p}/authorization`, { params: { query: authorize } }, [
    ["§4.4 authorization behaviour 1: response_type sign_up returns the sign-up HTML form", 200, "signUpForm", { params: { query: { ...authorize, response_type: "sign_up" } } }],
    ["§4.4 identity provider: when empty, the login widget listing all enabled providers is returned", 200, "loginWidget", { params: { query: { ...authorize, idp: "" } } }],
    ["§4.4 authorization behaviour 2: the user is not authenticated, redirect to the authorization UI (x-assumed 307)", 307, "authorizationUi"],
    ["§4.4 authorization behaviour 2: after success, redirect to the callback URI with code and state", 302, "authorizationGranted"],
    ["§4.4 anonymous login as the Swift SDK builds it: idp authsvc_anon, authsvc_access_token, language en_US, no state (x-assumed names)", 302, "authorizationGranted",
      { params: { query: { response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: "openid", idp: "authsvc_anon", authsvc_access_token: JWS, language: "en_US" } } }],
    ["§4.4 authorization behaviour 3: redirect to the callback URI with error and state", 303, "authorizationDenied"],
    ["§4.4 authorization behaviour 4: redirection URI or client identifier missing/invalid, error returned directly", 400, "invalidClientOrRedirectUri"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.4 authorization behaviour 5: internal server error", 500, "serverError"],
  ]);

  const codeGrant = {
    grant_type: "authorization_code",
    code: "SplxlOBeZQQYbYS6WxSbIA",
    redirect_uri: REDIRECT_URI,
    ...(v === "v4" ? { code_verifier: PKCE.verifier } : {}),
  };
  const grant = (body: Record<string, string>): Request => ({ body, params: { query: { nonce: "n-0S6_WzA2Mj" } } });
  op(`POST ${p}/token`, grant(codeGrant), [
    ["§4.5 token: token response (§2.2), authorization_code grant", 200, "tokens"],
    ["§4.5 token: token response, client_credentials grant (no end user: no identity token)", 200, "clientCredentialsTokens",
      grant({ grant_type: "client_credentials", ...(v === "v4" ? { audience: "5e9c1d7a-2b4f-4a8e-b3c6-0f1d2e3a4b5c" } : {}) })],
    ["§4.5 token: token response, password grant", 200, "tokens", grant({ grant_type: "password", username: "ana.silva@example.com", password: "correct horse", scope: "openid profile" })],
    ["§4.5 token: token response, refresh_token grant (§2.2 identity token included: the SDKs require it; x-required-when)", 200, "refreshedTokens", grant({ grant_type: "refresh_token", refresh_token: "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69" })],
    ["§4.5 token: token response, jwt-bearer grant with an identity-provider assertion (§2.4)", 200, "tokens",
      grant({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: JWS, scope: "openid" })],
    ["§4.5 token: client_credentials as JSON (the server SDK's TokenManager; x-assumed)", 200, "clientCredentialsTokens",
      { ...grant({ grant_type: "client_credentials" }), contentType: "application/json" }],
    ["§4.5 token: jwt-bearer as JSON with an empty scope (the server SDK's TokenManager; x-assumed)", 200, "tokens",
      { ...grant({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", scope: "", assertion: JWS }), contentType: "application/json" }],
    ["§4.5 token: password grant carrying the anonymous user's authsvc_access_token (x-assumed name)", 200, "tokens",
      grant({ grant_type: "password", username: "ana.silva@example.com", password: "correct horse", authsvc_access_token: JWS })],
    ["§4.5 token: bad request for missing, invalid or mismatching parameters", 400, "invalidRequest"],
    ["§5/§7 general codes: 401 client id and secret (Basic) rejected at the token endpoint", 401, "invalid_client"],
    ["§7 token: 403 for a user who may not sign in yet, body error_code/error_description as the SDKs read it (x-assumed)", 403, "pendingUserVerification",
      grant({ grant_type: "password", username: "ana.silva@example.com", password: "correct horse" })],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.5 token: internal server error", 500, "serverError"],
  ]);

  op(`POST ${p}/revoke`, { body: { token: "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69", token_type_hint: "refresh_token" } }, [
    ["§4.6 revoke: success", 200],
    ["§4.6 revoke: bad request (missing, invalid or mismatching parameters)", 400, "invalidRequest"],
    ["§4.6 revoke: invalid client_id or client_secret (example named invalid_client)", 401, "invalid_client"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.6 revoke: internal server error", 500, "serverError"],
  ]);

  op(`OPTIONS ${p}/introspect`, undefined, [
    ["§4.7 introspect preflight: OPTIONS returns success", 200],
    [TOO_FAST, 429, "tooManyRequests"],
    [GENERAL_500, 500, "serverError"],
  ]);
  op(`POST ${p}/introspect`, { body: { token: JWS } }, [
    ["§4.7 introspect: JSON object for a valid token", 200, "activeToken"],
    ["§4.7 introspect: JSON object for an expired token", 200, "expiredToken"],
    ["§4.7 introspect: bad request for missing, invalid or mismatching parameters", 400, "invalidRequest"],
    ["§4.7 introspect: invalid client id, client secret, username or password", 401, "invalid_client"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.7 introspect: internal server error", 500, "serverError"],
  ]);

  op(`GET ${p}/publickeys`, undefined, [
    ["§4.8 public keys: keys returned", 200, "publicKeys"],
    ["§4.8 public keys: tenantId missing or invalid (first of two response entries)", 400, "invalidTenantId"],
    ["§4.8 public keys: tenantId missing or invalid (second of two response entries)", 404, "tenantNotFound"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.8 public keys: internal server error", 500, "serverError"],
  ]);

  op(`GET ${p}/cloud_directory/generate_code`, undefined, [
    ["§4.9 generate temporary code: code returned (valid for 15 seconds)", 200, "temporaryCode"],
    ["§4.9 generate temporary code: missing or invalid parameters", 400, "invalidRequest"],
    ["§4.9 generate temporary code: invalid username or password", 401, "invalidCredentials"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.9 generate temporary code: internal server error", 500, "serverError"],
  ]);

  if (v === "v3") {
    op(`GET /oauth/${v}/{tenantId}/.well-known/openid-configuration`, undefined, [
      ["§4.10 discovery (v3): OIDC document returned", 200, "openIdConfiguration"],
      ["§4.10 discovery (v3): OIDC document returned, issuer a bare host name as the vendor's version 3 example gave it (issue 47)", 200, "hostNameIssuer"],
      ["§4.10 discovery (v3): missing or invalid tenantId", 400, "invalidTenantId"],
      [TOO_FAST, 429, "tooManyRequests"],
      ["§4.10 discovery (v3): internal server error", 500, "serverError"],
    ]);
  }

  op(`GET ${p}/cloud_directory/sso/logout`, { params: { query: { client_id: CLIENT_ID, redirect_uri: LOGOUT_URI } } }, [
    ["§4.11 SSO logout: on success an HTTP redirect", 302, "loggedOut"],
    ["§4.11 SSO logout: on failure (here no SSO cookie) a redirect to the callback URI with flow=sso_logout and error=missing_sso_code", 303, "logoutFailed"],
    ["§4.11 SSO logout: missing or invalid parameters", 400, "invalidRequest"],
    [TOO_FAST, 429, "tooManyRequests"],
    ["§4.11 SSO logout: internal server error", 500, "serverError"],
  ]);

  return {
    service: `identity-${v}`,
    client: {
      // Test values only. Prism rejects a Basic password containing ':'.
      credentials: {
        basicAuth: { username: CLIENT_ID, password: "test-client-secret" },
        bearerAuth: JWS,
      },
      bind: { tenantId: TENANT_ID },
    },
    cases,
  };
}
