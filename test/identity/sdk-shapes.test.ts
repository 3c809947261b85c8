/**
 * Identity requests in the exact shapes the service's own SDKs build them (issue 26, identity
 * items 1-6), sent to the Prism mock of each version; every one must pass without violations:
 * - ibm-cloud-security/appid-serversdk-nodejs lib/strategies/webapp-strategy.js:
 *   generateAuthorizationUrl + redirectForAuthorization (`scope=appid_default ...`, `language`,
 *   the anonymous token, `state`), handleRopFlow (password form with the anonymous token),
 *   handleChangeDetails (`auth.bearer = accessToken + ' ' + identityToken`, code = body),
 *   logoutSSO (query `redirect_uri`, `all_sessions`, `client_id`; the browser may carry no cookie);
 * - lib/token-manager/token-manager.js getTokens through lib/utils/request-util.js: a `form`
 *   sent as JSON (`{grant_type, scope, assertion}`, scope '' when no scope is asked for);
 * - appid-clientsdk-swift Source/IBMCloudAppID/internal/AuthorizationManager.swift
 *   getAuthorizationUrl (`language=<Locale.identifier>` such as en_US; it also sends state, which
 *   the case below leaves out as the SDK's change_password/change_details URLs do) and
 *   RegistrationManager.swift (JSON RFC 7591 metadata with `jwks`, no csr);
 * - appid-clientsdk-android .../internal/tokenmanager/TokenManager.java obtainTokensRoP.
 * The service's `appid_` prefix is the interface document's `authsvc_` (`authsvc_anon`).
 */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { LOGOUT_URI, REDIRECT_URI, SWIFT_REGISTRATION } from "./catalogue.js";
import { CLIENT_ID, CLIENT_SECRET, TENANT_ID, loopback } from "../real-clients/loopback.js";

const JWS = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3YjNlOGYxMiJ9.c2lnbmF0dXJl";
const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
const base = (v: "v3" | "v4") => `${loopback(mockUrl(`identity-${v}`))}/oauth/${v}/${TENANT_ID}`;

async function call(url: string, init: RequestInit & { prefer?: string } = {}) {
  const response = await fetch(url, { redirect: "manual", ...init, headers: { ...(init.prefer ? { Prefer: init.prefer } : {}), ...(init.headers as Record<string, string>) } });
  // X-Mock-Warning names what the document does not declare (what --strict refuses): none of these may carry one.
  return { response, violations: response.headers.get("sl-violations"), ignored: response.headers.get("x-mock-warning"), text: await response.text() };
}

describe.each(["v3", "v4"] as const)("identity-%s: the SDKs' own request shapes", (v) => {
  it("authorization as the Node server SDK builds it (appid_default scope, language, anonymous token, state) is accepted", async () => {
    // encodeURI(endpoint + "?client_id=...&response_type=code&redirect_uri=...&scope=appid_default openid") + "&idp=authsvc_anon" + locale + token + state
    const url = encodeURI(`${base(v)}/authorization?client_id=${CLIENT_ID}&response_type=code&redirect_uri=${REDIRECT_URI}&scope=appid_default openid`) +
      `&idp=authsvc_anon&language=${encodeURIComponent("pt-br")}&authsvc_access_token=${JWS}&state=${encodeURIComponent("8319455")}`;
    const { response, violations, ignored } = await call(url, { prefer: "code=302" });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(302);
  });

  it("the names no client sends (access_token, ui_locales) are undeclared: the mock names them in X-Mock-Warning", async () => {
    const url = `${base(v)}/authorization?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&access_token=${JWS}&ui_locales=en`;
    const { ignored } = await call(url, { prefer: "code=302" });
    expect(ignored).toMatch(/access_token/);
    expect(ignored).toMatch(/ui_locales/);
  });

  it("authorization as the Swift SDK builds it (language=en_US), without state as its change_password/details URLs are, is accepted", async () => {
    const url = `${base(v)}/authorization?response_type=code&client_id=${CLIENT_ID}&redirect_uri=com.example.app://mobile/callback&scope=openid&idp=authsvc_anon&authsvc_access_token=${JWS}&language=en_US`;
    const { response, violations, ignored } = await call(url, { prefer: "code=302" });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(302);
  });

  it("password grant with the anonymous user's token (handleRopFlow, Android obtainTokensRoP) is accepted", async () => {
    const form = new FormData();
    for (const [k, val] of Object.entries({ grant_type: "password", username: "ana.silva@example.com", password: "correct horse", authsvc_access_token: JWS })) form.append(k, val);
    const { response, violations, ignored } = await call(`${base(v)}/token`, { method: "POST", headers: { Authorization: basic }, body: form });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(200);
  });

  it.each([
    ["client_credentials (getApplicationIdentityToken: scope and assertion undefined, dropped by JSON.stringify)", { grant_type: "client_credentials" }],
    ["jwt-bearer (getCustomIdentityTokens with no scopes: scope '')", { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", scope: "", assertion: JWS }],
  ])("TokenManager's JSON token request, %s, is accepted", async (_, body) => {
    const { response, violations, ignored } = await call(`${base(v)}/token`, {
      method: "POST",
      headers: { Authorization: basic, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(200);
  });

  it("generate_code with Bearer <access_token> <id_token> returns the code as the raw body", async () => {
    const { response, violations, ignored, text } = await call(`${base(v)}/cloud_directory/generate_code`, { headers: { Authorization: `Bearer ${JWS} ${JWS}` } });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text).toBe("2b7f4e19c8d3"); // handleChangeDetails passes the body on as `code`
  });

  it("logoutSSO's redirect without an SSO cookie gets the documented 303 with error=missing_sso_code", async () => {
    const query = Object.entries({ redirect_uri: LOGOUT_URI, all_sessions: false, client_id: CLIENT_ID })
      .map(([k, val]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(val))}`)
      .join("&");
    const { response, violations, ignored } = await call(`${base(v)}/cloud_directory/sso/logout?${query}`, { prefer: "code=303" });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect([location.searchParams.get("flow"), location.searchParams.get("error")]).toEqual(["sso_logout", "missing_sso_code"]);
  });
});

describe("identity-v3: client registration as the Swift SDK sends it", () => {
  it("JSON RFC 7591 metadata with jwks and no csr is accepted", async () => {
    const { response, violations, ignored } = await call(`${base("v3")}/clients`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(SWIFT_REGISTRATION),
    });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(200);
  });

  it("a body with neither csr nor jwks is still refused", async () => {
    const { response, violations, ignored } = await call(`${base("v3")}/clients`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "x" }) });
    expect(response.status).toBe(400);
    expect(violations).not.toBeNull();
  });
});
