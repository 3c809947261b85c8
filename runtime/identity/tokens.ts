/**
 * Verification of identity and access tokens against the tenant's public keys (the JWKS of
 * GET .../publickeys) with jose. Failures become TokenVerificationError carrying jose's error
 * code; the token and its claims never reach an error message.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { IdentityV3Client } from "../../generated/identity-v3/client.js";
import type { IdentityV4Client } from "../../generated/identity-v4/client.js";
import { InputError } from "../core/errors.js";
import { firstViolation } from "../core/rules.js";
import { unwrap } from "../core/unwrap.js";
import { TokenVerificationError } from "./errors.js";
import { helperRules } from "../../generated/identity-v4/helper-rules.js";
import type { IdentityVersion } from "./rules.js";
import { publicKeysUrl, type IdentityTarget } from "./urls.js";

/** The JWS compact serialization the document states for the identity token of a token response. */
const JWS_COMPACT = helperRules.schemas.TokenResponse.properties.id_token;

export type KeySource = JWTVerifyGetKey;

export interface VerifyOptions {
  /** Expected `iss`. Required: a token from another tenant must not pass. */
  issuer: string;
  /** Expected `aud` (the client id), when the caller knows it. */
  audience?: string | string[];
  /** Accepted signature algorithms; default RS256, the algorithm the service publishes keys for. */
  algorithms?: string[];
  clockToleranceSeconds?: number;
  /** Verification time (tests); default now. */
  currentDate?: Date;
}

/** Keys from a JWKS already in hand, e.g. the body of getPublicKeys. */
export function localKeys(jwks: JSONWebKeySet): KeySource {
  if (!jwks || !Array.isArray(jwks.keys)) throw new InputError("jwks.keys", "type", "a JWK set has a keys array");
  return createLocalJWKSet(jwks);
}

/** Keys fetched (and cached, refetched on an unknown kid) from the tenant's public-keys endpoint. */
export function remoteKeys<V extends IdentityVersion>(version: V, target: IdentityTarget<V>): KeySource {
  return createRemoteJWKSet(publicKeysUrl(version, target));
}

type LooseGet = (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Keys fetched once through a generated identity client (so its base URL, bound tenant and fetch apply). */
export async function clientKeys(client: IdentityV3Client, version: "v3"): Promise<KeySource>;
export async function clientKeys(client: IdentityV4Client, version: "v4"): Promise<KeySource>;
export async function clientKeys(client: IdentityV3Client | IdentityV4Client, version: IdentityVersion): Promise<KeySource> {
  const result = await (client.GET as unknown as LooseGet)(`/oauth/${version}/{tenantId}/publickeys`, {});
  return localKeys(unwrap(result, "getPublicKeys") as JSONWebKeySet);
}

/** The verified claims of an identity or access token. */
export async function verifyToken(token: string, keys: KeySource, options: VerifyOptions): Promise<JWTPayload> {
  if (typeof token !== "string" || firstViolation(JWS_COMPACT, token, "token", helperRules.schemas)) {
    throw new InputError("token", "pattern", "a token is a JWS in compact serialization");
  }
  if (typeof options.issuer !== "string" || options.issuer.length === 0) {
    throw new InputError("issuer", "required", "the expected issuer is needed to verify a token");
  }
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      ...(options.audience !== undefined ? { audience: options.audience } : {}),
      algorithms: options.algorithms ?? ["RS256"],
      ...(options.clockToleranceSeconds !== undefined ? { clockTolerance: options.clockToleranceSeconds } : {}),
      ...(options.currentDate ? { currentDate: options.currentDate } : {}),
    });
    return payload;
  } catch (error) {
    // The jose error is not kept as cause: it carries the token's payload.
    if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired) {
      throw new TokenVerificationError(error.code, error.claim);
    }
    if (error instanceof errors.JOSEError) throw new TokenVerificationError(error.code);
    throw error;
  }
}
