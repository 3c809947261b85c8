/**
 * The part of the body limit a client needs before any answer (body-limit.ts): the default, the
 * option's check and the declared Content-Length. Kept apart so that the bounded readers, which
 * only an answer needs, stay off a browser app's first load.
 */

/** 16 MiB: the largest documented answer (a 5,000-resource list page) is about 3.4 MB. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A limit and its error, made once per operation and shared by its answers (nothing allocated per call). */
export interface BodyLimit {
  readonly max: number;
  readonly tooLarge: () => Error;
}

/** The limit a caller gave, checked: a positive whole number of bytes, or Infinity for none. */
export function isByteLimit(value: unknown): value is number {
  return typeof value === "number" && value > 0 && (value === Infinity || Number.isSafeInteger(value));
}

/** A declared Content-Length over the limit (a malformed one is left to the transport). */
export function declaredOver(headers: Headers, max: number): boolean {
  const declared = headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared) && Number(declared) > max;
}
