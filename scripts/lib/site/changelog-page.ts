/**
 * The changelog page: CHANGELOG.md as the site renders it, releases and their sections
 * (breaking for the documents, breaking for the package, added, fixed, …) in a table of
 * contents, and a view per document: every entry that names a service, under that service,
 * with its release and section. Links in the changelog to repository files are shown as text
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

export const CHANGELOG_PAGE = "changelog.html";
export const changelogSource = (root = ROOT) => readFileSync(join(root, "CHANGELOG.md"), "utf8");

const STYLE = `
main { max-width: 60rem; }
nav.toc ul { padding-left: 1.1rem; }
.by-document details { margin: .35rem 0; }
.by-document summary { cursor: pointer; font-weight: 600; }
.entry-where { color: #57606a; font-size: .85em; }
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

export function changelogPage(entries: readonly { service: Service; doc: OpenApiDocument }[], markdown = changelogSource()): string {
  const text = readerText(markdown);
  const tokens = marked.lexer(text) as unknown as Token[];
  const toc: string[] = [];
  const perService = new Map<string, string[]>(entries.map(({ service }) => [service.id, []]));
  let release = "";
  let section = "";
  for (const token of tokens) {
    if (token.type === "heading" && token.depth === 2) {
      release = token.text ?? "";
      toc.push(`<li><a href="#${slug(release)}">${html(release.replace(/[[\]]/g, ""))}</a></li>`);
    } else if (token.type === "heading" && token.depth === 3) section = token.text ?? "";
    else if (token.type === "list" && release) {
      for (const item of token.items ?? []) {
        for (const id of perService.keys()) {
          if (new RegExp(`(^|[^A-Za-z0-9-])${id.replace(/[-]/g, "\\-")}([^A-Za-z0-9-]|$)`).test(item.raw)) {
            perService.get(id)!.push(`<li>${render(item.raw.replace(/^\s*[-*]\s+/, "")).trim()} <span class="entry-where">(${html(release.replace(/[[\]]/g, ""))}${section ? `, ${html(section.split("(")[0]!.trim())}` : ""})</span></li>`);
          }
        }
      }
    }
  }
  // Headings get ids so the contents can link them.
  const body = render(text).replace(/<h([23])(?: id="[^"]*")?>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => `<h${level} id="${slug(inner.replace(/<[^>]+>/g, ""))}">${inner}</h${level}>`);
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
