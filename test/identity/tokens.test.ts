import { importJWK, SignJWT, type JWTPayload } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createIdentityV3Client } from "cloud-interfaces/identity-v3";
import { createIdentityV4Client } from "cloud-interfaces/identity-v4";
import { InputError } from "cloud-interfaces/core";
import { TokenVerificationError } from "cloud-interfaces/identity-v4";
import { clientKeys, localKeys, remoteKeys, verifyToken, type KeySource } from "cloud-interfaces/identity-v4";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { resolve } from "../harness/responses.js";
import { CLIENT_ID, identityCatalogue, TENANT_ID } from "./catalogue.js";
import { TEST_ONLY_PRIVATE_JWK, TEST_ONLY_PUBLIC_JWK } from "./fixtures/test-signing-key.js";

const ISSUER = `https://us-south.identity.example.com/oauth/v4/${TENANT_ID}`;
const NOW = Math.floor(Date.now() / 1000);
let privateKey: CryptoKey;

beforeAll(async () => {
  privateKey = (await importJWK(TEST_ONLY_PRIVATE_JWK, "RS256")) as CryptoKey;
});

function sign(claims: JWTPayload = {}, header: Record<string, unknown> = {}, key: CryptoKey | Uint8Array = privateKey) {
  return new SignJWT({ email: "ana.silva@example.com", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: TEST_ONLY_PUBLIC_JWK.kid, ...header })
    .setIssuer(ISSUER)
    .setSubject("7b3e8f12-0c4d-4a5e-9f61-2d8c3b7a1e94")
    .setAudience(CLIENT_ID)
    .setIssuedAt(NOW)
    .setExpirationTime(claims.exp ?? NOW + 3600)
    .sign(key);
}

const documentedKeys = (v: "v3" | "v4") =>
  resolve(bundledDocument(`identity-${v}`), `#/paths/~1oauth~1${v}~1{tenantId}~1publickeys/get/responses/200`).content["application/json"].examples.publicKeys.value;

describe.each(["v3", "v4"] as const)("identity-%s public keys", (v) => {
  it("the mock's publicKeys example is the public half of the test key", () => {
    expect(documentedKeys(v)).toEqual({ keys: [TEST_ONLY_PUBLIC_JWK] });
  });

  it("verifies a token with keys fetched through the generated client", async () => {
    const options = { baseUrl: mockUrl(`identity-${v}`), ...(identityCatalogue(v).client as object) };
    const keys = v === "v3" ? await clientKeys(createIdentityV3Client(options), v) : await clientKeys(createIdentityV4Client(options), v);
    const payload = await verifyToken(await sign(), keys, { issuer: ISSUER, audience: CLIENT_ID });
    expect(payload.sub).toBe("7b3e8f12-0c4d-4a5e-9f61-2d8c3b7a1e94");
  });

  it("verifies a token with keys fetched from the public-keys URL (remote JWKS)", async () => {
    const keys = remoteKeys(v, { tenantId: TENANT_ID, baseUrl: mockUrl(`identity-${v}`) });
    expect((await verifyToken(await sign(), keys, { issuer: ISSUER })).email).toBe("ana.silva@example.com");
  });

  // Issue 14 items 3 and 11: each version's tokens name that version's issuer, and they verify
  // today without a pinned clock.
  it("verifies the tokens of the documented token response with this version's issuer", async () => {
    const doc = bundledDocument(`identity-${v}`);
    const examples = doc.components.responses.TokenIssued.content["application/json"].examples;
    const keys = localKeys(documentedKeys(v));
    const at = { issuer: `https://us-south.identity.example.com/oauth/${v}/${TENANT_ID}`, audience: CLIENT_ID };
    expect((await verifyToken(examples.tokens.value.id_token, keys, at)).nonce).toBe("n-0S6_WzA2Mj");
    expect((await verifyToken(examples.tokens.value.access_token, keys, at)).scope).toBe("openid profile email");
    expect((await verifyToken(examples.clientCredentialsTokens.value.access_token, keys, at)).sub).toBe(CLIENT_ID);
    expect((await verifyToken(examples.refreshedTokens.value.access_token, keys, at)).sub).toBe("7b3e8f12-0c4d-4a5e-9f61-2d8c3b7a1e94");
  });
});

describe("verifyToken failures", () => {
  let keys: KeySource;
  beforeAll(() => {
    keys = localKeys({ keys: [TEST_ONLY_PUBLIC_JWK] });
  });

  const rejected: [string, () => Promise<string>, Partial<{ issuer: string; audience: string }>, string, string?][] = [
    ["an expired token", () => sign({ exp: NOW - 120 }), {}, "ERR_JWT_EXPIRED", "exp"],
    ["another issuer", () => sign(), { issuer: "https://us-south.identity.example.com/oauth/v4/other-tenant" }, "ERR_JWT_CLAIM_VALIDATION_FAILED", "iss"],
    ["another audience", () => sign(), { audience: "another-client" }, "ERR_JWT_CLAIM_VALIDATION_FAILED", "aud"],
    ["a tampered payload", async () => {
      const [h, , s] = (await sign()).split(".");
      return `${h}.${Buffer.from(JSON.stringify({ iss: ISSUER, sub: "admin", exp: NOW + 60 })).toString("base64url")}.${s}`;
    }, {}, "ERR_JWS_SIGNATURE_VERIFICATION_FAILED"],
    ["an unknown key id", () => sign({}, { kid: "rotated-away" }), {}, "ERR_JWKS_NO_MATCHING_KEY"],
    ["an HMAC token (algorithm confusion)", () => sign({}, { alg: "HS256" }, new TextEncoder().encode("x".repeat(32))), {}, "ERR_JOSE_ALG_NOT_ALLOWED"],
  ];

  it.each(rejected)("rejects %s with a TokenVerificationError that leaks nothing", async (_, make, expected, code, claim) => {
    const token = await make();
    const error = await verifyToken(token, keys, { issuer: ISSUER, ...expected }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TokenVerificationError);
    expect(error).toMatchObject({ code, ...(claim ? { claim } : {}) });
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(text).not.toContain(token.split(".")[1]!);
    expect(text).not.toContain("ana.silva");
  });

  it.each([
    ["an unsigned token", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "token", "pattern"],
    ["a non-string", 42, "token", "pattern"],
  ])("rejects %s as bad input", async (_, token, field, rule) => {
    await expect(verifyToken(token as string, keys, { issuer: ISSUER })).rejects.toBeInstanceOf(InputError);
    await expect(verifyToken(token as string, keys, { issuer: ISSUER })).rejects.toMatchObject({ field, rule });
  });

  it("requires the expected issuer", async () => {
    await expect(verifyToken(await sign(), keys, { issuer: "" })).rejects.toMatchObject({ field: "issuer", rule: "required" });
  });

  it("rejects a key set without keys", () => {
    expect(() => localKeys({} as never)).toThrow(InputError);
  });
});
