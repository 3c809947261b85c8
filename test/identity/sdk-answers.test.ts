/**
 * Identity shapes of the service's own SDKs decided in issue 37, against the Prism mock of each
 * version: what they send (the platform locale identifiers of appid-clientsdk-android
 * AuthorizationManager.java addLocaleToUri, `Locale.toString()`, and of appid-clientsdk-swift
 * AuthorizationManager.swift addLocaleQueryParam, `Locale.identifier`; appid-clientsdk-js
 * src/utils.js getAuthParamsAndUrl: `response_mode=web_message`, `prompt=none` for silent
 * sign-in, PKCE, state) and what they need back (the registration answer's `client_id` and
 * `redirect_uris`, RegistrationManager.java/.swift; an `id_token` on every grant but
 * client_credentials, refresh included; a 403 token refusal read as `error_code` and
 * `error_description`, webapp-strategy.js retrieveTokens, TokenManager.java/.swift).
 */
import { describe, expect, it } from "vitest";
import { requiredWhenViolations } from "../../runtime/core/required-when.js";
import { deref } from "../../runtime/core/pointer.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";
import { REDIRECT_URI } from "./catalogue.js";
import { CLIENT_ID, CLIENT_SECRET, TENANT_ID, loopback } from "../real-clients/loopback.js";

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
const base = (v: "v3" | "v4") => `${loopback(mockUrl(`identity-${v}`))}/oauth/${v}/${TENANT_ID}`;

async function call(url: string, init: RequestInit & { prefer?: string } = {}) {
  const response = await fetch(url, { redirect: "manual", ...init, headers: { ...(init.prefer ? { Prefer: init.prefer } : {}), ...(init.headers as Record<string, string>) } });
  return { response, violations: response.headers.get("sl-violations"), ignored: response.headers.get("x-mock-warning"), text: await response.text() };
}

const authorization = (v: "v3" | "v4", extra: Record<string, string>) =>
  `${base(v)}/authorization?${new URLSearchParams({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: "openid", state: "c3RhdGU", ...extra })}`;

describe.each(["v3", "v4"] as const)("identity-%s: what the SDKs send", (v) => {
  it.each([
    ["Android Locale.toString() with a script", "zh_CN_#Hans"],
    ["Android Locale.toString() without a language", "_GB"],
    ["Android Locale.toString() with a Unicode extension", "ja_JP_#u-ca-japanese"],
    ["iOS Locale.identifier with a keyword", "en_US@calendar=japanese"],
    ["iOS Locale.identifier with a script", "zh-Hans_CN"],
  ])("language as %s (%s) is accepted", async (_, language) => {
    const { response, violations, ignored } = await call(authorization(v, { language }), { prefer: "code=302" });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(302);
  });

  it("a language with characters no locale identifier has is still refused", async () => {
    const { violations } = await call(authorization(v, { language: "en<US>" }), { prefer: "code=302" });
    expect(violations).toMatch(/language/);
  });

  it.each([
    ["sign-in (response_mode=web_message)", { response_mode: "web_message" }],
    ["silent sign-in (prompt=none)", { response_mode: "web_message", prompt: "none" }],
  ])("the browser SDK's %s is declared, nothing ignored", async (_, extra) => {
    const pkce: Record<string, string> = v === "v4" ? { code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" } : {};
    const { response, violations, ignored } = await call(authorization(v, { ...extra, ...pkce, nonce: "bm9uY2U" }), { prefer: "code=302" });
    expect(violations).toBeNull();
    expect(ignored).toBeNull();
    expect(response.status).toBe(302);
  });
});

describe.each(["v3", "v4"] as const)("identity-%s: what the SDKs read back", (v) => {
  const doc = bundledDocument(`identity-${v}`);
  const resolve = (s: unknown) => deref(doc, s);

  it("a 403 token refusal carries error_code and error_description, no error, and reads as the SDKs read it", async () => {
    const form = new URLSearchParams({ grant_type: "password", username: "ana.silva@example.com", password: "correct horse" });
    const { response, text } = await call(`${base(v)}/token`, { method: "POST", prefer: "code=403", headers: { Authorization: basic, "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() });
    expect(response.status).toBe(403);
    const body = JSON.parse(text);
    expect(body.error).toBeUndefined();
    // webapp-strategy.js retrieveTokens: (body.error || body.error_code).toLowerCase(), message error_description.
    expect((body.error || body.error_code).toLowerCase()).toBe("forbidden");
    expect(body.error_description).toEqual(expect.any(String));
  });

  it("every documented token answer carries the id_token its grant requires (x-required-when on TokenResponse)", () => {
    const examples = deref(doc, doc.paths[`/oauth/${v}/{tenantId}/token`].post.responses["200"]).content["application/json"].examples;
    const schema = doc.components.schemas.TokenResponse;
    const grants: Record<string, string> = { tokens: "authorization_code", refreshedTokens: "refresh_token", clientCredentialsTokens: "client_credentials" };
    for (const [name, grant] of Object.entries(grants)) {
      expect(requiredWhenViolations(schema, examples[name].value, { grant_type: grant }, resolve), name).toEqual([]);
    }
    // A refresh answer without it is what the SDKs reject ('Missing access_token/id_token').
    const { id_token: _, ...withoutId } = examples.refreshedTokens.value;
    expect(requiredWhenViolations(schema, withoutId, { grant_type: "refresh_token" }, resolve).map((x) => x.field)).toEqual(["id_token"]);
  });
});

describe("identity-v3: client registration answers with the registered client", () => {
  it("the answer holds client_id and redirect_uris, which RegistrationManager reads", async () => {
    const body = JSON.stringify({ redirect_uris: ["com.example.app://mobile/callback"], token_endpoint_auth_method: "client_secret_basic", response_types: ["code"], grant_types: ["authorization_code", "password"], client_name: "Example", software_id: "com.example.app", software_version: "1.0", device_id: "6E3B5B9C-1D2A-4C3B-9E8F-0A1B2C3D4E5F", device_model: "iPhone", device_os: "iOS", device_os_version: "17.0", client_type: "mobileapp", jwks: { keys: [{ kty: "RSA", n: "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw", e: "AQAB" }] } });
    const { response, violations, text } = await call(`${base("v3")}/clients`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(violations).toBeNull();
    expect(response.status).toBe(200);
    const registered = JSON.parse(text);
    expect(registered.client_id).toEqual(expect.any(String));
    expect(registered.redirect_uris[0]).toEqual(expect.any(String));
    expect(validateAt("identity-v3", "#/components/schemas/ClientRegistrationResponse", registered)).toEqual([]);
    expect(validateAt("identity-v3", "#/components/schemas/ClientRegistrationResponse", {})).not.toEqual([]);
  });
});
