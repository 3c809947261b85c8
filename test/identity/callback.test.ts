import { describe, expect, it } from "vitest";
import { thrown } from "../harness/thrown.js";
import { createIdentityV3Client } from "cloud-interfaces/identity-v3";
import { createIdentityV4Client } from "cloud-interfaces/identity-v4";
import { InputError } from "cloud-interfaces/core";
import { parseAuthorizationCallback, parseSsoLogoutCallback } from "cloud-interfaces/identity-v4";
import { AuthorizationRedirectError, SsoLogoutRedirectError } from "cloud-interfaces/identity-v4";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { resolve } from "../harness/responses.js";
import { validateAt } from "../harness/validator.js";
import { identityCatalogue, LOGOUT_URI, REDIRECT_URI } from "./catalogue.js";

const expectedState = "af0ifjsldkj";

describe("parseAuthorizationCallback", () => {
  it("returns code and state of a success redirect", () => {
    expect(parseAuthorizationCallback(`${REDIRECT_URI}?code=abc&state=${expectedState}`, { expectedState, redirectUri: REDIRECT_URI })).toEqual({
      code: "abc",
      state: expectedState,
    });
  });

  it("throws the documented error code of an error redirect", () => {
    const error = thrown(() =>
      parseAuthorizationCallback(`${REDIRECT_URI}?error=access_denied&error_description=User%20said%20no&state=${expectedState}`, { expectedState }),
    );
    expect(error).toBeInstanceOf(AuthorizationRedirectError);
    expect(error).toMatchObject({ error: "access_denied", description: "User said no", message: "authorization failed: access_denied" });
  });

  it.each([
    ["a different state", `${REDIRECT_URI}?code=abc&state=forged`, "state", "mismatch"],
    ["no state", `${REDIRECT_URI}?code=abc`, "state", "required"],
    ["a forged error with a different state", `${REDIRECT_URI}?error=access_denied&state=forged`, "state", "mismatch"],
    ["an error outside the documented enum", `${REDIRECT_URI}?error=login_required&state=${expectedState}`, "error", "enum"],
    ["neither code nor error", `${REDIRECT_URI}?state=${expectedState}`, "code", "required"],
    ["an empty code", `${REDIRECT_URI}?code=&state=${expectedState}`, "code", "required"],
    ["a relative URL", `/callback?code=abc&state=${expectedState}`, "url", "format"],
    ["another redirect_uri", `https://evil.example.com/callback?code=abc&state=${expectedState}`, "redirect_uri", "mismatch"],
  ])("rejects %s with an InputError", (_, url, field, rule) => {
    const error = thrown(() => parseAuthorizationCallback(url, { expectedState, redirectUri: REDIRECT_URI }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field, rule });
    // Neither the one-time code nor the state may reach a log line.
    expect((error as Error).message).not.toMatch(/abc|forged|af0ifjsldkj/);
  });

  it("requires the expected state", () => {
    expect(thrown(() => parseAuthorizationCallback(`${REDIRECT_URI}?code=abc&state=x`, { expectedState: "" }))).toMatchObject({
      field: "expectedState",
      rule: "required",
    });
  });
});

describe("parseSsoLogoutCallback", () => {
  it("accepts the success redirect", () => {
    expect(() => parseSsoLogoutCallback(LOGOUT_URI, { redirectUri: LOGOUT_URI })).not.toThrow();
  });

  it("throws the documented error of a failure redirect", () => {
    const error = thrown(() => parseSsoLogoutCallback(`${LOGOUT_URI}?flow=sso_logout&error=unauthorized_client`));
    expect(error).toBeInstanceOf(SsoLogoutRedirectError);
    expect(error).toMatchObject({ error: "unauthorized_client" });
  });

  it.each([
    ["error without flow=sso_logout", `${LOGOUT_URI}?error=server_error`, "flow", "const"],
    ["an error outside the documented enum", `${LOGOUT_URI}?flow=sso_logout&error=access_denied`, "error", "enum"],
  ])("rejects %s", (_, url, field, rule) => {
    expect(thrown(() => parseSsoLogoutCallback(url))).toMatchObject({ field, rule });
  });
});

