/**
 * References to the interface documents' own numbering ("interface document 3, part A", "§4A",
 * "its section 7"), which mean nothing to a reader of the reference; citations of standards
 * ("RFC 7591 §2 and §3", "OIDC Core §5.1/§5.3.2", "OpenID Connect Discovery 1.0 §4") stay. The
 * documents keep that traceability in `x-source` and their notes.
 */
const STANDARD = /\b(RFC \d+|OIDC Core|OpenID Connect (?:Core|Discovery) 1\.0|CloudEvents 1\.0|NIST SP [\d-]+|Encoding Practices)\s*§\s?[\d.]+(\s*(,|\/|and|or)\s*§\s?[\d.]+)*/g;

export function numberingReferences(text: string): string[] {
  const withoutStandards = text.replace(STANDARD, "");
  return withoutStandards.match(/interface documents? \d[^.;)]*|§\s?\d+[A-Z]?|\bpart [A-Z]\b|\bsections? \d+[A-Z]?\b/gi) ?? [];
}
