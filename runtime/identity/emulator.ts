import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type CryptoKey } from "jose";
import { base64url, decodeBase64Text, sameSecret, sha256 } from "../emulator/bytes.js";
import { empty, json, type Reply, type Context, type Failure } from "../emulator/app.js";
import type { TableOperation } from "../openapi/operation-table.js";
import type { EmulatorOptions } from "../emulator/types.js";
import { CapReached } from "../emulator/caps.js";
import { engineDefinition, engineOf, type EngineState, type Partition, type Plugin } from "../emulator/engine.js";
import { rules as v3Rules } from "../../generated/identity-v3/rules.js";
import { EMPTY_WORLD, exampleVerifier, readWorld, type World } from "../emulator/world.js";
import { serverPatterns } from "../emulator/servers.js";
import { signatureKey } from "./assertion-replay.js";
import { redirectRefusal, redirectTo } from "./redirects.js";

/**
 * The identity emulators' plug-in (v3 and v4): what no `x-resource` annotation can state, a
 * real (small) OAuth 2.0 / OpenID Connect provider: per-tenant RS256 keys, codes bound to
 * redirect_uri (and in v4 to the PKCE challenge), every grant of the document, introspection
 * that sees expiry and revocation, userinfo, the 15-second temporary code, and (v3) discovery
 * of its own endpoints. Each operation names its handler in the document (`x-resource:
 * { plugin: <name> }`); tenants are the resource engine's partitions (runtime/emulator/engine.ts),
 * and the starting world (clients, codes, tokens, the assertion key) is read from the examples
 * (runtime/emulator/world.ts).
 */

export const ACCESS_TOKEN_SECONDS = 3600;
export const CODE_SECONDS = 60;
export const TEMPORARY_CODE_SECONDS = 15;

export interface IdentityClient {
  client_id: string;
  /** Absent for a public client (RFC 6749 §2.1), which names itself by client_id alone. */
  client_secret?: string;
  /** Registered callback URIs; empty or absent accepts any absolute URI. */
  redirect_uris?: string[];
}

export interface IdentityUser {
  username: string;
  password: string;
  sub: string;
  name?: string;
  email?: string;
}

export interface IdentitySeed {
  clients?: IdentityClient[];
  users?: IdentityUser[];
  /** The user the (UI-less) authorization endpoint signs in; default the first user. */
  signedInUser?: string;
  /** Public JWK of the tenant's custom-flow key, which verifies jwt-bearer assertions. */
  customFlowKey?: JWK;
  /** The `iss` a jwt-bearer assertion must carry; default any non-empty issuer (the identity provider's name is not shown). */
  customFlowIssuer?: string;
  /**
   * A private RSA JWK every tenant signs with, instead of a key generated per tenant on first use
   * (generation takes 50-500 ms; tests that make many emulators pass one key).
   */
  signingKey?: JWK;
}

interface Code {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  method?: string;
  nonce?: string;
  scope: string;
  sub: string;
  expiresAt: number;
  used: boolean;
  /** The grant the code's exchange made: a second exchange of the code revokes it (RFC 6749 §4.1.2). */
  grantId?: string;
  /** What it holds, counted against the byte cap (issued codes only; the world's are the document's). */
  bytes?: number;
}

interface Grant {
  clientId: string;
  sub: string;
  scope: string;
  audience: string;
  revoked: boolean;
}

type Tenant = Partition & {
  keys?: Promise<{ privateKey: CryptoKey; jwk: JWK }>;
  codes: Map<string, Code>;
  /** Refresh token -> its grant; access tokens carry the grant id (`gid`) so revocation reaches them. */
  refreshTokens: Map<string, string>;
  grants: Map<string, Grant>;
  temporaryCodes: Map<string, { sub: string; expiresAt: number }>;
  /** jwt-bearer assertions already exchanged (jti, or the signature when there is none), until they expire. */
  assertions: Map<string, { expiresAt: number }>;
  /** Access tokens of the starting world (the document's example tokens), with their grant id and claims. */
  exampleTokens: Map<string, { gid: string; claims: Record<string, unknown> }>;
  /** Whether the world's codes and tokens are in (on the tenant's first request, which names its issuer). */
  populated: boolean;
};

/** What the OAuth plug-in's own code bounds (runtime/emulator/ASSUMPTIONS.md, "Caps"). */
const IDENTITY_CAPS = {
  /** Tenants (each has an RSA key); past it an unknown tenant is a 400. */
  identityTenants: 100,
  /** Live authorization codes and temporary codes per tenant, each; expired ones are pruned first. */
  identityCodesPerTenant: 1_000,
  /** Grants (token responses) per tenant. */
  identityGrantsPerTenant: 10_000,
  /**
   * Characters the live authorization codes hold, across tenants: a code keeps its
   * redirect_uri, nonce and scope, which an unauthenticated caller chooses.
   */
  identityCodeBytes: 8 * 1024 * 1024,
  /** jwt-bearer assertion ids remembered per tenant until they expire (replay protection). */
};

