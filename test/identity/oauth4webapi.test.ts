/**
 * oauth4webapi 3.8.8 (pinned in package.json), a standards OAuth 2.0 / OIDC client nobody here
 * wrote, against the identity mocks: every grant of §4.5, introspection, revocation, user info,
 * and (version 3) discovery. The client validates what the documents promise: issuer, audience,
 * expiry and nonce of the example ID tokens, token_type, the JSON media types. Plain HTTP is
 * allowed (`allowInsecureRequests`) for the loopback mock only.
 */
import { importJWK, SignJWT, createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { PKCE, REDIRECT_URI } from "./catalogue.js";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";
import { CLIENT_ID, CLIENT_SECRET, USER_ID, issuerOf, loopback, preferring, rebase, TENANT_ID, v4Endpoints } from "../real-clients/loopback.js";

type Version = "v3" | "v4";
const NONCE = "n-0S6_WzA2Mj";
/** The state of the documented authorizationGranted redirect (the mock's Location is static). */
const STATE = "af0ifjsldkj";

/** The v4 metadata with the endpoints on the loopback mock (oauth4webapi refuses http elsewhere). */
function v4Metadata(): oauth.AuthorizationServer {
  return v4Endpoints(`${loopback(mockUrl("identity-v4"))}/oauth/v4/${TENANT_ID}`);
}

/** v3: OIDC discovery at the mock, the issuer checked against the documented one, endpoints moved to the mock. */
async function v3Metadata(): Promise<oauth.AuthorizationServer> {
  const mock = loopback(mockUrl("identity-v3"));
  const response = await oauth.discoveryRequest(new URL(`${mock}/oauth/v3/${TENANT_ID}`), { [oauth.allowInsecureRequests]: true });
  const discovered = await oauth.processDiscoveryResponse(new URL(issuerOf("v3")), response);
  return rebase(discovered, mock);
}

async function setup(v: Version) {
  const as = v === "v3" ? await v3Metadata() : v4Metadata();
  const client: oauth.Client = { client_id: CLIENT_ID };
  const net = preferring();
  const options = { [oauth.allowInsecureRequests]: true, [oauth.customFetch]: net.fetch } as const;
  return { as, client, net, options };
}

async function assertion(v: Version): Promise<string> {
  // §2.4: an identity-provider assertion with sub, exp, aud and iss, signed with the tenant's custom-flow key.
  const key = await importJWK(TEST_ONLY_PRIVATE_JWK, "RS256");
  return new SignJWT({}).setProtectedHeader({ alg: "RS256" }).setIssuer("https://idp.example.com").setSubject(USER_ID)
    .setAudience(issuerOf(v)).setExpirationTime("5m").sign(key);
}

describe.each(["v3", "v4"] as const)("oauth4webapi against identity-%s", (v) => {
  if (v === "v3") {
    it("discovers the provider: the discovery issuer is the documented v3 issuer (item 3)", async () => {
      const as = await v3Metadata();
      expect(as.issuer).toBe(issuerOf("v3"));
      expect(as.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(["client_secret_basic", "client_secret_post", "none"]));
    });
  }

  it("client_credentials with client_secret_basic: an access token and no ID token (item 4)", async () => {
    const { as, client, net, options } = await setup(v);
    net.prefer("code=200, example=clientCredentialsTokens");
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET), {}, options);
    const tokens = await oauth.processClientCredentialsResponse(as, client, response);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.id_token).toBeUndefined();
    expect(net.sent[0]!.headers.get("authorization")).toMatch(/^Basic /);
  });

  it("client_credentials with client_secret_post: id and secret in the form, no Authorization header (item 1)", async () => {
    const { as, client, net, options } = await setup(v);
    net.prefer("code=200, example=clientCredentialsTokens");
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost(CLIENT_SECRET), {}, options);
    expect(response.status).toBe(200);
    await oauth.processClientCredentialsResponse(as, client, response);
    const form = new URLSearchParams(await net.sent[0]!.text());
    expect(form.get("client_id")).toBe(CLIENT_ID);
    expect(form.get("client_secret")).toBe(CLIENT_SECRET);
    expect(net.sent[0]!.headers.get("authorization")).toBeNull();
  });

  it("password grant: the ID token's issuer, audience and expiry validate today (items 3, 11)", async () => {
    const { as, client, options } = await setup(v);
    const response = await oauth.genericTokenEndpointRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET), "password",
      { username: "ana.silva@example.com", password: "correct horse", scope: "openid profile" }, options);
    const tokens = await oauth.processGenericTokenEndpointResponse(as, client, response);
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({ iss: issuerOf(v), sub: USER_ID, aud: [CLIENT_ID] });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("refresh_token grant: a new access token and the ID token the service's SDKs require on refresh (issue 37; OIDC Core §12.2 allows it)", async () => {
    const { as, client, net, options } = await setup(v);
    net.prefer("code=200, example=refreshedTokens");
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET), "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69", options);
    const tokens = await oauth.processRefreshTokenResponse(as, client, response);
    expect(oauth.getValidatedIdTokenClaims(tokens)?.iss).toBe(issuerOf(v));
    expect(tokens.refresh_token).toBe("3c9d1e47-8a2b-4f6c-b5d0-7e1f2a3b4c5d");
  });

  it("jwt-bearer grant with a signed identity-provider assertion (§2.4)", async () => {
    const { as, client, options } = await setup(v);
    const response = await oauth.genericTokenEndpointRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET),
      "urn:ietf:params:oauth:grant-type:jwt-bearer", { assertion: await assertion(v), scope: "openid" }, options);
    const tokens = await oauth.processGenericTokenEndpointResponse(as, client, response);
    expect(oauth.getValidatedIdTokenClaims(tokens)?.iss).toBe(issuerOf(v));
  });

  it(v === "v4" ? "authorization code + PKCE as a public client (None(): client_id in the form, no secret) (items 1, 5)" : "authorization code as a confidential client (v3 has no PKCE)", async () => {
    const { as, client, net, options } = await setup(v);
    const verifier = v === "v4" ? oauth.generateRandomCodeVerifier() : undefined;
    const url = new URL(as.authorization_endpoint!);
    for (const [k, value] of Object.entries({ response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: "openid", state: STATE, nonce: NONCE })) {
      url.searchParams.set(k, value);
    }
    if (verifier) {
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set("code_challenge_method", "S256");
    }
    // The browser's part: the mock answers with the documented redirect to the callback.
    const redirect = await fetch(url, { redirect: "manual", headers: { Prefer: "code=302" } });
    expect(redirect.status).toBe(302);
    const callback = oauth.validateAuthResponse(as, client, new URL(redirect.headers.get("location")!), STATE);
    const auth = verifier ? oauth.None() : oauth.ClientSecretBasic(CLIENT_SECRET);
    const response = await oauth.authorizationCodeGrantRequest(as, client, auth, callback, REDIRECT_URI, verifier ?? oauth.nopkce, options);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: NONCE, requireIdToken: true });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.nonce).toBe(NONCE);
    const form = new URLSearchParams(await net.sent[0]!.text());
    if (verifier) {
      expect(net.sent[0]!.headers.get("authorization")).toBeNull();
      expect(form.get("client_id")).toBe(CLIENT_ID);
      expect(form.get("code_verifier")).toBe(verifier);
    }
  });

  it("introspection with client_secret_basic and with client_secret_post (item 1)", async () => {
    const { as, client, options } = await setup(v);
    for (const auth of [oauth.ClientSecretBasic(CLIENT_SECRET), oauth.ClientSecretPost(CLIENT_SECRET)]) {
      const response = await oauth.introspectionRequest(as, client, auth, PKCE.verifier, options);
      const result = await oauth.processIntrospectionResponse(as, client, response);
      expect(result).toMatchObject({ active: true, client_id: CLIENT_ID, sub: USER_ID });
    }
  });

  it("revocation of a refresh token, by a confidential and by a public client (item 1)", async () => {
    const { as, client, options } = await setup(v);
    for (const auth of [oauth.ClientSecretBasic(CLIENT_SECRET), oauth.None()]) {
      const response = await oauth.revocationRequest(as, client, auth, "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69", {
        ...options,
        additionalParameters: { token_type_hint: "refresh_token" },
      });
      await expect(oauth.processRevocationResponse(response)).resolves.toBeUndefined();
    }
  });

  it("user info for the token's subject; a rejected token is a Bearer challenge (item 10: WWW-Authenticate)", async () => {
    const { as, client, net, options } = await setup(v);
    const info = await oauth.processUserInfoResponse(as, client, USER_ID, await oauth.userInfoRequest(as, client, "access-token", options));
    expect(info.sub).toBe(USER_ID);
    net.prefer("code=401");
    const rejected = await oauth.userInfoRequest(as, client, "access-token", options);
    const error = await oauth.processUserInfoResponse(as, client, USER_ID, rejected).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((error as oauth.WWWAuthenticateChallengeError).cause[0]).toMatchObject({ scheme: "bearer", parameters: { error: "invalid_token" } });
  });

  it("the example tokens verify against the mock's JWKS (jwks_uri), with this version's issuer (items 3, 11)", async () => {
    const { as, client, options } = await setup(v);
    const tokens = await oauth.processGenericTokenEndpointResponse(as, client,
      await oauth.genericTokenEndpointRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET), "password", { username: "u", password: "p" }, options));
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    for (const token of [tokens.id_token!, tokens.access_token]) {
      const { payload } = await jwtVerify(token, jwks, { issuer: issuerOf(v), audience: CLIENT_ID, algorithms: ["RS256"] });
      expect(payload.sub).toBe(USER_ID);
    }
  });
});
