/**
 * PKCE (RFC 7636) for the version 4 code flow: a random verifier and its S256 challenge. The
 * hash is Web Crypto's SHA-256 and the encoding jose's base64url, so this runs unchanged in
 * browsers and in Node.
 */
import { base64url } from "jose";
import { InputError } from "../core/errors.js";
import { keepsBodyRule } from "./rules.js";

export interface PkcePair {
  /** Sent to the token endpoint as `code_verifier`; keep it secret until then. */
  verifier: string;
  /** Sent to the authorization endpoint as `code_challenge`. */
  challenge: string;
  method: "S256";
}

/** base64url(SHA-256(ASCII(verifier))), RFC 7636 §4.2. */
export async function s256Challenge(verifier: string): Promise<string> {
  // The rule of the v4 token request's code_verifier (RFC 7636 §4.1), as the document states it.
  if (typeof verifier !== "string" || !keepsBodyRule("v4", "POST /oauth/v4/{tenantId}/token", "code_verifier", verifier)) {
    throw new InputError("code_verifier", "pattern", "code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~");
  }
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url.encode(new Uint8Array(digest));
}

/**
 * A fresh verifier from `byteLength` random bytes (32 gives the 43-character minimum with 256
 * bits of entropy, as RFC 7636 §7.1 recommends; at most 96 bytes fit the 128-character limit).
 */
export async function createPkcePair(byteLength = 32): Promise<PkcePair> {
  if (!Number.isInteger(byteLength) || byteLength < 32 || byteLength > 96) {
    throw new InputError("byteLength", "range", "byteLength must be an integer from 32 to 96");
  }
  const verifier = base64url.encode(globalThis.crypto.getRandomValues(new Uint8Array(byteLength)));
  return { verifier, challenge: await s256Challenge(verifier), method: "S256" };
}

/** The two version 4 authorization parameters for a pair. */
export function pkceAuthorizationParams(pair: Pick<PkcePair, "challenge" | "method">): { code_challenge: string; code_challenge_method: "S256" } {
  return { code_challenge: pair.challenge, code_challenge_method: pair.method };
}