export interface IdentityState extends EngineState {
  caps: EngineState["caps"] & Record<keyof typeof IDENTITY_CAPS, number>;
  version: "v3" | "v4";
  clients: Map<string, IdentityClient>;
  users: Map<string, IdentityUser>;
  signedInUser: string;
  customFlowKey?: JWK;
  customFlowIssuer?: string;
  signingKey?: JWK;
  /** Tenant id -> its codes, grants and tokens (the engine's partitions). */
  partitions: Map<string, Tenant>;
  /** The document's examples every tenant begins with (runtime/emulator/world.ts). */
  examples: World;
  /** Documented server URL patterns: an assertion addressed to the documented host is addressed to this emulator. */
  servers: RegExp[];
  /** Issued authorization codes in the order they expire (they all live CODE_SECONDS), with the bytes each holds. */
  issuedCodes: Array<{ codes: Map<string, Code>; code: string; expiresAt: number; bytes: number }>;
  /** Bytes the issued codes in `issuedCodes` hold. */
  codeBytes: number;
}

export const DEFAULT_CLIENT: IdentityClient & { client_secret: string } = { client_id: "emulator-client", client_secret: "emulator-secret" };
export const DEFAULT_USER: IdentityUser = { username: "alice", password: "alice-password", sub: "7f3d9c2a-5b1e-4d8f-a6c3-2e9b8d7f1a4c", name: "Alice Example", email: "alice@example.com" };

/** The world's clients: one a Basic credential example names is confidential (its secret is the credential's), any other public. */
function worldClients(world: World): IdentityClient[] {
  const clients = new Map<string, IdentityClient>();
  for (const ref of world.references.get("client") ?? []) {
    const id = String(ref.value);
    const secret = ref.fields?.secret;
    if (typeof secret === "string") clients.set(id, { client_id: id, client_secret: secret });
    else if (!clients.has(id)) clients.set(id, { client_id: id });
  }
  return [...clients.values()];
}

function initialState(base: EngineState, version: "v3" | "v4", options: EmulatorOptions, document: unknown): IdentityState {
  const seed = (options.seed ?? {}) as IdentitySeed;
  const withDefaults = options.seedFromExamples !== false;
  const world = withDefaults ? readWorld(document) : EMPTY_WORLD;
  const clients = [...(withDefaults ? [DEFAULT_CLIENT, ...worldClients(world)] : []), ...(seed.clients ?? [])];
  const users = [...(withDefaults ? [DEFAULT_USER] : []), ...(seed.users ?? [])];
  return {
    ...base,
    // The engine resolved the plug-in's declared caps with the caller's (resolveCaps).
    caps: base.caps as IdentityState["caps"],
    version,
    clients: new Map(clients.map((c) => [c.client_id, c])),
    users: new Map(users.map((u) => [u.username, u])),
    signedInUser: seed.signedInUser ?? users[0]?.username ?? "",
    customFlowKey: seed.customFlowKey ?? (withDefaults ? (exampleVerifier(document) as JWK | undefined) : undefined),
    ...(seed.customFlowIssuer !== undefined ? { customFlowIssuer: seed.customFlowIssuer } : {}),
    signingKey: seed.signingKey,
    partitions: new Map(),
    examples: world,
    servers: document === undefined ? [] : serverPatterns(`identity-${version}`, document),
    issuedCodes: [],
    codeBytes: 0,
  };
}

/** Far enough that an example resource never expires in a test run (the world's codes and tokens are the document's, not issued). */
const WORLD_EXPIRY_SECONDS = 4_102_444_800;

