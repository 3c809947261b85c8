/**
 * openid-client 6.9.0 (pinned), the certified OpenID Connect relying party for Node, against
 * the identity mocks. It is configured with the documented https URLs (v3 by discovery, whose
 * issuer it checks against the URL it was given; v4 from the document's paths), and its
 * documented `customFetch` hook delivers those requests to the loopback mock. With
 * `enableNonRepudiationChecks` it verifies every ID token's signature with the keys at jwks_uri.
 */
import * as client from "openid-client";
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { REDIRECT_URI } from "./catalogue.js";
import { CLIENT_ID, CLIENT_SECRET, USER_ID, issuerOf, routedTo, v4Endpoints } from "../real-clients/loopback.js";

type Version = "v3" | "v4";
const NONCE = "n-0S6_WzA2Mj";
const STATE = "af0ifjsldkj";

async function configure(v: Version, auth: client.ClientAuth = client.ClientSecretBasic(CLIENT_SECRET)) {
  const net = routedTo(mockUrl(`identity-${v}`));
  let config: client.Configuration;
  if (v === "v3") {
    config = await client.discovery(new URL(issuerOf("v3")), CLIENT_ID, undefined, auth, { [client.customFetch]: net.fetch });
  } else {
    config = new client.Configuration(
      v4Endpoints(issuerOf("v4")),
      CLIENT_ID,
      undefined,
      auth,
    );
    config[client.customFetch] = net.fetch;
  }
  client.enableNonRepudiationChecks(config);
  return { config, net };
}

describe.each(["v3", "v4"] as const)("openid-client against identity-%s", (v) => {
  if (v === "v3") {
    it("discovery: the document at the issuer's well-known URL names that issuer (item 3)", async () => {
      const { config } = await configure(v);
      expect(config.serverMetadata().issuer).toBe(issuerOf("v3"));
    });
  }

  it("client_credentials: an access token, no ID token (item 4)", async () => {
    const { config, net } = await configure(v, client.ClientSecretPost(CLIENT_SECRET));
    net.prefer("code=200, example=clientCredentialsTokens");
    const tokens = await client.clientCredentialsGrant(config, v === "v4" ? { audience: "5e9c1d7a-2b4f-4a8e-b3c6-0f1d2e3a4b5c" } : {});
    expect(tokens.access_token).toMatch(/^eyJ/);
    expect(tokens.id_token).toBeUndefined();
  });

  it("password grant: the ID token's signature, issuer and expiry verify (items 3, 11)", async () => {
    const { config } = await configure(v);
    const tokens = await client.genericGrantRequest(config, "password", { username: "ana.silva@example.com", password: "correct horse", scope: "openid" });
    expect(tokens.claims()).toMatchObject({ iss: issuerOf(v), sub: USER_ID, nonce: NONCE });
  });

  it("refresh_token grant with the ID token the service's SDKs require (issue 37)", async () => {
    const { config, net } = await configure(v);
    // The documented refresh answer for the token request only: the non-repudiation check then
    // fetches the keys at jwks_uri, which has no such example.
    const routed = config[client.customFetch]!;
    config[client.customFetch] = (url, options) => {
      net.prefer(new URL(url).pathname.endsWith("/token") ? "code=200, example=refreshedTokens" : undefined);
      return routed(url, options);
    };
    const tokens = await client.refreshTokenGrant(config, "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69");
    expect(tokens.claims()?.iss).toBe(issuerOf(v));
  });

  it("jwt-bearer grant", async () => {
    const { config } = await configure(v);
    const tokens = await client.genericGrantRequest(config, "urn:ietf:params:oauth:grant-type:jwt-bearer", {
      assertion: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3YjNlOGYxMiJ9.c2lnbmF0dXJl",
      scope: "openid",
    });
    expect(tokens.claims()?.iss).toBe(issuerOf(v));
  });

  it(v === "v4" ? "authorization code + PKCE as a public client (None()) (items 1, 5)" : "authorization code as a confidential client", async () => {
    const { config, net } = await configure(v, v === "v4" ? client.None() : client.ClientSecretBasic(CLIENT_SECRET));
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: "openid",
      state: STATE,
      nonce: NONCE,
      ...(v === "v4" ? { code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" } : {}),
    });
    net.prefer("code=302");
    const redirect = await net.fetch(url.href, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    net.prefer(undefined);
    const tokens = await client.authorizationCodeGrant(config, new URL(redirect.headers.get("location")!), {
      expectedState: STATE,
      expectedNonce: NONCE,
      idTokenExpected: true,
      ...(v === "v4" ? { pkceCodeVerifier: verifier } : {}),
    });
    expect(tokens.claims()?.sub).toBe(USER_ID);
    const exchange = net.sent.find((r) => r.url.endsWith("/token"))!;
    if (v === "v4") {
      expect(exchange.headers.get("authorization")).toBeNull();
      expect(new URLSearchParams(await exchange.text()).get("code_verifier")).toBe(verifier);
    }
  });

  it("introspection, revocation and user info", async () => {
    const { config } = await configure(v);
    expect(await client.tokenIntrospection(config, "some-access-token")).toMatchObject({ active: true, sub: USER_ID });
    await expect(client.tokenRevocation(config, "8f3a2c71-5d4e-4b9a-a6f0-1e2d3c4b5a69", { token_type_hint: "refresh_token" })).resolves.toBeUndefined();
    expect(await client.fetchUserInfo(config, "some-access-token", USER_ID)).toMatchObject({ sub: USER_ID, email: "ana.silva@example.com" });
  });
});
