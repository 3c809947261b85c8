/**
 * The site's pages for every service of the registry, exactly as the build writes them
 * (scripts/lib/site.ts calls these functions), without a browser: no page cites the interface
 * documents' numbering; llms.txt lists every service and operation with a link to its Markdown;
 * each operation's Markdown states method, path, parameters, bodies, answers and an example; the
 * changelog page is CHANGELOG.md, linked from every page's header.
 */
import { describe, expect, it } from "vitest";
import { listOperations, parametersOf } from "../runtime/core/router.js";
import { readServices } from "../scripts/lib/services.js";
import { assumptionsPage } from "../scripts/lib/site/assumptions-page.js";
import { CHANGELOG_PAGE, changelogPage, changelogSource } from "../scripts/lib/site/changelog-page.js";
import { navOf } from "../scripts/lib/site/html.js";
import { landingPage } from "../scripts/lib/site/landing-page.js";
import { llmsTxt, operationMarkdownFiles, operationMarkdownPath } from "../scripts/lib/site/machine-pages.js";
import { referencePage } from "../scripts/lib/site/reference-page.js";
import { bundledDocument } from "./harness/documents.js";
import { CONTROL_API_DOCUMENT } from "../runtime/emulator/control-document.js";
import { CONTROL_DOCUMENT_FILE, CONTROL_PAGE, controlDocumentJson, controlPage } from "../scripts/lib/site/control-page.js";
import { numberingReferences } from "./site/numbering.js";

const services = readServices();
const entries = services.map((service) => ({ service, doc: bundledDocument(service.id) }));
const nav = navOf(entries);
const pages: Record<string, string> = {
  "index.html": landingPage(entries),
  "assumptions.html": assumptionsPage(entries),
  [CHANGELOG_PAGE]: changelogPage(entries),
  [CONTROL_PAGE]: controlPage(nav),
  ...Object.fromEntries(entries.map(({ service, doc }) => [`${service.id}.html`, referencePage(service, doc, services, nav)])),
};
const markdown = operationMarkdownFiles(entries);
const llms = llmsTxt(entries);

describe("the built pages", () => {
  it("the control API's document has a page of its own, linked from the index, without Try it, and its document beside it", () => {
    const text = pages[CONTROL_PAGE]!;
    const spec = JSON.parse(/<script id="spec" type="application\/json">([^]*?)<\/script>/.exec(text)![1]!);
    expect(spec).toEqual(JSON.parse(JSON.stringify(CONTROL_API_DOCUMENT)));
    expect(text).toContain('<div id="redoc"></div>');
    expect(text).not.toContain("assets/tryit/");
    expect(text).not.toContain("data-service=");
    expect(text).toContain(`"downloadDefinitionUrl":"openapi/${CONTROL_DOCUMENT_FILE}"`);
    expect(JSON.parse(controlDocumentJson())).toEqual(spec);
    expect(pages["index.html"]).toContain(`<h2><a href="${CONTROL_PAGE}">Emulator control API</a></h2>`);
    expect(pages["index.html"]).toContain(`href="openapi/${CONTROL_DOCUMENT_FILE}"`);
  });

  it("cite no interface-document numbering anywhere in their HTML (prose, source rows, notes, the embedded document), nor do llms.txt and the Markdown", () => {
    const found: string[] = [];
    for (const [name, text] of [...Object.entries(pages), ["llms.txt", llms] as const, ...markdown]) {
      for (const ref of numberingReferences(text)) found.push(`${name}: ${ref}`);
    }
    expect(found).toEqual([]);
    // The pages still carry the notes, said in words: the assumptions page names the interface document's parts.
    expect(pages["assumptions.html"]).toMatch(/the interface document&#39;s section on errors|the interface document's section on errors/);
    expect(Object.values(pages).join("")).not.toMatch(/<dt>Source<\/dt>|class="ext-source"/);
  });

  it("every page's header links the changelog page", () => {
    for (const [name, text] of Object.entries(pages)) expect(text, name).toMatch(/<nav class="site-nav"[^]*?<a href="changelog\.html"( aria-current="page")?>Changelog<\/a>/);
    expect(pages[CHANGELOG_PAGE]).toContain('<a href="changelog.html" aria-current="page">Changelog</a>');
  });

  it("the changelog page is CHANGELOG.md: every release in its contents, every entry rendered, a view per document", () => {
    const source = changelogSource();
    const page = pages[CHANGELOG_PAGE]!;
    const releases = [...source.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]!);
    expect(releases.length).toBeGreaterThan(1);
    for (const release of releases) expect(page).toContain(`>${release}`);
    for (const heading of source.matchAll(/^### (.+)$/gm)) expect(page, heading[1]).toContain(heading[1]!.split(" (")[0]!.replace(/`/g, ""));
    for (const { service } of entries) expect(page).toMatch(new RegExp(`<summary>${service.id} \\((\\d+) entr`));
    // Raw HTML in the changelog is shown as text, never run; no script on the page.
    const hostile = changelogPage(entries, "# C\n\n## [1.0.0]\n\n### Added\n- <img src=x onerror=alert(1)> and [x](javascript:alert(1))\n");
    expect(hostile).not.toMatch(/<img|href="javascript:/);
    expect(hostile).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("llms.txt lists every service and every operation, each linked to its Markdown file", () => {
    expect(llms.startsWith("# Cloud service interfaces\n\n> ")).toBe(true);
    for (const { service, doc } of entries) {
      expect(llms).toContain(`(\`${service.id}\`)`);
      for (const { method, path, operation } of listOperations(doc)) {
        const link = operationMarkdownPath(service.id, operation.operationId);
        expect(llms).toContain(`- [${method.toUpperCase()} ${path}](${link})`);
        expect(markdown.has(link), link).toBe(true);
      }
    }
    expect(markdown.size).toBe(entries.reduce((n, { doc }) => n + listOperations(doc).length, 0));
  });

  it("each operation's Markdown has its method and path, parameters, body, answers and an example", () => {
    for (const { service, doc } of entries) {
      for (const entry of listOperations(doc)) {
        const { method, path, operation } = entry;
        const text = markdown.get(operationMarkdownPath(service.id, operation.operationId))!;
        expect(text.startsWith(`# ${method.toUpperCase()} ${path}\n`), operation.operationId).toBe(true);
        expect(text).toContain(`- Operation: \`${operation.operationId}\``);
        for (const p of parametersOf(doc, entry).map((p) => p.parameter) as any[]) expect(text).toContain(`| \`${p.name}\` | ${p.in} |`);
        if (operation.requestBody) expect(text).toContain("## Request body");
        for (const status of Object.keys(operation.responses)) expect(text).toContain(`- **${status}**: `);
        expect(text).toMatch(/## Example\n[^]*```sh\ncurl /);
        expect(text).toContain(`from "cloud-interfaces/${service.id}"`);
      }
    }
  });
});
