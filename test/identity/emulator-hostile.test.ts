/**
 * Issue 38, the identity findings, each counted: jwt-bearer replay is keyed on the signature's
 * bytes (not its base64url text, and for ECDSA not on which of (r, s) and (r, n − s) was sent);
 * authorization never redirects to a callback with a fragment or user information; and the
 * codes unauthenticated callers make are bounded by the bytes they hold, not only by count.
 */
import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { describe, expect, it } from "vitest";
import { DEFAULT_CLIENT, type IdentityState } from "cloud-interfaces/emulator";
import { TEST_ONLY_PRIVATE_JWK } from "./fixtures/test-signing-key.js";
import { emulator } from "../emulator/harness.js";

const ORIGIN = "https://us-south.identity.example.com";
const BASE = `${ORIGIN}/oauth/v4/tenant-1`;
const BASIC = `Basic ${btoa(`${DEFAULT_CLIENT.client_id}:${DEFAULT_CLIENT.client_secret}`)}`;
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function setup(seed: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
  const env = emulator("identity-v4", { seed: { signingKey: TEST_ONLY_PRIVATE_JWK, ...seed }, ...options }, Date.now());
  const exchange = (assertion: string) =>
    env.fetch(`${BASE}/token`, { method: "POST", headers: { authorization: BASIC, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString() });
  const authorize = (redirect_uri: string, tenant = "tenant-1") =>
    env.fetch(`${ORIGIN}/oauth/v4/${tenant}/authorization?${new URLSearchParams({ response_type: "code", client_id: DEFAULT_CLIENT.client_id, scope: "openid", redirect_uri })}`, { redirect: "manual" });
  return { ...env, exchange, authorize };
}

/** Every spelling of the signature's last base64url character that decodes to the same bytes (its unused low bits). */
function lowBitVariants(jws: string): string[] {
  const last = jws.at(-1)!;
  const signatureBits = ((jws.length - jws.lastIndexOf(".") - 1) * 6) % 8;
  const unused = signatureBits === 0 ? 0 : signatureBits; // bits of the last character that carry no byte
  const base = B64URL.indexOf(last) & ~((1 << unused) - 1);
  return Array.from({ length: 1 << unused }, (_, i) => jws.slice(0, -1) + B64URL[base | i]).filter((v) => v !== jws);
}

async function assertionFor(alg: "RS256" | "ES256") {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  const env = setup({ customFlowKey: { ...(await exportJWK(publicKey)), alg } });
  const now = Math.floor(env.time.clock() / 1000);
  // No jti: the emulator tells a replay by the signature alone.
  const assertion = await new SignJWT({}).setProtectedHeader({ alg }).setSubject("user-9").setAudience(BASE).setIssuer("my-idp").setExpirationTime(now + 600).sign(privateKey as CryptoKey);
  return { env, assertion };
}

describe("jwt-bearer replay without jti is keyed on the signature's bytes", () => {
  it("RS256: the spellings of the signature's last character that decode to the same bytes are one assertion", async () => {
    const { env, assertion } = await assertionFor("RS256");
    const variants = lowBitVariants(assertion);
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) expect(base64url.decode(v.slice(v.lastIndexOf(".") + 1))).toEqual(base64url.decode(assertion.slice(assertion.lastIndexOf(".") + 1)));
    const statuses = [(await env.exchange(assertion)).status];
    for (const v of variants) statuses.push((await env.exchange(v)).status);
    // One exchange, every other spelling refused as a replay (before: each was accepted).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.slice(1).every((s) => s === 400)).toBe(true);
  });

  it("ES256: (r, n − s) is the same assertion as (r, s), and so are the low-bit spellings", async () => {
    const { env, assertion } = await assertionFor("ES256");
    const dot = assertion.lastIndexOf(".");
    const signature = base64url.decode(assertion.slice(dot + 1));
    const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString("hex")}`);
    const flipped = Buffer.from((P256_ORDER - s).toString(16).padStart(64, "0"), "hex");
    const malleated = `${assertion.slice(0, dot + 1)}${base64url.encode(Buffer.concat([signature.subarray(0, 32), flipped]))}`;
    const forms = [assertion, malleated, ...lowBitVariants(assertion), ...lowBitVariants(malleated)];
    const statuses: number[] = [];
    for (const form of forms) statuses.push((await env.exchange(form)).status);
    expect(forms.length).toBeGreaterThan(2);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    // The malleated form verifies (it is refused as a replay, not as a bad signature): sent first to a fresh emulator it is accepted.
    const fresh = setup({ customFlowKey: (env.emu.state as IdentityState).customFlowKey });
    expect((await fresh.exchange(malleated)).status).toBe(200);
    expect((await fresh.exchange(assertion)).status).toBe(400);
  });
});

describe("authorization redirects follow RFC 6749 §3.1.2", () => {
  it("a callback with a fragment is refused in the document's error shape (before: a 500 naming the emulator's Location)", async () => {
    const t = setup();
    for (const target of ["http://evil.example/x#frag", "https://app.example.com/callback#", "https://app.example.com/cb?a=1#x"]) {
      const r = await t.authorize(target);
      expect(r.status, target).toBe(400);
      expect(r.headers.get("location")).toBeNull();
      expect(await r.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("fragment") });
    }
    // Sent percent-encoded in the query (%23), as the battery did: the decoded value has the fragment.
    const encoded = await t.fetch(`${BASE}/authorization?response_type=code&client_id=${DEFAULT_CLIENT.client_id}&redirect_uri=http://evil.example/x%23frag`, { redirect: "manual" });
    expect(encoded.status).toBe(400);
  });

  it("a callback with user information is refused, and no code is made for it", async () => {
    const t = setup();
    for (const target of ["https://user:pw@evil.example/", "https://user@evil.example/cb", "https://@evil.example/"]) {
      const r = await t.authorize(target);
      expect(r.status, target).toBe(400);
      expect(r.headers.get("location")).toBeNull();
      expect(await r.json()).toMatchObject({ error: "invalid_request" });
    }
    const tenant = (t.emu.state as IdentityState).partitions.get("tenant-1");
    expect([...(tenant?.codes.values() ?? [])].filter((c) => c.redirectUri.includes("@"))).toEqual([]);
    expect((await t.authorize("https://app.example.com/callback")).status).toBe(302);
  });

  it("SSO logout refuses the same callbacks", async () => {
    const t = setup();
    for (const target of ["https://user:pw@evil.example/", "http://evil.example/x#frag"]) {
      const r = await t.fetch(`${BASE}/cloud_directory/sso/logout?${new URLSearchParams({ client_id: DEFAULT_CLIENT.client_id, redirect_uri: target })}`, { redirect: "manual", headers: { cookie: "sso=1" } });
      expect(r.status, target).toBe(400);
      expect(r.headers.get("location")).toBeNull();
    }
  });
});

