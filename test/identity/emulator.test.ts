/** Identity v3/v4 as a provider: flows of oauth4webapi and openid-client, and the document's own operations. */
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import * as oauth from "oauth4webapi";
import * as oidc from "openid-client";
import { afterAll, describe, expect, it } from "vitest";
import { createIdentityV4Client, generateTemporaryCode } from "cloud-interfaces/identity-v4";
import { DEFAULT_CLIENT, DEFAULT_USER, serveHandler } from "cloud-interfaces/emulator";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";
import { emulator } from "../emulator/harness.js";

const ORIGIN = "https://us-south.identity.example.com";
const TENANT = "tenant-1";
const CALLBACK = "https://app.example.com/callback";

function v4() {
  // The OAuth libraries check token times against the real clock, so the emulator starts at now.
  // One fixed test key instead of an RSA generation per emulator (the v3 test below generates its own).
  const env = emulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK } }, Date.now());
  const base = `${ORIGIN}/oauth/v4/${TENANT}`;
  const as: oauth.AuthorizationServer = {
    issuer: base,
    authorization_endpoint: `${base}/authorization`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
    introspection_endpoint: `${base}/introspect`,
    revocation_endpoint: `${base}/revoke`,
    jwks_uri: `${base}/publickeys`,
  };
  const client = createIdentityV4Client({
    baseUrl: ORIGIN,
    bind: { tenantId: TENANT },
    credentials: { basicAuth: { username: DEFAULT_CLIENT.client_id, password: DEFAULT_CLIENT.client_secret }, bearerAuth: () => bearer.token },
    fetch: env.fetch,
  });
  const bearer = { token: "" };
  return { ...env, as, base, client, bearer };
}

async function authorize(fetch: typeof globalThis.fetch, url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

describe("identity-v4 with oauth4webapi (in process, customFetch)", () => {
  it("PKCE code flow, userinfo, introspection, refresh, revocation", async () => {
    const { as, fetch } = v4();
    const opts = { [oauth.customFetch]: fetch } as const;
    const client: oauth.Client = { client_id: DEFAULT_CLIENT.client_id };
    const auth = oauth.ClientSecretBasic(DEFAULT_CLIENT.client_secret);
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({ client_id: client.client_id, redirect_uri: CALLBACK, response_type: "code", scope: "openid", state, nonce, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" })) {
      url.searchParams.set(k, v);
    }
    const params = oauth.validateAuthResponse(as, client, await authorize(fetch, url), state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(as, client, auth, params, CALLBACK, verifier, opts);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse, { expectedNonce: nonce, requireIdToken: true });
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims.sub).toBe(DEFAULT_USER.sub);

    const info = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, tokens.access_token, opts));
    expect(info).toMatchObject({ sub: DEFAULT_USER.sub, email: DEFAULT_USER.email });

    const introspected = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, tokens.access_token, opts));
    expect(introspected).toMatchObject({ active: true, sub: DEFAULT_USER.sub, client_id: client.client_id });

    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, opts));
    expect(refreshed.access_token).not.toBe(tokens.access_token);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, tokens.refresh_token!, opts));
    const after = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, refreshed.access_token, opts));
    expect(after.active).toBe(false);
    await expect(oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, opts))).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("client_credentials with an audience (v4)", async () => {
    const { as, fetch } = v4();
    const opts = { [oauth.customFetch]: fetch } as const;
    const client: oauth.Client = { client_id: DEFAULT_CLIENT.client_id };
    const auth = oauth.ClientSecretBasic(DEFAULT_CLIENT.client_secret);
    const res = await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams({ audience: DEFAULT_CLIENT.client_id, scope: "read" }), opts);
    const tokens = await oauth.processClientCredentialsResponse(as, client, res);
    expect(tokens.token_type).toBe("bearer");
    // TokenResponse: no end user, no identity token (issue 47: the emulator issued one).
    expect(tokens.id_token).toBeUndefined();
  });
});

/**
 * The server SDK's application token (ibm-cloud-security/appid-serversdk-nodejs
 * lib/token-manager/token-manager.js getApplicationIdentityToken: client_credentials as a JSON
 * body with Basic credentials, reading access_token alone): the emulator answers what
 * TokenResponse says for that grant, no id_token; the password grant still gets one. Issue 47.
 */
