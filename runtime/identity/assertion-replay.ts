/**
 * The replay key of a jwt-bearer assertion without `jti` (RFC 7523 §3 lets the server refuse a
 * reused assertion): its signature as bytes, not as text. Base64url text is not canonical (the
 * last character's unused low bits can be anything and decode to the same bytes), and an ECDSA
 * signature `(r, s)` verifies as `(r, n − s)` too, so a key on the text let one assertion be
 * exchanged 16 times (issue 38). The key is the decoded signature with ECDSA's `s` in its low
 * half: every form of one signature has one key. High-s signatures are accepted (WebCrypto and
 * OpenSSL signers make them), only counted as the same assertion.
 */
import { base64url } from "jose";
import { hex } from "../emulator/bytes.js";

/** The group order of each ECDSA curve a JWS `alg` names (SEC 2; RFC 7518 §3.4, RFC 8812 §3.2). */
const ORDERS: Record<string, bigint> = {
  ES256: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  ES384: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
  ES512: 0x01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409n,
  ES256K: 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n,
};

const toBigInt = (bytes: Uint8Array) => (bytes.length === 0 ? 0n : BigInt(`0x${hex(bytes)}`));
const toBytes = (value: bigint, length: number) => {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn);
  return out;
};

/** The canonical bytes (hex) of a verified compact JWS's signature, for the algorithm its header named. */
export function signatureKey(jws: string, alg: string): string {
  const bytes = base64url.decode(jws.slice(jws.lastIndexOf(".") + 1));
  const order = ORDERS[alg];
  if (order === undefined || bytes.length % 2 !== 0) return hex(bytes);
  // RFC 7518 §3.4: the signature is r then s, each of the curve's byte length.
  const half = bytes.length / 2;
  const s = toBigInt(bytes.subarray(half));
  const low = s > order / 2n ? order - s : s;
  return `${hex(bytes.subarray(0, half))}${hex(toBytes(low, half))}`;
}
