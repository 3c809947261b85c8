/**
 * References to the interface documents' own numbering ("interface document 3, part A", "§4A"),
 * which mean nothing to a reader of the reference; citations of standards ("RFC 7591 §2",
 * "OIDC Core §12") stay. The documents keep that traceability in `x-source`.
 */
export function numberingReferences(text: string): string[] {
  const withoutStandards = text.replace(/\b(RFC \d+|OIDC Core|CloudEvents 1\.0|NIST SP [\d-]+)\s*§\s?[\d.]+/g, "");
  return withoutStandards.match(/interface document \d[^.;)]*|§\s?\d+[A-Z]?|\bpart [A-Z]\b/gi) ?? [];
}
