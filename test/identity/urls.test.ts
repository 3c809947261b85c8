import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { authorizationUrl, publicKeysUrl, ssoLogoutUrl, type AuthorizationParams } from "cloud-interfaces/identity-v4";
import { mockUrl } from "../harness/mocks.js";
import { CLIENT_ID, LOGOUT_URI, PKCE, REDIRECT_URI, TENANT_ID } from "./catalogue.js";

// The documents' hosts are placeholders (x-placeholder): every URL names its base URL.
const BASE = "https://us-south.identity.example.com";
const target = { tenantId: TENANT_ID, baseUrl: BASE };
const code: AuthorizationParams<"v3"> = { response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: "openid", state: "xyz" };

function inputError(fn: () => unknown): { field: string; rule: string; message: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const e = error as InputError;
    return { field: e.field, rule: e.rule, message: e.message };
  }
  throw new Error("expected an InputError");
}

describe("authorizationUrl", () => {
  it("addresses the base URL, version and tenant, with the query percent-encoded", () => {
    const url = authorizationUrl("v3", { ...target, baseUrl: "https://id.test/" }, { ...code, state: "a b&c=d" });
    expect(url.origin).toBe("https://id.test");
    expect(url.pathname).toBe(`/oauth/v3/${TENANT_ID}/authorization`);
    expect(url.searchParams.get("state")).toBe("a b&c=d");
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect([...url.searchParams.keys()]).toEqual(["response_type", "client_id", "redirect_uri", "scope", "state"]);
  });

  it("refuses the documents' placeholder host when no baseUrl is given (a region alone names none), and honours baseUrl", () => {
    for (const region of [undefined, "eu-de"] as const) {
      expect(inputError(() => authorizationUrl("v4", { tenantId: TENANT_ID, ...(region ? { region } : {}) }, code))).toMatchObject({ field: "baseUrl", rule: "required" });
    }
    expect(authorizationUrl("v4", target, code).origin).toBe(BASE);
    expect(authorizationUrl("v4", { ...target, baseUrl: "http://127.0.0.1:9/" }, code).href.startsWith(`http://127.0.0.1:9/oauth/v4/${TENANT_ID}/authorization?`)).toBe(true);
  });

  it("encodes a tenant id that is not a plain segment", () => {
    expect(authorizationUrl("v4", { ...target, tenantId: "a/b?c" }, code).pathname).toBe("/oauth/v4/a%2Fb%3Fc/authorization");
  });

  it("adds the version 4 PKCE parameters", () => {
    const url = authorizationUrl("v4", target, { ...code, code_challenge: PKCE.challenge, code_challenge_method: "S256" });
    expect(url.searchParams.get("code_challenge")).toBe(PKCE.challenge);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  });

  const rejected: [string, () => unknown, string, string][] = [
    ["unknown version", () => authorizationUrl("v5" as "v4", target, code), "version", "enum"],
    ["empty tenant id", () => authorizationUrl("v4", { tenantId: "" }, code), "tenantId", "minLength"],
    ["Sao Paulo is v3 only", () => authorizationUrl("v4", { tenantId: TENANT_ID, region: "br-sao" as "us-south" }, code), "region", "enum"],
    ["relative baseUrl", () => authorizationUrl("v4", { ...target, baseUrl: "/oauth" }, code), "baseUrl", "format"],
    ["response_type outside the enum", () => authorizationUrl("v4", target, { ...code, response_type: "token" as "code" }), "response_type", "enum"],
    ["missing client_id", () => authorizationUrl("v4", target, { ...code, client_id: undefined as unknown as string }), "client_id", "required"],
    ["empty client_id", () => authorizationUrl("v4", target, { ...code, client_id: "" }), "client_id", "minLength"],
    ["relative redirect_uri", () => authorizationUrl("v4", target, { ...code, redirect_uri: "/callback" }), "redirect_uri", "format"],
    ["idp outside the enum", () => authorizationUrl("v3", target, { ...code, idp: "github" as "saml" }), "idp", "enum"],
    ["scope with a leading space", () => authorizationUrl("v3", target, { ...code, scope: " openid" }), "scope", "pattern"],
    ["language not an RFC 5646 tag", () => authorizationUrl("v3", target, { ...code, language: "en US!" }), "language", "pattern"],
    ["ui_locales, a name no client of the service sends", () => authorizationUrl("v3", target, { ...code, ui_locales: "en" } as never), "ui_locales", "unknown"],
    ["access_token, a name no client of the service sends", () => authorizationUrl("v4", target, { ...code, access_token: "t" } as never), "access_token", "unknown"],
    ["change_password without user_id", () => authorizationUrl("v3", target, { ...code, response_type: "change_password" } as never), "user_id", "requiredWhen"],
    ["change_details without the temporary code", () => authorizationUrl("v4", target, { ...code, response_type: "change_details" } as never), "code", "requiredWhen"],
    ["PKCE parameter sent to v3", () => authorizationUrl("v3", target, { ...code, code_challenge: PKCE.challenge } as never), "code_challenge", "unknown"],
    ["code_challenge_method outside the enum", () => authorizationUrl("v4", target, { ...code, code_challenge: PKCE.challenge, code_challenge_method: "S512" as "S256" }), "code_challenge_method", "enum"],
    ["code_challenge_method without code_challenge", () => authorizationUrl("v4", target, { ...code, code_challenge_method: "S256" }), "code_challenge", "requiredWith"],
    ["non-string value", () => authorizationUrl("v4", target, { ...code, nonce: 5 as unknown as string }), "nonce", "type"],
  ];
  // Issue 14 items 5 and 6: what the seed allows and real clients send is not refused.
  it("accepts an empty idp (§4.4: when empty, the login widget is returned)", () => {
    expect(authorizationUrl("v4", target, { ...code, idp: "" }).searchParams.get("idp")).toBe("");
  });
  it("accepts a space-separated list of RFC 5646 tags in language", () => {
    expect(authorizationUrl("v3", target, { ...code, language: "pt-BR pt en" }).searchParams.get("language")).toBe("pt-BR pt en");
  });
  it("sends the SDKs' names: authsvc_access_token and language, with the Swift SDK's en_US locale form", () => {
    const url = authorizationUrl("v4", target, { ...code, idp: "authsvc_anon", authsvc_access_token: "eyJ.a.b", language: "en_US" });
    expect([url.searchParams.get("authsvc_access_token"), url.searchParams.get("language")]).toEqual(["eyJ.a.b", "en_US"]);
  });
  it("accepts a code_challenge outside RFC 7636's alphabet (a padded base64 digest of 88 characters)", () => {
    const padded = Buffer.alloc(64, 0xfb).toString("base64");
    expect(padded).toHaveLength(88);
    expect(authorizationUrl("v4", target, { ...code, code_challenge: padded, code_challenge_method: "S256" }).searchParams.get("code_challenge")).toBe(padded);
  });

  it.each(rejected)("rejects %s", (_, fn, field, rule) => {
    expect(inputError(fn)).toMatchObject({ field, rule });
  });

  it("never echoes a parameter value in the error", () => {
    const secret = "eyJhbGciOiJSUzI1NiJ9.c2VjcmV0.c2ln";
    const { message } = inputError(() => authorizationUrl("v4", target, { ...code, authsvc_access_token: secret, idp: "nope" as "saml" }));
    expect(message).not.toContain(secret);
  });

  it.each(["v3", "v4"] as const)("builds a request the %s mock accepts without violations", async (v) => {
    const url = authorizationUrl(v, { ...target, baseUrl: mockUrl(`identity-${v}`) }, {
      ...code,
      ...(v === "v4" ? { code_challenge: PKCE.challenge, code_challenge_method: "S256" } : {}),
    } as AuthorizationParams<typeof v>);
    const response = await fetch(url, { redirect: "manual", headers: { Prefer: "code=302" } });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(302);
  });
});

