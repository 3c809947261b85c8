/**
 * The changelog page: CHANGELOG.md as the site renders it, releases and their sections
 * (breaking for the documents, breaking for the package, added, fixed, …) in a table of
 * contents; under each release, which documents changed and how (breaking, may break, added,
 * fixed, changed, removed: the gate's marks and the changelog's sections); and a view per
 * document: every entry that names a service, under that service, with its kind, release and section. Links in the changelog to repository files are shown as text
 * (the site does not carry them); links to other sites stay.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { marked } from "marked";
import { ROOT } from "../paths.js";
import type { Service } from "../services.js";
import { html, navOf, page, policyMeta, siteHeader } from "./html.js";
import type { OpenApiDocument } from "../bundle.js";
import { allowedLinkTarget } from "./prose.js";
import { readerText } from "./seed-references.js";
import { BREAKING_MARK, MAY_BREAK_MARK } from "../breaking-report.js";

/** How an entry changed a document, in the gate's classification (scripts/lib/breaking*.ts) and the changelog's sections. */
export type Kind = "breaking" | "may break" | "added" | "fixed" | "changed" | "removed";
export const KINDS: readonly Kind[] = ["breaking", "may break", "added", "fixed", "changed", "removed"];

/**
 * An entry's kind: marked breaking by the gate, or under a "Breaking" section; marked as one that
 * may break consumers; else its section (Added, Fixed, Removed; anything else is a change).
 */
export function entryKind(section: string, text: string): Kind {
  if (text.includes(BREAKING_MARK) || /^breaking\b/i.test(section)) return "breaking";
  if (text.includes(MAY_BREAK_MARK)) return "may break";
  if (/^added\b/i.test(section)) return "added";
  if (/^fixed\b/i.test(section)) return "fixed";
  if (/^removed\b/i.test(section)) return "removed";
  return "changed";
}

export const CHANGELOG_PAGE = "changelog.html";
export const changelogSource = (root = ROOT) => readFileSync(join(root, "CHANGELOG.md"), "utf8");

const STYLE = `
main { max-width: 60rem; }
nav.toc ul { padding-left: 1.1rem; }
.by-document details { margin: .35rem 0; }
.by-document summary { cursor: pointer; font-weight: 600; }
.entry-where { color: #57606a; font-size: .85em; }
table.release-matrix { border-collapse: collapse; margin: .5rem 0 1.5rem; width: 100%; }
.release-matrix th, .release-matrix td { border: 1px solid #e1e1e1; padding: .3rem .5rem; text-align: left; vertical-align: top; }
.release-matrix td.none { color: #999; }
.release-matrix details summary { cursor: pointer; }
.kind { display: inline-block; padding: 0 .4rem; border-radius: 3px; font-size: .8em; font-weight: 600; }
.kind-breaking { background: #ffebe9; color: #a40e26; }
.kind-may-break { background: #fff8c5; color: #7d4e00; }
.kind-added { background: #dafbe1; color: #116329; }
.kind-fixed { background: #ddf4ff; color: #0a3069; }
@media (prefers-color-scheme: dark) {
  .entry-where { color: #9ea7b3; }
  .kind-breaking { background: #490202; color: #ffa198; }
  .kind-may-break { background: #272115; color: #e3b341; }
  .kind-added { background: #04260f; color: #7ee787; }
  .kind-fixed { background: #0c2d6b; color: #a5d6ff; }
}
`;