/** The claims of a JWS compact token, or {} when it is none (an example token may be opaque). */
function payloadOf(token: string): Record<string, unknown> {
  try {
    const claims = JSON.parse(decodeBase64Text(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return claims && typeof claims === "object" ? claims : {};
  } catch {
    return {};
  }
}

/**
 * What a new tenant holds of the starting world: the authorization codes, refresh tokens and
 * access tokens the document's examples use, each granted to the client its example names
 * (the Basic credential, or the form's client_id) for the emulator's signed-in user.
 */
function populate(state: IdentityState, tenant: Tenant, issuerUrl: string, now: number): void {
  const user = state.users.get(state.signedInUser);
  const sub = user?.sub ?? "";
  const confidential = [...state.clients.values()].find((c) => c.client_secret !== undefined && c !== DEFAULT_CLIENT);
  const clientOf = (ref: NonNullable<ReturnType<World["references"]["get"]>>[number]): string => {
    const named = ref.holder?.client_id;
    if (typeof named === "string") return named;
    const basic = Object.values(ref.example.credentials).find((c) => c.includes(":"));
    return basic !== undefined ? basic.slice(0, basic.indexOf(":")) : (confidential?.client_id ?? DEFAULT_CLIENT.client_id);
  };
  for (const ref of state.examples.references.get("authorizationCode") ?? []) {
    const holder = ref.holder ?? {};
    const verifier = holder.code_verifier;
    tenant.codes.set(String(ref.value), {
      clientId: clientOf(ref),
      redirectUri: String(holder.redirect_uri ?? ""),
      // The code was issued for the verifier its example sends (held as is: the same check as RFC 7636 S256 of it); v3 has no PKCE.
      ...(state.version === "v4" && typeof verifier === "string" ? { challenge: verifier, method: "plain" } : {}),
      scope: "openid",
      sub,
      expiresAt: WORLD_EXPIRY_SECONDS * 1000,
      used: false,
    });
  }
  const grant = (gid: string, clientId: string, subject = sub) => {
    if (!tenant.grants.has(gid)) tenant.grants.set(gid, { clientId, sub: subject, scope: "openid", audience: clientId, revoked: false });
  };
  for (const ref of state.examples.references.get("refreshToken") ?? []) {
    const gid = `world-refresh-${tenant.refreshTokens.size}`;
    grant(gid, clientOf(ref));
    tenant.refreshTokens.set(String(ref.value), gid);
  }
  for (const ref of state.examples.references.get("accessToken") ?? []) {
    const token = String(ref.value);
    if (tenant.exampleTokens.has(token)) continue;
    const clientId = clientOf(ref);
    const claims = payloadOf(token);
    const subject = typeof claims.sub === "string" ? claims.sub : sub;
    const gid = `world-access-${tenant.exampleTokens.size}`;
    grant(gid, clientId, subject);
    const iat = Math.floor(now / 1000);
    tenant.exampleTokens.set(token, { gid, claims: { scope: "openid", client_id: clientId, gid, sub: subject, aud: clientId, iss: issuerUrl, iat, exp: WORLD_EXPIRY_SECONDS } });
  }
}

/** The request's tenant: the engine's partition of its tenantId, with the world's codes and tokens on first use. */
function tenantOf(ctx: Context<IdentityState>): Tenant {
  const tenant = engineOf(ctx.document as object).partitionOf(ctx.state, ctx as never, { partition: ["tenantId"], partitionCap: "identityTenants" }, identityPlugin) as Tenant;
  if (!tenant.populated) {
    tenant.populated = true;
    populate(ctx.state, tenant, issuer(ctx), ctx.now());
  }
  return tenant;
}

/** Drops expired entries, then refuses to grow past the cap: codes are made by unauthenticated requests. */
function roomFor(ctx: Context<IdentityState>, entries: Map<string, { expiresAt: number }>, what: string, cap = ctx.state.caps.identityCodesPerTenant): void {
  if (entries.size < cap) return;
  for (const [key, entry] of entries) if (entry.expiresAt <= ctx.now()) entries.delete(key);
  if (entries.size >= cap) throw new CapReached(`${what} per tenant`, cap);
}

/** A code's fixed cost beside its strings (the entry, its object, its place in the expiry queue). */
const CODE_OVERHEAD_BYTES = 160;

/**
 * Keeps an issued authorization code within the caps: its tenant's count and the bytes all
 * codes hold. Codes expire in the order they are made, so the expired ones are dropped from
 * the front of the queue first; past a cap the request is refused (the document's 400).
 */
function holdCode(ctx: Context<IdentityState>, tenant: Tenant, code: string, entry: Code): void {
  const state = ctx.state;
  const bytes = CODE_OVERHEAD_BYTES + code.length + entry.clientId.length + entry.redirectUri.length + entry.scope.length + entry.sub.length + (entry.nonce?.length ?? 0) + (entry.challenge?.length ?? 0) + (entry.method?.length ?? 0);
  const now = ctx.now();
  let dropped = 0;
  while (dropped < state.issuedCodes.length && state.issuedCodes[dropped]!.expiresAt <= now) {
    const old = state.issuedCodes[dropped++]!;
    if (old.codes.get(old.code)?.bytes !== undefined) old.codes.delete(old.code);
    state.codeBytes -= old.bytes;
  }
  if (dropped > 0) state.issuedCodes.splice(0, dropped);
  if (tenant.codes.size >= state.caps.identityCodesPerTenant) roomFor(ctx, tenant.codes, "live authorization codes");
  if (state.codeBytes + bytes > state.caps.identityCodeBytes) throw new CapReached("bytes of live authorization codes (their redirect_uri, nonce and scope)", state.caps.identityCodeBytes);
  tenant.codes.set(code, { ...entry, bytes });
  state.issuedCodes.push({ codes: tenant.codes, code, expiresAt: entry.expiresAt, bytes });
  state.codeBytes += bytes;
}

/** The tenant's signing key, made on first use (RSA generation is the slow part of a tenant). */
function keysOf(state: IdentityState, tenant: Tenant, tenantId: string) {
  const given = state.signingKey;
  tenant.keys ??= (
    given
      ? importJWK(given, "RS256").then((privateKey) => ({ privateKey: privateKey as CryptoKey, publicKey: { kty: given.kty, n: given.n, e: given.e } as JWK }))
      : generateKeyPair("RS256", { extractable: true }).then(async ({ privateKey, publicKey }) => ({ privateKey, publicKey: await exportJWK(publicKey) }))
  ).then(({ privateKey, publicKey }) => ({ privateKey, jwk: { ...publicKey, kid: `${tenantId}-1`, alg: "RS256", use: "sig" } }));
  return tenant.keys;
}

/** The issuer is where the request came: the emulator describes its own endpoints, whatever host serves it. */
function issuer(ctx: Context<IdentityState>): string {
  return `${ctx.url.origin}/oauth/${ctx.state.version}/${encodeURIComponent(ctx.input.path.tenantId as string)}`;
}

const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
  json(status, { error, error_description: description }, "application/json", headers);

const bearerChallenge = (error: string, description: string, status = 401) =>
  oauthError(status, error, description, { "WWW-Authenticate": `Bearer error="${error}"` });

/**
 * The client authenticated by the request, if its secret is right: HTTP Basic (the scheme name
 * `Basic`, case-insensitive as RFC 9110 §11.1 says, then a base64 token68), or `client_id` and
 * `client_secret` in the body (client_secret_post, which the document allows). Both at once is
 * refused (RFC 6749 §2.3: one method per request).
 */
function authenticatedClient(ctx: Context<IdentityState>): IdentityClient | undefined {
  const header = ctx.request.headers.get("authorization");
  const form = (ctx.input.body ?? {}) as Record<string, unknown>;
  const posted = typeof form.client_secret === "string";
  if (header === null) {
    if (typeof form.client_id !== "string") return undefined;
    const client = ctx.state.clients.get(form.client_id);
    // A public client (no secret) names itself; a confidential one proves its secret.
    if (client?.client_secret === undefined) return client && !posted ? client : undefined;
    return posted && sameSecret(client.client_secret, form.client_secret as string) ? client : undefined;
  }
  if (posted) return undefined;
  const basic = /^basic +([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  if (!basic) return undefined;
  const decoded = decodeBase64Text(basic[1]!);
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  // RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding.
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return s;
    }
  };
  const client = ctx.state.clients.get(decode(decoded.slice(0, colon)));
  return client?.client_secret !== undefined && sameSecret(client.client_secret, decode(decoded.slice(colon + 1))) ? client : undefined;
}

async function issueTokens(ctx: Context<IdentityState>, grant: Omit<Grant, "revoked">, extra: { nonce?: string; withRefresh: boolean; grantId?: string; withIdToken?: boolean }) {
  const tenant = tenantOf(ctx);
  const { privateKey, jwk } = await keysOf(ctx.state, tenant, ctx.input.path.tenantId as string);
  const gid = extra.grantId ?? ctx.token(12);
  if (!tenant.grants.has(gid)) {
    if (tenant.grants.size >= ctx.state.caps.identityGrantsPerTenant) throw new CapReached("grants per tenant", ctx.state.caps.identityGrantsPerTenant);
    tenant.grants.set(gid, { ...grant, revoked: false });
  }
  const now = Math.floor(ctx.now() / 1000);
  const iss = issuer(ctx);
  const user = [...ctx.state.users.values()].find((u) => u.sub === grant.sub);
  const access_token = await new SignJWT({ scope: grant.scope, client_id: grant.clientId, gid, tenant: ctx.input.path.tenantId as string, ver: ctx.state.version })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid!, typ: "at+jwt" })
    .setIssuer(iss)
    .setSubject(grant.sub)
    .setAudience(grant.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .setJti(ctx.token(12))
    .sign(privateKey);
  // TokenResponse: an identity token for every grant but client_credentials, which has no end user.
  let id_token: string | undefined;
  if (extra.withIdToken !== false) {
    const idClaims: Record<string, unknown> = {};
    if (extra.nonce !== undefined) idClaims.nonce = extra.nonce;
    if (user?.name) idClaims.name = user.name;
    if (user?.email) idClaims.email = user.email;
    id_token = await new SignJWT(idClaims)
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid!, typ: "JWT" })
      .setIssuer(iss)
      .setSubject(grant.sub)
      .setAudience(grant.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(privateKey);
  }
  const body: Record<string, unknown> = { access_token, ...(id_token !== undefined ? { id_token } : {}), token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS };
  if (extra.withRefresh) {
    const refresh = ctx.token(32);
    tenant.refreshTokens.set(refresh, gid);
    body.refresh_token = refresh;
  }
  return json(200, body, "application/json", { "Cache-Control": "no-store" });
}

