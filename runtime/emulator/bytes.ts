/**
 * Bytes, Base64 and hashes on web-platform APIs only (no Buffer, no node:crypto), so the
 * emulators run in a browser as they do in Node.
 */

const encoder = new TextEncoder();

export function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Base64 text as UTF-8 (invalid input decodes to "", as nothing matches it). */
export function decodeBase64Text(text: string): string {
  try {
    const binary = atob(text.trim());
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return "";
  }
}

/** Compares two secrets in time that depends on their length only. */
export function sameSecret(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ (y[i % Math.max(y.length, 1)] ?? 0);
  return diff === 0;
}

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
