/**
 * Media-type and Accept parsing by the RFC 9110 grammar, done here because Prism 5.12 throws
 * (and took its whole process down) on values its parser cannot read. Everything handed to
 * Prism afterwards is re-serialized from what these functions accepted.
 */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface MediaType {
  type: string;
  subtype: string;
  params: Record<string, string>;
}

export const essence = (m: MediaType) => `${m.type}/${m.subtype}`;

/** A parameter value as RFC 9110 §5.6.6 writes it: a token as is, anything else quoted. */
export const parameterValue = (v: string) => (TOKEN.test(v) ? v : `"${v.replace(/(["\\])/g, "\\$1")}"`);

/**
 * A body the mock parses as JSON, under its depth and size limits: any `json` or `+json`
 * subtype. Broader on purpose than the documents' JSON (runtime/core/media-type.ts), so no
 * JSON-looking body reaches Prism's own parser unchecked.
 */
export const parsedAsJson = (m: MediaType) => m.subtype === "json" || m.subtype.endsWith("+json");

/** Splits on `sep` outside quoted strings. */
function splitOutsideQuotes(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (quoted && ch === "\\") {
      current += ch + (value[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** `type/subtype *( OWS ";" OWS [ name=value ] )`; undefined when the value breaks the grammar. */
export function parseMediaType(value: string): MediaType | undefined {
  const [head, ...rest] = splitOutsideQuotes(value, ";");
  const [type, subtype, extra] = head!.trim().split("/");
  if (extra !== undefined || !type || !subtype || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const params: Record<string, string> = {};
  for (const raw of rest) {
    const p = raw.trim();
    if (p === "") continue; // RFC 9110 allows empty parameters ("text/html;")
    const eq = p.indexOf("=");
    if (eq <= 0) return undefined;
    const name = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (!TOKEN.test(name)) return undefined;
    if (v.startsWith('"')) {
      if (v.length < 2 || !v.endsWith('"')) return undefined;
      v = v.slice(1, -1).replace(/\\(.)/g, "$1");
    } else if (!TOKEN.test(v)) return undefined;
    params[name] = v;
  }
  return { type: type.toLowerCase(), subtype: subtype.toLowerCase(), params };
}

export interface AcceptRange extends MediaType {
  q: number;
}

/** An Accept field value; `[]` for an empty one (no preference), undefined when malformed. */
export function parseAccept(value: string): AcceptRange[] | undefined {
  const ranges: AcceptRange[] = [];
  for (const item of splitOutsideQuotes(value, ",")) {
    if (item.trim() === "") continue;
    const m = parseMediaType(item);
    if (!m) return undefined;
    if (m.type === "*" && m.subtype !== "*") return undefined;
    let q = 1;
    if ("q" in m.params) {
      if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(m.params.q!)) return undefined;
      q = Number(m.params.q);
      delete m.params.q;
    }
    ranges.push({ ...m, q });
  }
  return ranges;
}

export function rangeMatches(range: MediaType, media: MediaType): boolean {
  return (range.type === "*" || range.type === media.type) && (range.subtype === "*" || range.subtype === media.subtype);
}

/** The documented media types the Accept ranges allow (q > 0), best first; all of them when Accept is absent or empty. */
export function acceptable(ranges: AcceptRange[] | undefined, documented: string[]): string[] {
  if (!ranges || ranges.length === 0) return documented;
  const scored = documented.flatMap((d) => {
    const media = parseMediaType(d);
    if (!media) return [];
    // The most specific matching range decides (RFC 9110 §12.5.1).
    const matching = ranges
      .filter((r) => rangeMatches(r, media))
      .sort((a, b) => Number(b.subtype !== "*") + Number(b.type !== "*") - Number(a.subtype !== "*") - Number(a.type !== "*"));
    const q = matching[0]?.q ?? 0;
    return q > 0 ? [{ d, q }] : [];
  });
  return scored.sort((a, b) => b.q - a.q).map((s) => s.d);
}
