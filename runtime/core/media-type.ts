/** `type/subtype` of a Content-Type, lower-cased, without parameters (RFC 9110 §8.3.1): what the document's media types name. */
export function mediaTypeEssence(value: string): string {
  return value.split(";", 1)[0]!.trim().toLowerCase();
}