describe("authorization codes are bounded by the bytes they hold", () => {
  it("codes with a 7 KB redirect_uri stop at the byte cap, answered as the document's 400, across tenants", async () => {
    const cap = 256 * 1024;
    const t = setup({}, { caps: { identityCodeBytes: cap } });
    const callback = `https://app.example.com/cb?${"x".repeat(7 * 1024)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await t.authorize(callback, `tenant-${i % 4}`);
      statuses.push(r.status);
      if (r.status === 400) expect(await r.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("bytes of live authorization codes") });
    }
    // Counted independently of the emulator's own counter: the callback bytes the tenants' codes hold.
    const held = [...(t.emu.state as IdentityState).partitions.values()].flatMap((tenant) => [...tenant.codes.values()]).reduce((n, c) => n + c.redirectUri.length, 0);
    expect(held).toBeLessThanOrEqual(cap);
    expect(statuses.filter((s) => s === 302).length).toBe(Math.floor(held / callback.length));
    expect(statuses.slice(-10).every((s) => s === 400)).toBe(true);
  });

  it("expired codes make room again", async () => {
    const t = setup({}, { caps: { identityCodeBytes: 64 * 1024 } });
    const callback = `https://app.example.com/cb?${"x".repeat(7 * 1024)}`;
    let made = 0;
    while ((await t.authorize(callback)).status === 302) made++;
    expect(made).toBeGreaterThan(0);
    t.time.advance(61_000);
    expect((await t.authorize(callback)).status).toBe(302);
    const held = [...(t.emu.state as IdentityState).partitions.get("tenant-1")!.codes.values()].filter((c) => c.redirectUri === callback);
    expect(held).toHaveLength(1);
  });
});