describe("ssoLogoutUrl", () => {
  it("carries client_id and the logout callback", () => {
    const url = ssoLogoutUrl("v4", { ...target, baseUrl: "https://eu-de.identity.example.com" }, { client_id: CLIENT_ID, redirect_uri: LOGOUT_URI });
    expect(url.href).toBe(
      `https://eu-de.identity.example.com/oauth/v4/${TENANT_ID}/cloud_directory/sso/logout?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(LOGOUT_URI)}`,
    );
  });

  it.each([
    ["missing redirect_uri", { client_id: CLIENT_ID }, "redirect_uri", "required"],
    ["relative redirect_uri", { client_id: CLIENT_ID, redirect_uri: "logout" }, "redirect_uri", "format"],
    ["empty client_id", { client_id: "", redirect_uri: LOGOUT_URI }, "client_id", "minLength"],
    ["unknown parameter", { client_id: CLIENT_ID, redirect_uri: LOGOUT_URI, post_logout_redirect_uri: LOGOUT_URI }, "post_logout_redirect_uri", "unknown"],
  ])("rejects %s", (_, params, field, rule) => {
    expect(inputError(() => ssoLogoutUrl("v3", target, params as never))).toMatchObject({ field, rule });
  });

  it("builds a request the mock accepts once the browser adds the SSO cookie", async () => {
    const url = ssoLogoutUrl("v3", { ...target, baseUrl: mockUrl("identity-v3") }, { client_id: CLIENT_ID, redirect_uri: LOGOUT_URI, all_sessions: true });
    const response = await fetch(url, { redirect: "manual", headers: { Cookie: "sso=test" } });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(302);
  });
});

describe("publicKeysUrl", () => {
  it("points at the tenant's JWKS", () => {
    expect(publicKeysUrl("v3", { ...target, baseUrl: "https://jp-tok.identity.example.com/" }).href).toBe(`https://jp-tok.identity.example.com/oauth/v3/${TENANT_ID}/publickeys`);
  });
});
