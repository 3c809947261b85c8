/**
 * Which of an operation's request media types a request body is read as. A body that names
 * its type is read as that type; a body sent without any Content-Type is read as the media type
 * the document's `x-untyped-body` names on the request body (the KMS family's Go client and the
 * metrics Node client send JSON that way), and otherwise has none, so a server answers it as an
 * unsupported media type. RFC 9110 §8.3 lets a recipient examine content whose type is not
 * given; the document says what examining it finds. The mock, the emulators, the proxy and
 * `verify` read a request through this one rule.
 */
import { mediaTypeEssence } from "../core/media-type.js";

/** The extension on a Request Body Object. */
export const UNTYPED_BODY = "x-untyped-body";

/** The media type (essence) the document reads an untyped body of this request body as, if it names one. */
export function untypedBodyMediaType(requestBody: unknown): string | undefined {
  const value = requestBody !== null && typeof requestBody === "object" ? (requestBody as Record<string, unknown>)[UNTYPED_BODY] : undefined;
  return typeof value === "string" ? mediaTypeEssence(value) : undefined;
}

/**
 * The media type essence a request body is read as: the Content-Type's, when one is sent (even
 * one the operation does not declare: the caller decides what to refuse); for a non-empty body
 * without Content-Type, the document's `x-untyped-body`; otherwise "" (no media type).
 * `requestBody` is the operation's Request Body Object with its `$ref` resolved.
 */
export function requestBodyMediaType(contentType: string | null | undefined, bodyLength: number, requestBody: unknown): string {
  if (contentType !== null && contentType !== undefined) return mediaTypeEssence(contentType);
  if (bodyLength === 0) return "";
  return untypedBodyMediaType(requestBody) ?? "";
}