/** The documented Location examples must carry exactly what the interface document says they carry. */
describe.each(["v3", "v4"] as const)("identity-%s Location examples", (v) => {
  const doc = bundledDocument(`identity-${v}`);
  const responses = doc.paths[`/oauth/${v}/{tenantId}/authorization`].get.responses;
  const logout = doc.paths[`/oauth/${v}/{tenantId}/cloud_directory/sso/logout`].get.responses;
  const location = (response: any) => {
    const header = (response.$ref ? resolve(doc, response.$ref) : response).headers.Location;
    const [name, example] = Object.entries<any>(header.examples)[0]!;
    return { name, url: new URL(example.value), pattern: new RegExp(header.schema.pattern ?? ".*") };
  };
  const query = (url: URL) => Object.fromEntries(url.searchParams);

  it("302 carries code and state, valid as AuthorizationCallbackSuccess and readable by the helper", () => {
    const { url, pattern } = location(responses["302"]);
    expect(pattern.test(url.href)).toBe(true);
    expect(validateAt(`identity-${v}`, "#/components/schemas/AuthorizationCallbackSuccess", query(url))).toEqual([]);
    expect(Object.keys(query(url)).sort()).toEqual(["code", "state"]);
    expect(parseAuthorizationCallback(url, { expectedState })).toEqual({ code: url.searchParams.get("code"), state: expectedState });
  });

  it("303 carries a documented error and state, valid as AuthorizationCallbackError", () => {
    const { url, pattern } = location(responses["303"]);
    expect(pattern.test(url.href)).toBe(true);
    expect(validateAt(`identity-${v}`, "#/components/schemas/AuthorizationCallbackError", query(url))).toEqual([]);
    expect(Object.keys(query(url)).sort()).toEqual(["error", "state"]);
    expect(thrown(() => parseAuthorizationCallback(url, { expectedState }))).toBeInstanceOf(AuthorizationRedirectError);
  });

  it("SSO logout 303 carries flow=sso_logout and a documented error; 302 carries neither", () => {
    const failed = location(logout["303"]);
    expect(failed.pattern.test(failed.url.href)).toBe(true);
    expect(validateAt(`identity-${v}`, "#/components/schemas/SsoLogoutCallbackError", query(failed.url))).toEqual([]);
    expect(thrown(() => parseSsoLogoutCallback(failed.url))).toBeInstanceOf(SsoLogoutRedirectError);
    expect(() => parseSsoLogoutCallback(location(logout["302"]).url)).not.toThrow();
  });

  it("the mock's redirects parse the same way through the generated client", async () => {
    const catalogue = identityCatalogue(v);
    const create = v === "v3" ? createIdentityV3Client : createIdentityV4Client;
    const client = create({ baseUrl: mockUrl(`identity-${v}`), ...(catalogue.client as object) }) as any;
    const authorize = catalogue.cases.find((c) => c.operation.startsWith("GET") && c.status === 302 && c.operation.endsWith("/authorization"))!;
    const granted = await client.GET(`/oauth/${v}/{tenantId}/authorization`, { params: authorize.request!.params, headers: { Prefer: "code=302" } });
    expect(granted.response.status).toBe(302);
    expect(parseAuthorizationCallback(granted.response.headers.get("location")!, { expectedState, redirectUri: REDIRECT_URI }).code).toBeTruthy();
    const denied = await client.GET(`/oauth/${v}/{tenantId}/authorization`, { params: authorize.request!.params, headers: { Prefer: "code=303" } });
    expect(denied.response.status).toBe(303);
    expect(thrown(() => parseAuthorizationCallback(denied.response.headers.get("location")!, { expectedState }))).toMatchObject({ error: "access_denied" });
  });
});
