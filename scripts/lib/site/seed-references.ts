/**
 * What a note means without the interface documents' numbering. The documents cite the
 * interface documents they were written from ("Interface document 3, part A", "§4.5", "its §7",
 * "section 8B") for their maintainers; a reader of the reference has no such documents. Every
 * interface document follows one outline (1 the service, 2 resources and fields, 3 states,
 * 4 endpoints, 5 authentication, 6 events, 7 errors, 8 limits, 9 versioning; a letter picks the
 * service of a document that covers several), so a citation is rendered as the part of the
 * interface document it names. Citations of standards ("RFC 6749 §3.1.2", "OIDC Core §5.1")
 * stay as they are.
 */

/** The interface documents' outline: what each top-level section is about. */
const OUTLINE: Record<string, { whole: string; part?: string }> = {
  "1": { whole: "overview" },
  "2": { whole: "section on resources and fields", part: "description of the field" },
  "3": { whole: "section on states and transitions" },
  "4": { whole: "list of endpoints", part: "description of the endpoint" },
  "5": { whole: "section on authentication" },
  "6": { whole: "section on events" },
  "7": { whole: "section on errors" },
  "8": { whole: "section on limits" },
  "9": { whole: "section on versioning" },
};

/** A standard's name before its own section numbers: those are citations a reader can follow. */
const STANDARD = String.raw`(?:RFC \d+|OIDC Core|OpenID Connect Core(?: 1\.0)?|OpenID Connect Discovery(?: 1\.0)?|CloudEvents(?: 1\.0)?|NIST SP [\d-]+|JSON Schema|[A-Z][\w.]*(?: [\w.]+)* (?:Practices|Mode|Core|Discovery|Registration|Specification))`;
const NUMBER = String.raw`§\s?\d+(?:\.\d+)*[A-Z]?(?:\.\d+)*`;
const STANDARD_CITATION = String.raw`${STANDARD}\s*${NUMBER}(?:\s*(?:,|\/|and|or)\s*${NUMBER})*`;
/** One seed citation: "§4.4 behaviour 4", "section 8B", optionally after "its" or "the interface document's". */
const SEED_NUMBER = String.raw`(?:§\s?|\bsections?\s+)(\d+)([A-Z])?((?:\.\d+)*)(?:\s+behaviou?r\s+\d+)?`;
const SEED_CITATION = String.raw`(?:\b(?:its|the interface document's)\s+)?(?:${SEED_NUMBER})(?:\s*(?:\/|and|or|,)\s*(?:${SEED_NUMBER}))*`;
const DOCUMENT = String.raw`\b[Ii]nterface documents? \d+(?:\s*\([^)]*\))?(?:,?\s*(?:part [A-Z]|${SEED_CITATION}))?`;

const PATTERN = new RegExp(`(${STANDARD_CITATION})|(${DOCUMENT})|(${SEED_CITATION})`, "g");

function partName(top: string, sub: string): string {
  const entry = OUTLINE[top];
  if (!entry) return "interface document";
  return sub && entry.part ? entry.part : entry.whole;
}

/** "§7" → "the interface document's section on errors"; several citations are joined: "§5.3/§8" → "…sections on authentication and limits". */
function seedPhrase(citation: string, capital: boolean): string {
  const its = /^its\s/i.test(citation);
  const parts: string[] = [];
  for (const m of citation.matchAll(new RegExp(SEED_NUMBER, "g"))) {
    const name = partName(m[1]!, m[3] ?? "");
    if (!parts.includes(name)) parts.push(name);
  }
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]!;
  const phrase = its ? `its ${list}` : `the interface document's ${list}`;
  return capital ? phrase[0]!.toUpperCase() + phrase.slice(1) : phrase;
}

/** Whether the match starts a sentence (so its replacement is capitalised). */
const startsSentence = (text: string, at: number) => /(^|[.!?]\s+|\n\s*)$/.test(text.slice(Math.max(0, at - 3), at)) || at === 0;

/** The text with every citation of the interface documents' numbering replaced by what it names. */
export function readerText(text: string): string {
  if (!/§|interface document|section/i.test(text)) return text;
  return text
    .replace(PATTERN, (...args: any[]) => {
      const [whole, standard, document] = args as [string, string | undefined, string | undefined];
      const offset = args.at(-2) as number;
      const all = args.at(-1) as string;
      if (standard) return whole;
      const capital = startsSentence(all, offset);
      if (document) {
        const cited = whole.match(new RegExp(SEED_CITATION));
        const phrase = cited ? seedPhrase(cited[0].replace(/^(its|the interface document's)\s+/i, ""), false) : "the interface document";
        return capital ? phrase[0]!.toUpperCase() + phrase.slice(1) : phrase;
      }
      return seedPhrase(whole, capital);
    })
    .replace(/\bthe interface document's the interface document's\b/g, "the interface document's");
}
