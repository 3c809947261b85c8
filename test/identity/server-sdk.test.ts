/**
 * Token requests shaped as the identity service's own Node server SDK sends them
 * (ibm-cloud-security/appid-serversdk-nodejs, lib/strategies/webapp-strategy.js `retrieveTokens`:
 * `request({ method: "POST", url: tokenEndpoint, auth: { username: clientId, password: secret },
 * formData })`, which lib/utils/request-util.js turns into a `form-data` multipart body;
 * `getTokens` puts `client_id` in that form next to the Basic credentials). Issue 14 items 1-2.
 */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";
import { REDIRECT_URI } from "./catalogue.js";
import { CLIENT_ID, CLIENT_SECRET, TENANT_ID, loopback } from "../real-clients/loopback.js";

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

async function post(v: "v3" | "v4", path: string, form: FormData) {
  const response = await fetch(`${loopback(mockUrl(`identity-${v}`))}/oauth/${v}/${TENANT_ID}${path}`, {
    method: "POST",
    headers: { Authorization: basic },
    body: form, // fetch sets multipart/form-data with its boundary, as form-data does
  });
  return { response, violations: response.headers.get("sl-violations"), body: await response.json() };
}

describe.each(["v3", "v4"] as const)("identity-%s: the server SDK's multipart form requests", (v) => {
  it.each([
    ["authorization_code (getTokens: client_id in the form as well)", { client_id: CLIENT_ID, grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code: "SplxlOBeZQQYbYS6WxSbIA" }],
    ["password (handleRopFlow)", { grant_type: "password", username: "ana.silva@example.com", password: "correct horse", scope: "openid" }],
    ["refresh_token (refreshTokens)", { grant_type: "refresh_token", refresh_token: "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69" }],
  ])("token, %s: accepted, tokens returned", async (_, fields) => {
    const { response, violations, body } = await post(v, "/token", multipart(fields));
    expect(violations).toBeNull();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", access_token: expect.any(String) });
  });

  it("introspect with the same multipart form encoder: accepted", async () => {
    const { response, violations, body } = await post(v, "/introspect", multipart({ token: "some-access-token" }));
    expect(violations).toBeNull();
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ active: true });
  });

  it("a multipart form still has its fields validated (a bad grant_type is a 400)", async () => {
    const { response, violations } = await post(v, "/token", multipart({ grant_type: "implicit" }));
    expect(response.status).toBe(400);
    expect(violations).toMatch(/grant_type/);
  });
});

/**
 * The server SDK's discovery read (lib/utils/token-util.js updateWellKnownIssuer, lines 88-116:
 * a GET of `/.well-known/openid-configuration` with `json: true`, keeping `body.issuer` as it
 * is) against the vendor's version 3 example, whose issuer is the host name
 * `appid-oauth.ng.bluemix.net` (ibm-cloud-docs/appid well-known.md before e951ef8, line 95);
 * checkIss (lines 162-177) compares a version 3 token's `iss` with it unchanged. Issue 47.
 */
describe("identity-v3: the server SDK's discovery read of a host-name issuer", () => {
  const path = `/oauth/v3/${TENANT_ID}/.well-known/openid-configuration`;
  const pointer = "#/paths/~1oauth~1v3~1{tenantId}~1.well-known~1openid-configuration/get/responses/200/content/application~1json/schema";

  it("the documented answer with issuer appid-oauth.ng.bluemix.net conforms, and the issuer is read as given", async () => {
    const response = await fetch(`${loopback(mockUrl("identity-v3"))}${path}`, { headers: { Accept: "application/json", Prefer: "code=200, example=hostNameIssuer" } });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.issuer).toBe("appid-oauth.ng.bluemix.net");
    expect(validateAt("identity-v3", pointer, body)).toEqual([]);
  });

  it("an issuer that is neither a URL nor a host name is still refused", () => {
    const body = { issuer: "not a host/", authorization_endpoint: "https://h/a", token_endpoint: "https://h/t", jwks_uri: "https://h/k", response_types_supported: ["code"], subject_types_supported: ["public"], id_token_signing_alg_values_supported: ["RS256"] };
    expect(validateAt("identity-v3", pointer, body)).not.toEqual([]);
    expect(validateAt("identity-v3", pointer, { ...body, issuer: "appid-oauth.ng.bluemix.net" })).toEqual([]);
  });
});