describe.each(["v3", "v4"] as const)("identity-%s emulator: which grants get an identity token", (v) => {
  const post = (fetch: typeof globalThis.fetch, body: unknown, contentType: string) =>
    fetch(`${ORIGIN}/oauth/${v}/${TENANT}/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`)}`, "Content-Type": contentType },
      body: contentType === "application/json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
    });

  it("client_credentials as the server SDK sends it: access_token, no id_token", async () => {
    const { fetch } = emulator(`identity-${v}`);
    const response = await post(fetch, { grant_type: "client_credentials" }, "application/json");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body).not.toHaveProperty("id_token");
  });

  it("password: still an id_token", async () => {
    const { fetch } = emulator(`identity-${v}`);
    const response = await post(fetch, { grant_type: "password", username: DEFAULT_USER.username, password: DEFAULT_USER.password }, "application/x-www-form-urlencoded");
    expect(response.status).toBe(200);
    expect((await response.json()).id_token).toEqual(expect.any(String));
  });
});

describe("identity-v3 with openid-client over HTTP on loopback (discovery of the emulator's own endpoints)", () => {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => Promise.all(servers.map((s) => s.close())));

  it("discovery, code flow, userinfo, introspection, refresh, revocation, client_credentials", async () => {
    const { emu } = emulator("identity-v3", {}, Date.now());
    const server = await serveHandler(emu);
    servers.push(server);
    const issuer = new URL(`${server.url}/oauth/v3/${TENANT}`);
    const config = await oidc.discovery(issuer, DEFAULT_CLIENT.client_id, undefined, oidc.ClientSecretBasic(DEFAULT_CLIENT.client_secret), { execute: [oidc.allowInsecureRequests] });
    expect(config.serverMetadata().token_endpoint).toBe(`${issuer.href}/token`);

    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: "openid", state });
    const tokens = await oidc.authorizationCodeGrant(config, await authorize(fetch, url), { expectedState: state });
    const sub = tokens.claims()!.sub;
    expect(sub).toBe(DEFAULT_USER.sub);
    expect(await oidc.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({ sub, name: DEFAULT_USER.name });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    await oidc.tokenRevocation(config, tokens.refresh_token!);
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);
    expect((await oidc.clientCredentialsGrant(config, { scope: "read" })).access_token).toBeTruthy();
  });
});

describe("identity-v4 through the generated client", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  async function code(client: ReturnType<typeof v4>["client"], extra: Record<string, string> = {}) {
    const res = await client.GET("/oauth/v4/{tenantId}/authorization", {
      params: { query: { response_type: "code", client_id: DEFAULT_CLIENT.client_id, redirect_uri: CALLBACK, state: "s1", ...extra } as any },
      redirect: "manual",
    } as any);
    return new URL(res.response.headers.get("location")!).searchParams.get("code")!;
  }
  const exchange = (client: ReturnType<typeof v4>["client"], body: Record<string, string>) =>
    client.POST("/oauth/v4/{tenantId}/token", { headers: form, body: body as any });

  it("a code is bound to its redirect_uri and its PKCE challenge, and is single-use", async () => {
    const { client } = v4();
    const verifier = "v".repeat(43);
    const c1 = await code(client, { code_challenge: verifier, code_challenge_method: "plain" });
    expect((await exchange(client, { grant_type: "authorization_code", code: c1, redirect_uri: "https://evil.example.com/cb", code_verifier: verifier })).error).toMatchObject({ error: "invalid_grant" });
    const c2 = await code(client, { code_challenge: verifier, code_challenge_method: "plain" });
    expect((await exchange(client, { grant_type: "authorization_code", code: c2, redirect_uri: CALLBACK, code_verifier: "w".repeat(43) })).error).toMatchObject({ error: "invalid_grant" });
    const c3 = await code(client, { code_challenge: verifier, code_challenge_method: "plain" });
    const ok = await exchange(client, { grant_type: "authorization_code", code: c3, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(ok.response.status).toBe(200);
    expect(ok.response.headers.get("cache-control")).toBe("no-store");
    const again = await exchange(client, { grant_type: "authorization_code", code: c3, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(again.error).toMatchObject({ error: "invalid_grant" });
  });

  it("tokens verify against publickeys; introspection turns inactive at expiry", async () => {
    const { client, time, base } = v4();
    const tokens = (await exchange(client, { grant_type: "password", username: DEFAULT_USER.username, password: DEFAULT_USER.password })).data!;
    const jwks = (await client.GET("/oauth/v4/{tenantId}/publickeys", {})).data!;
    const { payload } = await jwtVerify(tokens.id_token!, createLocalJWKSet(jwks as any), { issuer: base, audience: DEFAULT_CLIENT.client_id, currentDate: new Date(time.clock()) });
    expect(payload.sub).toBe(DEFAULT_USER.sub);
    const introspect = async () => (await client.POST("/oauth/v4/{tenantId}/introspect", { headers: form, body: { token: tokens.access_token } })).data!;
    expect((await introspect()).active).toBe(true);
    time.advance(3600_000);
    expect((await introspect()).active).toBe(false);
  });

  it("wrong password is invalid_grant; wrong client secret is 401 invalid_client; no bearer is 401 with a challenge", async () => {
    const { client, fetch } = v4();
    expect((await exchange(client, { grant_type: "password", username: "alice", password: "nope" })).error).toMatchObject({ error: "invalid_grant" });
    const other = createIdentityV4Client({ baseUrl: ORIGIN, bind: { tenantId: TENANT }, credentials: { basicAuth: { username: DEFAULT_CLIENT.client_id, password: "wrong" } }, fetch });
    const refused = await other.POST("/oauth/v4/{tenantId}/token", { headers: form, body: { grant_type: "client_credentials" } as any });
    expect(refused.response.status).toBe(401);
    const res = await fetch(`${ORIGIN}/oauth/v4/${TENANT}/userinfo`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("the temporary code works for change_details within 15 seconds and not after", async () => {
    const { client, time, bearer } = v4();
    const tokens = (await exchange(client, { grant_type: "password", username: "alice", password: DEFAULT_USER.password })).data!;
    bearer.token = tokens.access_token;
    // As the SDKs send it: Authorization: Bearer <access_token> <id_token>; the code is the text body.
    const temp = () => generateTemporaryCode(client, "v4", { accessToken: tokens.access_token, idToken: tokens.id_token! });
    const changeDetails = (code: string) =>
      client.GET("/oauth/v4/{tenantId}/authorization", { params: { query: { response_type: "change_details", client_id: DEFAULT_CLIENT.client_id, redirect_uri: CALLBACK, code } as any }, redirect: "manual" } as any);
    expect((await changeDetails(await temp())).response.status).toBe(302);
    const late = await temp();
    time.advance(15_000);
    const refused = await changeDetails(late);
    expect(refused.response.status).toBe(303);
    expect(refused.response.headers.get("location")).toContain("error=invalid_request");
  });

  it("SSO logout without any cookie: the documented 303 with flow=sso_logout and error=missing_sso_code (issue 26)", async () => {
    const { fetch } = v4();
    const logout = `${ORIGIN}/oauth/v4/${TENANT}/cloud_directory/sso/logout?client_id=${DEFAULT_CLIENT.client_id}&redirect_uri=${encodeURIComponent(CALLBACK)}&all_sessions=false`;
    const bare = await fetch(logout, { redirect: "manual" });
    expect(bare.status).toBe(303);
    const location = new URL(bare.headers.get("location")!);
    expect([location.searchParams.get("flow"), location.searchParams.get("error")]).toEqual(["sso_logout", "missing_sso_code"]);
    expect((await fetch(logout, { redirect: "manual", headers: { Cookie: "sso=abc" } })).status).toBe(302);
  });

  it("jwt-bearer grant with the tenant's custom-flow key", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    const env = v4();
    (env.emu.state as any).customFlowKey = { ...(await exportJWK(publicKey)), alg: "RS256" };
    const now = Math.floor(env.time.clock() / 1000);
    const assertion = await new SignJWT({}).setProtectedHeader({ alg: "RS256" }).setSubject("user-9").setIssuer("my-idp").setAudience(env.base).setExpirationTime(now + 60).sign(privateKey);
    const ok = await exchange(env.client, { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion });
    expect(ok.response.status).toBe(200);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: "RS256" }).setSubject("x").setIssuer("i").setAudience("a").setExpirationTime(now + 60).sign((await generateKeyPair("RS256")).privateKey);
    expect((await exchange(env.client, { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: forged })).error).toMatchObject({ error: "invalid_grant" });
  });

  it("an unknown client is answered with 400, not redirected; sign_up gives the HTML form", async () => {
    const { fetch } = v4();
    const bad = await fetch(`${ORIGIN}/oauth/v4/${TENANT}/authorization?response_type=code&client_id=nobody&redirect_uri=${encodeURIComponent(CALLBACK)}`, { redirect: "manual" });
    expect(bad.status).toBe(400);
    const signUp = await fetch(`${ORIGIN}/oauth/v4/${TENANT}/authorization?response_type=sign_up&client_id=${DEFAULT_CLIENT.client_id}&redirect_uri=${encodeURIComponent(CALLBACK)}`);
    expect(signUp.headers.get("content-type")).toBe("text/html");
  });
});
