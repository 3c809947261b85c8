/**
 * Issue 27, findings 5 and 6: the identity emulator's OAuth checks. jwt-bearer assertions are
 * checked for audience, issuer, expiry, not-before and replay (RFC 7523 §3); redirects go only
 * to registered or http(s) URIs; Basic is parsed strictly; client_secret_post works as the
 * document allows; a reused code revokes what it issued (RFC 6749 §4.1.2).
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT } from "cloud-interfaces/emulator";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";
import { emulator } from "../emulator/harness.js";

const ORIGIN = "https://us-south.identity.example.com";
const TENANT = "tenant-1";
const BASE = `${ORIGIN}/oauth/v4/${TENANT}`;
const CALLBACK = "https://app.example.com/callback";
const BASIC = `Basic ${btoa(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`)}`;

function setup(seed: Record<string, unknown> = {}) {
  const env = emulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK, ...seed } }, Date.now());
  const token = (body: Record<string, string>, authorization: string | null = BASIC) =>
    env.fetch(`${BASE}/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization === null ? {} : { authorization }) }, body: new URLSearchParams(body).toString() });
  const authorize = (query: Record<string, string>) => env.fetch(`${BASE}/authorization?${new URLSearchParams({ response_type: "code", client_id: DEFAULT_CLIENT.client_id, scope: "openid", ...query })}`, { redirect: "manual" });
  return { ...env, token, authorize };
}

describe("jwt-bearer assertions (RFC 7523 §3)", () => {
  async function withKey(seed: Record<string, unknown> = {}) {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const env = setup({ customFlowKey: { ...(await exportJWK(publicKey)), alg: "RS256" }, ...seed });
    const now = Math.floor(env.time.clock() / 1000);
    const sign = (claims: { aud?: string; iss?: string; exp?: number; nbf?: number; jti?: string }, key: CryptoKey = privateKey) => {
      const jwt = new SignJWT({}).setProtectedHeader({ alg: "RS256" }).setSubject("user-9");
      if (claims.aud !== undefined) jwt.setAudience(claims.aud);
      if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
      if (claims.jti !== undefined) jwt.setJti(claims.jti);
      return jwt.sign(key);
    };
    const exchange = async (assertion: string) => {
      const r = await env.token({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    return { ...env, now, sign, exchange };
  }

  it("accepts this tenant's issuer or token endpoint as audience, once", async () => {
    const t = await withKey();
    const good = await t.sign({ aud: BASE, iss: "my-idp", exp: t.now + 60, jti: "a-1" });
    expect((await t.exchange(good)).status).toBe(200);
    expect(await t.exchange(good)).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: expect.stringContaining("already used") } });
    expect((await t.exchange(await t.sign({ aud: `${BASE}/token`, iss: "my-idp", exp: t.now + 60 }))).status).toBe(200);
  });

  it("refuses another audience, another tenant's, no issuer, expired, not yet valid, and a replay without jti", async () => {
    const t = await withKey();
    const refused = async (claims: Parameters<typeof t.sign>[0]) => expect((await t.exchange(await t.sign(claims))).body).toMatchObject({ error: "invalid_grant" });
    await refused({ aud: "https://evil.example", iss: "my-idp", exp: t.now + 60 });
    await refused({ aud: `${ORIGIN}/oauth/v4/other-tenant`, iss: "my-idp", exp: t.now + 60 });
    await refused({ aud: BASE, exp: t.now + 60 });
    await refused({ aud: BASE, iss: "my-idp", exp: t.now - 10 });
    await refused({ aud: BASE, iss: "my-idp", exp: t.now + 600, nbf: t.now + 300 });
    await refused({ aud: BASE, iss: "my-idp" });
    const noJti = await t.sign({ aud: BASE, iss: "my-idp", exp: t.now + 60 });
    expect((await t.exchange(noJti)).status).toBe(200);
    expect((await t.exchange(noJti)).status).toBe(400);
  });

  it("checks iss against the configured issuer when one is seeded", async () => {
    const t = await withKey({ customFlowIssuer: "https://idp.example.com" });
    expect((await t.exchange(await t.sign({ aud: BASE, iss: "someone-else", exp: t.now + 60 }))).status).toBe(400);
    expect((await t.exchange(await t.sign({ aud: BASE, iss: "https://idp.example.com", exp: t.now + 60 }))).status).toBe(200);
  });
});

describe("redirects", () => {
  it("authorization never redirects to a non-http(s) URI for a client without registered callbacks", async () => {
    const t = setup();
    for (const target of ["javascript:alert(1)//", "data:text/html,<script>alert(1)</script>", "JaVaScRiPt:alert(1)"]) {
      const r = await t.authorize({ redirect_uri: target });
      expect(r.status, target).toBe(400);
      expect(r.headers.get("location")).toBeNull();
    }
    expect((await t.authorize({ redirect_uri: CALLBACK })).status).toBe(302);
  });

  it("SSO logout redirects only to a registered callback of a known client", async () => {
    const registered = { client_id: "web-app", client_secret: "s", redirect_uris: [CALLBACK] };
    const t = setup({ clients: [registered] });
    const logout = (clientId: string, target: string, cookie = true) =>
      t.fetch(`${BASE}/cloud_directory/sso/logout?${new URLSearchParams({ client_id: clientId, redirect_uri: target })}`, { redirect: "manual", headers: cookie ? { cookie: "sso=1" } : {} });
    const evil = await logout("web-app", "https://evil.example/steal");
    expect(evil.status).toBe(400);
    expect(evil.headers.get("location")).toBeNull();
    expect((await logout("web-app", "https://evil.example/steal", false)).headers.get("location")).toBeNull();
    expect((await logout("nobody", "https://evil.example/steal")).headers.get("location")).toBeNull();
    expect((await logout(DEFAULT_CLIENT.client_id, "javascript:alert(1)//")).headers.get("location")).toBeNull();
    const ok = await logout("web-app", CALLBACK);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(CALLBACK);
  });
});

describe("client authentication at the token endpoint", () => {
  const grant = { grant_type: "client_credentials" };

  it("Basic is the scheme name Basic (any case) and a base64 token; other 6-character schemes are refused", async () => {
    const t = setup();
    const credentials = btoa(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`);
    expect((await t.token(grant, `Basic ${credentials}`)).status).toBe(200);
    expect((await t.token(grant, `bAsIc ${credentials}`)).status).toBe(200);
    for (const header of [`XXXXXX${credentials}`, `Basic${credentials}`, `Bearer ${credentials}`, `Basic ${credentials}!!`, `Basic ${credentials} extra`]) {
      expect((await t.token(grant, header)).status, header).toBe(401);
    }
  });

  it("client_secret_post: client_id and client_secret in the body authenticate; with Basic too they are refused", async () => {
    const t = setup();
    const posted = { ...grant, client_id: DEFAULT_CLIENT.client_id, client_secret: DEFAULT_CLIENT.client_secret };
    expect((await t.token(posted, null)).status).toBe(200);
    expect((await t.token({ ...posted, client_secret: "wrong" }, null)).status).toBe(401);
    expect((await t.token(posted, BASIC)).status).toBe(401);
  });
});

describe("authorization code reuse (RFC 6749 §4.1.2)", () => {
  it("a second exchange of a code fails and revokes the tokens the first one issued", async () => {
    const t = setup();
    const code = new URL((await t.authorize({ redirect_uri: CALLBACK })).headers.get("location")!).searchParams.get("code")!;
    const first = (await (await t.token({ grant_type: "authorization_code", code, redirect_uri: CALLBACK })).json()) as { access_token: string; refresh_token: string };
    const introspect = async (token: string) =>
      ((await (await t.fetch(`${BASE}/introspect`, { method: "POST", headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }).toString() })).json()) as { active: boolean }).active;
    expect(await introspect(first.access_token)).toBe(true);
    expect((await t.token({ grant_type: "authorization_code", code, redirect_uri: CALLBACK })).status).toBe(400);
    expect(await introspect(first.access_token)).toBe(false);
    expect(await introspect(first.refresh_token)).toBe(false);
    expect((await t.token({ grant_type: "refresh_token", refresh_token: first.refresh_token })).status).toBe(400);
  });
});