type Verified = { ok: true; claims: Record<string, any> } | { ok: false; reason: "expired" | "revoked" | "invalid" };

/** Checks an access token of this tenant: signature, issuer, expiry (on the emulator's clock), revocation. */
async function verifyAccessToken(ctx: Context<IdentityState>, token: string): Promise<Verified> {
  const tenant = tenantOf(ctx);
  const example = tenant.exampleTokens.get(token);
  if (example) return tenant.grants.get(example.gid)?.revoked ? { ok: false, reason: "revoked" } : { ok: true, claims: example.claims };
  const { jwk } = await keysOf(ctx.state, tenant, ctx.input.path.tenantId as string);
  try {
    const key = await importJWK(jwk, "RS256");
    const { payload } = await jwtVerify(token, key, { issuer: issuer(ctx), algorithms: ["RS256"], currentDate: new Date(ctx.now()), typ: "at+jwt" });
    const grant = tenant.grants.get(payload.gid as string);
    if (!grant || grant.revoked) return { ok: false, reason: "revoked" };
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: (error as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
}

/**
 * RFC 7523 §3: the audience is this tenant, by its issuer or token endpoint, on the host the
 * request came to or on a documented server of the service (which the emulator stands in for).
 */
function addressedHere(ctx: Context<IdentityState>, aud: unknown): boolean {
  const suffix = `/oauth/${ctx.state.version}/${encodeURIComponent(ctx.input.path.tenantId as string)}`;
  return (Array.isArray(aud) ? aud : [aud]).some((value) => {
    if (typeof value !== "string") return false;
    const base = value.endsWith("/token") ? value.slice(0, -"/token".length) : value;
    if (!base.endsWith(suffix)) return false;
    const origin = base.slice(0, -suffix.length);
    return origin === ctx.url.origin || ctx.state.servers.some((pattern) => pattern.test(origin));
  });
}

async function s256(verifier: string): Promise<string> {
  return base64url(await sha256(verifier));
}

const SIGN_UP_FORM = "<!doctype html><title>Sign up</title><form method=post><input name=email type=email><input name=password type=password><button>Sign up</button></form>";

function authorize(ctx: Context<IdentityState>): Reply {
  const q = ctx.input.query as Record<string, string | undefined>;
  const client = ctx.state.clients.get(q.client_id!);
  // RFC 6749 §4.1.2.1: a bad client or callback is told to the caller, never redirected to.
  if (!client) return oauthError(400, "invalid_client", "the client_id is not registered");
  const refused = redirectRefusal(client, q.redirect_uri);
  if (refused !== undefined) return oauthError(400, "invalid_request", refused);
  if (q.response_type === "sign_up") return { status: 200, headers: { "content-type": "text/html" }, body: SIGN_UP_FORM };
  const tenant = tenantOf(ctx);
  if (q.response_type === "change_details") {
    const temporary = q.code === undefined ? undefined : tenant.temporaryCodes.get(q.code);
    if (!temporary || temporary.expiresAt <= ctx.now()) {
      return redirectTo(303, q.redirect_uri!, { error: "invalid_request", state: q.state });
    }
    tenant.temporaryCodes.delete(q.code!);
  }
  const user = ctx.state.users.get(ctx.state.signedInUser);
  if (!user) return redirectTo(303, q.redirect_uri!, { error: "access_denied", state: q.state });
  if (ctx.state.version === "v4" && q.code_challenge === undefined && q.code_challenge_method !== undefined) {
    return redirectTo(303, q.redirect_uri!, { error: "invalid_request", state: q.state });
  }
  const code = ctx.token(24);
  holdCode(ctx, tenant, code, {
    clientId: client.client_id,
    redirectUri: q.redirect_uri!,
    // PKCE is a v4 feature; v3 ignores the parameters as a service without them would.
    ...(ctx.state.version === "v4" && q.code_challenge !== undefined ? { challenge: q.code_challenge, method: q.code_challenge_method ?? "plain" } : {}),
    ...(q.nonce !== undefined ? { nonce: q.nonce } : {}),
    scope: q.scope ?? "openid",
    sub: user.sub,
    expiresAt: ctx.now() + CODE_SECONDS * 1000,
    used: false,
  });
  return redirectTo(302, q.redirect_uri!, { code, state: q.state });
}

async function requestTokens(ctx: Context<IdentityState>): Promise<Reply> {
  const client = authenticatedClient(ctx);
  if (!client) return oauthError(401, "invalid_client", "client authentication failed");
  const form = ctx.input.body as Record<string, string>;
  const tenant = tenantOf(ctx);
  const invalidGrant = (why: string) => oauthError(400, "invalid_grant", why);
  switch (form.grant_type) {
    case "authorization_code": {
      const code = tenant.codes.get(form.code!);
      if (!code || code.clientId !== client.client_id) return invalidGrant("the code is unknown or was issued to another client");
      if (code.used) {
        // RFC 6749 §4.1.2: a reused code is an attack sign; the tokens it already gave stop working.
        const issued = code.grantId === undefined ? undefined : tenant.grants.get(code.grantId);
        if (issued) issued.revoked = true;
        return invalidGrant("the code was already used; the tokens issued for it are revoked");
      }
      code.used = true;
      if (code.expiresAt <= ctx.now()) return invalidGrant("the code has expired");
      if (code.redirectUri !== form.redirect_uri) return invalidGrant("redirect_uri differs from the authorization request");
      if (ctx.state.version === "v4") {
        if (code.challenge !== undefined) {
          if (form.code_verifier === undefined) return invalidGrant("code_verifier is required: the authorization request had a code_challenge");
          const derived = code.method === "S256" ? await s256(form.code_verifier) : form.code_verifier;
          if (derived !== code.challenge) return invalidGrant("code_verifier does not match the code_challenge");
        } else if (form.code_verifier !== undefined) return invalidGrant("code_verifier sent but the authorization request had no code_challenge");
      }
      code.grantId = ctx.token(12);
      return issueTokens(ctx, { clientId: client.client_id, sub: code.sub, scope: code.scope, audience: client.client_id }, { nonce: code.nonce, withRefresh: true, grantId: code.grantId });
    }
    case "client_credentials": {
      // RFC 6749 §4.4: only a confidential client may use this grant.
      if (client.client_secret === undefined) return oauthError(400, "unauthorized_client", "a public client cannot use client_credentials");
      const audience = ctx.state.version === "v4" && form.audience !== undefined ? form.audience : client.client_id;
      if (!ctx.state.clients.has(audience)) return oauthError(400, "invalid_request", "audience is not a client of this tenant");
      return issueTokens(ctx, { clientId: client.client_id, sub: client.client_id, scope: form.scope ?? "", audience }, { withRefresh: false, withIdToken: false });
    }
    case "password": {
      const user = ctx.state.users.get(form.username!);
      if (!user || !sameSecret(user.password, form.password!)) return invalidGrant("invalid username or password");
      return issueTokens(ctx, { clientId: client.client_id, sub: user.sub, scope: form.scope ?? "openid", audience: client.client_id }, { withRefresh: true });
    }
    case "refresh_token": {
      const gid = tenant.refreshTokens.get(form.refresh_token!);
      const grant = gid === undefined ? undefined : tenant.grants.get(gid);
      if (!grant || grant.revoked || grant.clientId !== client.client_id) return invalidGrant("the refresh token is unknown, revoked or issued to another client");
      return issueTokens(ctx, grant, { withRefresh: false, grantId: gid });
    }
    case "urn:ietf:params:oauth:grant-type:jwt-bearer": {
      if (!ctx.state.customFlowKey) return invalidGrant("no custom-flow key is configured for this tenant");
      try {
        const key = await importJWK(ctx.state.customFlowKey, ctx.state.customFlowKey.alg ?? "RS256");
        // RFC 7523 §3: the audience is this tenant (its issuer or token endpoint), exp is required, nbf honoured (jose checks both on the emulator's clock).
        const { payload, protectedHeader } = await jwtVerify(form.assertion!, key, {
          currentDate: new Date(ctx.now()),
          requiredClaims: ["sub", "exp", "aud", "iss"],
          ...(ctx.state.customFlowIssuer !== undefined ? { issuer: ctx.state.customFlowIssuer } : {}),
        });
        if (!addressedHere(ctx, payload.aud)) return invalidGrant("the assertion was refused: aud is not this tenant's issuer or token endpoint");
        if (typeof payload.iss !== "string" || payload.iss === "") return invalidGrant("the assertion was refused: iss must name its issuer");
        // Replay: an assertion is good once, until it expires (by jti, else by its signature's canonical bytes).
        const id = typeof payload.jti === "string" ? `jti:${payload.jti}` : `sig:${signatureKey(form.assertion!, protectedHeader.alg)}`;
        const seen = tenant.assertions.get(id);
        if (seen && seen.expiresAt > ctx.now()) return invalidGrant("the assertion was refused: it was already used");
        roomFor(ctx, tenant.assertions, "jwt-bearer assertion ids", ctx.state.caps.identityAssertionIdsPerTenant);
        tenant.assertions.set(id, { expiresAt: payload.exp! * 1000 });
        return issueTokens(ctx, { clientId: client.client_id, sub: payload.sub!, scope: form.scope ?? "openid", audience: client.client_id }, { withRefresh: true });
      } catch (error) {
        return invalidGrant(`the assertion was refused: ${(error as Error).message}`);
      }
    }
    default:
      return oauthError(400, "unsupported_grant_type", "unsupported grant_type");
  }
}

async function introspectToken(ctx: Context<IdentityState>): Promise<Reply> {
  const client = authenticatedClient(ctx);
  if (!client) return oauthError(401, "invalid_client", "client authentication failed");
  const token = (ctx.input.body as Record<string, string>).token!;
  const tenant = tenantOf(ctx);
  const gid = tenant.refreshTokens.get(token);
  if (gid !== undefined) {
    const grant = tenant.grants.get(gid)!;
    return json(200, grant.revoked ? { active: false } : { active: true, token_type: "refresh_token", client_id: grant.clientId, sub: grant.sub, scope: grant.scope, iss: issuer(ctx) });
  }
  const verified = await verifyAccessToken(ctx, token);
  if (!verified.ok) return json(200, { active: false });
  const c = verified.claims;
  const user = [...ctx.state.users.values()].find((u) => u.sub === c.sub);
  return json(200, {
    active: true,
    scope: c.scope,
    client_id: c.client_id,
    ...(user ? { username: user.username } : {}),
    token_type: "Bearer",
    exp: c.exp,
    iat: c.iat,
    sub: c.sub,
    aud: c.aud,
    iss: c.iss,
  });
}

function revokeRefreshToken(ctx: Context<IdentityState>): Reply {
  const client = authenticatedClient(ctx);
  if (!client) return oauthError(401, "invalid_client", "client authentication failed");
  const tenant = tenantOf(ctx);
  const gid = tenant.refreshTokens.get((ctx.input.body as Record<string, string>).token!);
  if (gid !== undefined) {
    const grant = tenant.grants.get(gid)!;
    if (grant.clientId !== client.client_id) return oauthError(400, "unauthorized_client", "the token was issued to another client");
    // The whole grant goes: its access tokens stop introspecting as active too.
    grant.revoked = true;
  }
  // RFC 7009 §2.2: an unknown token is not an error.
  return empty(200);
}

async function bearer(ctx: Context<IdentityState>): Promise<{ claims: Record<string, any> } | { response: Reply }> {
  // The access token is the first word after "Bearer "; generate_code's credential carries the identity token after it.
  const token = (ctx.request.headers.get("authorization") ?? "").slice(7).trim().split(" ")[0]!;
  const verified = await verifyAccessToken(ctx, token);
  if (!verified.ok) return { response: bearerChallenge("invalid_token", `the access token is ${verified.reason}`) };
  return { claims: verified.claims };
}

async function userInfo(ctx: Context<IdentityState>): Promise<Reply> {
  const auth = await bearer(ctx);
  if ("response" in auth) return auth.response;
  const user = [...ctx.state.users.values()].find((u) => u.sub === auth.claims.sub);
  const body: Record<string, unknown> = { sub: auth.claims.sub };
  if (user?.name) body.name = user.name;
  if (user?.email) body.email = user.email;
  return json(200, body);
}

async function generateTemporaryCode(ctx: Context<IdentityState>): Promise<Reply> {
  const auth = await bearer(ctx);
  if ("response" in auth) return oauthError(401, "invalid_token", "the access token is not valid");
  const temporaryCodes = tenantOf(ctx).temporaryCodes;
  roomFor(ctx, temporaryCodes, "temporary codes");
  const code = ctx.token(16);
  temporaryCodes.set(code, { sub: auth.claims.sub, expiresAt: ctx.now() + TEMPORARY_CODE_SECONDS * 1000 });
  // The document: the code is the whole text/plain body, as the SDKs read it.
  return { status: 200, headers: { "content-type": "text/plain" }, body: code };
}

async function getPublicKeys(ctx: Context<IdentityState>): Promise<Reply> {
  const { jwk } = await keysOf(ctx.state, tenantOf(ctx), ctx.input.path.tenantId as string);
  return json(200, { keys: [{ kty: jwk.kty, use: "sig", alg: "RS256", kid: jwk.kid, n: jwk.n, e: jwk.e }] });
}

/** The endpoints of a tenant whose paths start at `base`, as discovery announces them (v4, which has none, is configured with the same). */
export function tenantEndpoints(base: string) {
  return {
    authorization_endpoint: `${base}/authorization`,
    token_endpoint: `${base}/token`,
    userinfo_endpoint: `${base}/userinfo`,
    jwks_uri: `${base}/publickeys`,
    revocation_endpoint: `${base}/revoke`,
    introspection_endpoint: `${base}/introspect`,
  };
}

function getOpenIdConfiguration(ctx: Context<IdentityState>): Reply {
  const base = issuer(ctx);
  return json(200, {
    issuer: base,
    ...tenantEndpoints(base),
    response_types_supported: ["code"],
    // The grants the document's TokenRequest lists: requestTokens emulates each of them.
    grant_types_supported: v3Rules.schemas.TokenRequest!.properties!.grant_type!.enum,
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "profile", "email"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
  });
}

/** Where SSO logout may send the browser: a registered callback of a known client (or, for a client that registered none, an http(s) URI). */
function logoutTarget(ctx: Omit<Context<IdentityState>, "input">, clientId: string | null, target: string | null): Reply | string {
  const client = clientId === null ? undefined : ctx.state.clients.get(clientId);
  // An unknown client has no registered callbacks: redirecting would make the emulator an open redirector.
  if (!client) return oauthError(400, "invalid_client", "the client_id is not registered; no redirect is made");
  const refused = redirectRefusal(client, target ?? undefined);
  if (refused !== undefined) return oauthError(400, "invalid_request", refused);
  return target!;
}

function logoutSso(ctx: Context<IdentityState>): Reply {
  const q = ctx.input.query as Record<string, string>;
  const target = logoutTarget(ctx, q.client_id ?? null, q.redirect_uri ?? null);
  if (typeof target !== "string") return target;
  // The SSO cookie's name is not shown: any cookie stands for it, none is the documented missing_sso_code.
  if (!ctx.request.headers.get("cookie")) return redirectTo(303, q.redirect_uri!, { flow: "sso_logout", error: "missing_sso_code" });
  return redirectTo(302, q.redirect_uri!, {});
}

async function logUserActivity(ctx: Context<IdentityState>): Promise<Reply> {
  const auth = await bearer(ctx);
  return "response" in auth ? auth.response : empty(201);
}

function reject(failure: Failure, op: TableOperation, ctx: Omit<Context<IdentityState>, "input">): Reply {
  if (failure.kind === "error") return oauthError(500, "server_error", "the emulator failed; see its violations");
  if (failure.kind === "security") {
    if (op.operationId === "logoutSso") {
      const target = logoutTarget(ctx, ctx.url.searchParams.get("client_id"), ctx.url.searchParams.get("redirect_uri"));
      return typeof target === "string" ? redirectTo(303, target, { flow: "sso_logout", error: "missing_sso_code" }) : target;
    }
    const bearerOp = op.security.some((names) => names.includes("bearerAuth"));
    return bearerOp ? bearerChallenge("invalid_token", "a bearer access token is required") : oauthError(401, "invalid_client", "client authentication is required");
  }
  return oauthError(400, "invalid_request", failure.problems.join("; "));
}

/** The version a document describes: its paths are `/oauth/v3/...` or `/oauth/v4/...`. */
const versionOf = (document: { paths?: object }): "v3" | "v4" => (Object.keys(document.paths ?? {}).some((p) => p.startsWith("/oauth/v3/")) ? "v3" : "v4");

export const identityPlugin: Plugin<IdentityState> = {
  partitionName: "tenants",
  caps: IDENTITY_CAPS,
  partitionCaps: ["identityTenants"],

  extend: (base, options, engine) => initialState(base, versionOf(engine.doc), options, engine.doc),
  partition(tenant) {
    Object.assign(tenant, { codes: new Map(), refreshTokens: new Map(), grants: new Map(), temporaryCodes: new Map(), assertions: new Map(), exampleTokens: new Map(), populated: false });
  },
  operations: {
    authorize,
    token: requestTokens,
    introspect: introspectToken,
    preflight: () => empty(200),
    revoke: revokeRefreshToken,
    userInfo,
    temporaryCode: generateTemporaryCode,
    publicKeys: getPublicKeys,
    ssoLogout: logoutSso,
    activity: logUserActivity,
    discovery: getOpenIdConfiguration,
    // The registered client, as the client SDKs read it (client_id, redirect_uris; RFC 7591 §3.2.1).
    registration(ctx) {
      const sent = (ctx.input.body ?? {}) as Record<string, unknown>;
      const redirects = Array.isArray(sent.redirect_uris) ? sent.redirect_uris.filter((u): u is string => typeof u === "string") : [];
      return json(200, { client_id: ctx.token(16), redirect_uris: redirects }, "application/json");
    },
  },
  reject: reject as Plugin<IdentityState>["reject"],
};

/** An identity emulator (v3 or v4, as its document's paths say): the resource engine with the OAuth plug-in. */
export const defineEmulator = (serviceId: string, document: unknown) => engineDefinition(serviceId, document, identityPlugin);
