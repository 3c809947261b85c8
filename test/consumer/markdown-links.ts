/**
 * The relative links of a Markdown file (inline `[text](target)`, images, and reference
 * definitions `[label]: target`), as paths: what a reader of the packed package follows inside
 * it. Links with a scheme (`https:`, `mailto:`), fragments within the page and links inside
 * code (fenced blocks and code spans) are not files of the package.
 */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "").replace(/`[^`\n]*`/g, "");
  const targets = [
    ...[...prose.matchAll(/!?\[[^\]]*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map((m) => (m[1] ?? m[2])!),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)].map((m) => m[1]!),
  ];
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#") && !t.startsWith("//"))
    .map((t) => decodeURIComponent(t.replace(/[?#].*$/, "")));
}
