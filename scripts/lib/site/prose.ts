/**
 * The documents' Markdown as the site renders it: prose, never markup. A document is input the
 * site does not trust (a scratch copy, a contributor's edit, a document someone else wrote), and
 * Redoc renders raw HTML in descriptions as it is. So, before Redoc sees a description:
 * - raw HTML (block or inline) is shown as the text it is: every ASCII punctuation character of
 *   it is backslash-escaped, which CommonMark renders literally;
 * - a link or image goes only to http(s), mailto, a fragment or a relative path; any other
 *   target (`javascript:`, `data:`, a target hiding its scheme behind an entity) is shown as
 *   the text the author wrote.
 * The lexer is the one Redoc renders with (marked 4), so what it calls HTML is what Redoc would
 * have put into the page. Redoc's own `sanitize` (DOMPurify) and the pages' script policy come
 * after this as further layers; this one is the allow-list.
 */
import { marked } from "marked";

/** The targets a link may have: web and mail addresses, a fragment, a relative path; no character reference. */
export function allowedLinkTarget(raw: string): boolean {
  // marked escapes an autolink's "&" itself; any other character reference could spell a scheme
  // the browser decodes later (`&#106;avascript:`).
  const href = raw.replace(/&amp;/g, "&");
  if (/[\u0000-\u0020\u007f]|&(#|[A-Za-z][A-Za-z0-9]*;)/.test(href)) return false;
  if (/^(https?:\/\/|mailto:|#)/i.test(href)) return true;
  // Relative: no scheme, i.e. no colon before the first "/", "?" or "#".
  return !/^[^/?#]*:/.test(href);
}

const escapeAll = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, "\\$&");

/** Raw HTML and links to other targets in one pass of the lexer. */
function offenders(markdown: string): string[] {
  const found: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token: any) => {
    if (token.type === "html") found.push(token.raw);
    else if ((token.type === "link" || token.type === "image") && !allowedLinkTarget(String(token.href ?? ""))) found.push(token.raw);
  });
  return found;
}

/** Escaping can make neighbours meet in new ways; a handful of passes settles any real text. */
const MAX_PASSES = 8;

export class UnsafeProseError extends Error {}

/** The description with raw HTML and disallowed links turned into literal text. */
export function proseOnly(markdown: string, where = "description"): string {
  let text = markdown;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const found = offenders(text);
    if (found.length === 0) return text;
    for (const raw of new Set(found)) if (raw.trim()) text = text.split(raw).join(escapeAll(raw));
  }
  throw new UnsafeProseError(`${where}: markup still present after ${MAX_PASSES} passes of escaping`);
}
