import { afterEach, describe, expect, it, vi } from "vitest";
import { createIdentityV4Client } from "cloud-interfaces/identity-v4";
import { InputError } from "cloud-interfaces/core";
import { createPkcePair, pkceAuthorizationParams, s256Challenge } from "cloud-interfaces/identity-v4";
import { authorizationUrl } from "cloud-interfaces/identity-v4";
import { mockUrl } from "../harness/mocks.js";
import { identityCatalogue, CLIENT_ID, PKCE, REDIRECT_URI, TENANT_ID } from "./catalogue.js";

afterEach(() => vi.restoreAllMocks());

describe("PKCE", () => {
  it("derives the RFC 7636 Appendix B challenge", async () => {
    expect(await s256Challenge(PKCE.verifier)).toBe(PKCE.challenge);
  });

  it("hashes with Web Crypto SHA-256", async () => {
    const digest = vi.spyOn(globalThis.crypto.subtle, "digest");
    await s256Challenge(PKCE.verifier);
    expect(digest).toHaveBeenCalledWith("SHA-256", expect.any(Uint8Array));
  });

  it("creates a fresh 43-character verifier and its S256 challenge", async () => {
    const a = await createPkcePair();
    const b = await createPkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.challenge).toBe(await s256Challenge(a.verifier));
    expect(a.method).toBe("S256");
    expect(a.verifier).not.toBe(b.verifier);
    expect((await createPkcePair(96)).verifier).toHaveLength(128);
  });

  it.each([
    ["too short", "abc", "code_verifier", "pattern"],
    ["a character outside the unreserved set", `${PKCE.verifier}+`, "code_verifier", "pattern"],
    ["129 characters", "a".repeat(129), "code_verifier", "pattern"],
  ])("rejects a verifier %s", async (_, verifier, field, rule) => {
    await expect(s256Challenge(verifier)).rejects.toMatchObject({ field, rule });
    await expect(s256Challenge(verifier)).rejects.toBeInstanceOf(InputError);
  });

  it.each([16, 31, 97, 40.5])("rejects %s random bytes", async (n) => {
    await expect(createPkcePair(n)).rejects.toMatchObject({ field: "byteLength", rule: "range" });
  });

  it("a fresh pair passes the v4 mock's authorization and token validation", async () => {
    const pair = await createPkcePair();
    const base = { tenantId: TENANT_ID, baseUrl: mockUrl("identity-v4") };
    const url = authorizationUrl("v4", base, { response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, state: "s1", ...pkceAuthorizationParams(pair) });
    const authorize = await fetch(url, { redirect: "manual" });
    expect(authorize.headers.get("sl-violations")).toBeNull();

    const client = createIdentityV4Client({ baseUrl: base.baseUrl, ...(identityCatalogue("v4").client as object) });
    const { data, response } = await client.POST("/oauth/v4/{tenantId}/token", {
      body: { grant_type: "authorization_code", code: "SplxlOBeZQQYbYS6WxSbIA", redirect_uri: REDIRECT_URI, code_verifier: pair.verifier },
    });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    expect(data?.token_type).toBe("Bearer");
  });
});
