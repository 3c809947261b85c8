/**
 * The identity emulator answers the service SDKs' own request shapes (issue 26): the server SDK's
 * TokenManager sends client_credentials as JSON (lib/token-manager/token-manager.js through
 * lib/utils/request-util.js), and its password flow carries the anonymous user's token
 * (authsvc_access_token, the SDKs' appid_access_token) in a form (webapp-strategy.js handleRopFlow,
 * Android TokenManager.java obtainTokensRoP). The emulator reads URL-encoded forms; the server SDK's
 * multipart encoding of the same form is not parsed by the emulator (the Prism mock accepts it).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT, DEFAULT_USER } from "cloud-interfaces/emulator";
import { emulator } from "../emulator/harness.js";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";

const TOKEN = "https://us-south.identity.example.com/oauth/v4/tenant-1/token";
const basic = `Basic ${Buffer.from(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`).toString("base64")}`;

describe("identity emulator: the SDKs' token requests", () => {
  it("TokenManager's JSON client_credentials request gets tokens", async () => {
    const { fetch } = emulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK } });
    const response = await fetch(TOKEN, { method: "POST", headers: { Authorization: basic, "content-type": "application/json" }, body: JSON.stringify({ grant_type: "client_credentials" }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: "Bearer", access_token: expect.any(String) });
  });

  it("the password grant with authsvc_access_token in the form gets tokens", async () => {
    const { fetch } = emulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK } });
    const form = new URLSearchParams({ grant_type: "password", username: "alice", password: DEFAULT_USER.password, authsvc_access_token: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln" });
    const response = await fetch(TOKEN, { method: "POST", headers: { Authorization: basic }, body: form });
    expect(response.status).toBe(200);
  });
});
