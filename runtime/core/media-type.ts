/** A value that is already an essence: lower-case `type/subtype` of token characters, no parameters or spaces. */
const ESSENCE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** `type/subtype` of a Content-Type, lower-cased, without parameters (RFC 9110 §8.3.1): what the document's media types name. */
export function mediaTypeEssence(value: string): string {
  // Most values are already an essence ("application/json"): then nothing is split, trimmed or copied.
  return ESSENCE.test(value) ? value : value.split(";", 1)[0]!.trim().toLowerCase();
}

/**
 * Whether a media type essence is JSON: `application/json`, or a `+json` structured suffix
 * (RFC 6839 §3.1) on a well-formed name (RFC 6838 §4.2: type and subtype start with a letter or digit).
 */
export function isJsonMediaType(essence: string): boolean {
  return /^(application\/json|[a-z0-9][^/]*\/[a-z0-9][^/]*\+json)$/.test(essence);
}