interface Token {
  type: string;
  depth?: number;
  text?: string;
  raw: string;
  items?: { raw: string; text: string }[];
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** Markdown to HTML, raw HTML escaped and links kept only to targets prose may link to. */
function render(markdown: string): string {
  const tokens = marked.lexer(markdown) as unknown as Token[];
  marked.walkTokens(tokens as never, (token: any) => {
    if (token.type === "html") {
      token.type = "text";
      token.text = html(token.raw);
    }
    if (token.type === "link" && !allowedLinkTarget(String(token.href ?? ""))) {
      token.type = "codespan";
      token.text = html(token.text ?? "");
    }
  });
  return marked.parser(tokens as never);
}

const badge = (kind: Kind) => `<span class="kind kind-${kind.replace(" ", "-")}">${kind}</span>`;

export function changelogPage(entries: readonly { service: Service; doc: OpenApiDocument }[], markdown = changelogSource()): string {
  const text = readerText(markdown);
  const tokens = marked.lexer(text) as unknown as Token[];
  const toc: string[] = [];
  const perService = new Map<string, string[]>(entries.map(({ service }) => [service.id, []]));
  /** Release -> document (or "package" for entries naming none) -> kind -> the entries' HTML. */
  const matrix = new Map<string, Map<string, Map<Kind, string[]>>>();
  let release = "";
  let section = "";
  for (const token of tokens) {
    if (token.type === "heading" && token.depth === 2) {
      release = token.text ?? "";
      matrix.set(release, new Map());
      toc.push(`<li><a href="#${slug(release)}">${html(release.replace(/[[\]]/g, ""))}</a></li>`);
    } else if (token.type === "heading" && token.depth === 3) section = token.text ?? "";
    else if (token.type === "list" && release) {
      for (const item of token.items ?? []) {
        const kind = entryKind(section, item.raw);
        const text = render(item.raw.replace(/^\s*[-*]\s+/, "")).trim();
        const named = [...perService.keys()].filter((id) => new RegExp(`(^|[^A-Za-z0-9-])${id.replace(/[-]/g, "\\-")}([^A-Za-z0-9-]|$)`).test(item.raw));
        for (const id of named) {
          perService.get(id)!.push(`<li>${badge(kind)} ${text} <span class="entry-where">(${html(release.replace(/[[\]]/g, ""))}${section ? `, ${html(section.split("(")[0]!.trim())}` : ""})</span></li>`);
        }
        for (const where of named.length ? named : ["package"]) {
          const byKind = matrix.get(release)!.get(where) ?? matrix.get(release)!.set(where, new Map()).get(where)!;
          (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(`<li>${text}</li>`);
        }
      }
    }
  }
  // Per release: which documents changed and how, one row per document (and one for the package), one column per kind.
  const matrices = new Map<string, string>();
  for (const [name, rows] of matrix) {
    const documents = [...perService.keys(), "package"];
    const body = documents
      .map((where) => {
        const byKind = rows.get(where);
        const cells = KINDS.map((kind) => {
          const items = byKind?.get(kind) ?? [];
          return items.length ? `<td data-kind="${kind}"><details><summary>${items.length}</summary><ul>${items.join("")}</ul></details></td>` : `<td class="none" data-kind="${kind}">–</td>`;
        });
        return `<tr data-document="${html(where)}"${byKind ? "" : ' class="unchanged"'}><th scope="row">${where === "package" ? "the package (no document named)" : html(where)}</th>${cells.join("")}</tr>`;
      })
      .join("");
    matrices.set(slug(name), `<table class="release-matrix" data-release="${html(name.replace(/[[\]]/g, ""))}"><caption>Documents changed in ${html(name.replace(/[[\]]/g, ""))}, by kind</caption><thead><tr><th scope="col">Document</th>${KINDS.map((k) => `<th scope="col">${badge(k)}</th>`).join("")}</tr></thead><tbody>${body}</tbody></table>`);
  }
  // Headings get ids so the contents can link them.
  const body = render(text).replace(/<h([23])(?: id="[^"]*")?>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const id = slug(inner.replace(/<[^>]+>/g, ""));
    // Each release's heading is followed by its matrix of documents and kinds.
    return `<h${level} id="${id}">${inner}</h${level}>${level === "2" ? (matrices.get(id) ?? "") : ""}`;
  });
  const byDocument = [...perService]
    .map(([id, items]) => `<details><summary>${html(id)} (${items.length} entr${items.length === 1 ? "y" : "ies"})</summary><ul>${items.join("")}</ul></details>`)
    .join("\n");
  return page(
    "Changelog",
    `<main>
<nav class="toc" aria-label="Releases"><ul>${toc.join("")}</ul></nav>
<section class="by-document" aria-label="By document"><h2 id="by-document">By document</h2>
<p>Every entry that names a service, under that service; <a href="#${slug(tokens.find((t) => t.type === "heading" && t.depth === 2)?.text ?? "")}">all releases</a> below.</p>
${byDocument}
</section>
${body}
</main>`,
    `<style>${STYLE}</style>\n${policyMeta()}`,
    "site",
    {},
    siteHeader(navOf(entries), "changelog"),
  );
}
