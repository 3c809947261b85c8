/**
 * The landing page: what each service is for, whether it is current, where it runs, how to
 * install and call it, its reference page and its bundled document, and one search box over
 * every operation of every document.
 */
import type { OpenApiDocument } from "../bundle.js";
import { operationTable } from "../../../runtime/openapi/operation-table.js";
import type { Service } from "../services.js";
import { landingExample, PACKAGE } from "./code-samples.js";
import { displayTitle, html, navOf, page, policyMeta, REDOC_LOOK, siteHeader } from "./html.js";
import { CONTROL_DOCUMENT_FILE, CONTROL_PAGE } from "./control-page.js";

/**
 * The reference pages' layout (Redoc's three panels): a side menu of the services, then one row per
 * service, its description in the middle and its code (install, first call) in the dark right
 * column; one column under 75rem, no side menu under 50rem, as Redoc does.
 */
const STYLE = `
main { max-width: none; padding: 0; }
.layout { display: flex; align-items: flex-start; }
.side { position: sticky; top: 2.25rem; width: 260px; flex: 0 0 260px; height: calc(100vh - 2.25rem); overflow-y: auto; background: ${REDOC_LOOK.sidebar}; padding: 1rem 0; }
.side a { display: block; padding: .45rem 20px; color: ${REDOC_LOOK.color}; text-decoration: none; font: 13px/1.5 ${REDOC_LOOK.headings}; }
.side a:hover, .side a:focus-visible { background: #ededed; }
.side .group { padding: .75rem 20px .25rem; font: 600 12px ${REDOC_LOOK.headings}; text-transform: uppercase; color: #666; }
.content { flex: 1; min-width: 0; }
.row { display: flex; }
.middle { width: 60%; padding: 40px; min-width: 0; }
.right { width: 40%; padding: 40px; color: #fff; min-width: 0; background: ${REDOC_LOOK.rightPanel}; }
.right pre { background: ${REDOC_LOOK.codeBlock}; color: #fff; border-radius: 4px; padding: 10px 20px; margin: 0 0 1rem; }
.right h3 { color: #fff; font-size: 1rem; margin: 0 0 .5rem; }
.row + .row .middle { border-top: 1px solid #e1e1e1; }
h1 { font-size: 26px; margin: 0 0 .5rem; }
.search { margin-top: 1rem; }
.search label { display: block; font-weight: 600; margin-bottom: .25rem; }
#search { width: 100%; font: 14px ${REDOC_LOOK.text}; padding: .6rem .75rem; border-radius: 4px; border: 1px solid #ccc; }
#search-status { display: block; min-height: 1.2rem; font-size: .85rem; color: #666; }
#search-results { list-style: none; margin: .25rem 0 0; padding: 0; background: #fff; border-radius: 4px; border: 1px solid #e1e1e1; }
#search-results:empty { display: none; }
#search-results .hit a { display: block; padding: .5rem .75rem; color: ${REDOC_LOOK.color}; text-decoration: none; border-bottom: 1px solid #e1e1e1; }
#search-results .hit a:hover, #search-results .hit a:focus { background: #eef; }
.hit-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
.hit-meta { display: block; font-size: .85rem; color: #666; overflow-wrap: anywhere; }
.method { font-size: .75rem; font-weight: 700; text-transform: uppercase; color: ${REDOC_LOOK.link}; }
.service h2, .tool h2 { margin: 0 0 .5rem; font-size: 22px; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.service h2 a, .tool h2 a { color: inherit; text-decoration: none; }
.service p, .tool p { margin: 0 0 .75rem; }
.service .facts { font-size: 13px; color: #666; }
.service .links { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
.regions code { display: inline-block; white-space: nowrap; overflow-wrap: normal; background: rgba(38, 50, 56, .05); color: #e53935; border: 1px solid rgba(38, 50, 56, .1); border-radius: 2px; padding: 0 5px; margin-right: .25rem; }
footer { padding: 1rem 40px; color: #666; font-size: .9rem; border-top: 1px solid #e1e1e1; }
@media (max-width: 75rem) {
  .row { flex-direction: column; }
  .middle, .right { width: 100%; }
}
@media (max-width: 50rem) {
  .side { display: none; }
  .middle, .right { padding: 20px; }
}
@media (prefers-color-scheme: dark) {
  .side { background: #161b22; }
  .side a { color: #e6edf3; }
  .side a:hover, .side a:focus-visible { background: #21262d; }
  .side .group, #search-status, .hit-meta, .service .facts, footer { color: #9ea7b3; }
  .right { background: #010409; }
  .right pre { background: #0d1117; }
  .row + .row .middle, footer, #search-results, #search-results .hit a { border-color: #30363d; }
  #search, #search-results { background: #161b22; color: #e6edf3; border-color: #30363d; }
  #search-results .hit a { color: #e6edf3; }
  #search-results .hit a:hover, #search-results .hit a:focus { background: #21262d; }
  .method { color: #79c0ff; }
  .regions code { background: #161b22; color: #ffa657; border-color: #30363d; }
}
`;

/** The first sentence (or clause before a colon) that says what the service does, from info.description. */
export function purposeOf(doc: OpenApiDocument): string {
  const paragraphs = String(doc.info.description ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p && !/^\*\*deprecated/i.test(p));
  const first = (paragraphs[0] ?? doc.info.title)
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[*`_]/g, "");
  const sentence = first.split(/(?<=\.)\s|:\s/)[0]!.trim();
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function regionsOf(doc: OpenApiDocument): string[] {
  return [...new Set((doc.servers ?? []).flatMap((s: any) => s.variables?.region?.enum ?? []))] as string[];
}

function card(service: Service, doc: OpenApiDocument): string {
  const deprecated = Boolean(doc.info["x-deprecated"]);
  const regions = regionsOf(doc);
  const operations = operationTable(doc).operations.length;
  return `<article class="service row" id="${service.id}" data-service="${service.id}" data-status="${deprecated ? "deprecated" : "current"}">
<div class="middle">
<h2><a href="${service.id}.html">${html(displayTitle(doc.info, service.id))}</a> <span class="badge ${deprecated ? "deprecated" : "current"}">${deprecated ? "deprecated" : "current"}</span></h2>
<p class="purpose">${html(purposeOf(doc))}</p>
<p class="facts"><span class="regions">${regions.length > 0 ? `Regions: ${regions.map((r) => `<code>${html(r)}</code>`).join("")}` : "Single global endpoint"}</span> · ${operations} operation${operations === 1 ? "" : "s"} · <span class="doc-version">document version ${html(String(doc.info.version))}</span></p>
<p class="links"><a class="reference" href="${service.id}.html">Reference</a><a class="json" href="openapi/${service.id}.json" download="${service.id}.openapi.json">OpenAPI JSON</a><a class="yaml" href="openapi/${service.id}.yaml" download="${service.id}.openapi.yaml">OpenAPI YAML</a><a href="assumptions.html#${service.id}">Assumptions</a></p>
</div>
<div class="right">
<pre class="install"><code>npm install ${PACKAGE}</code></pre>
<pre class="example"><code>${html(landingExample(service.id, doc))}</code></pre>
</div>
</article>`;
}

export function landingPage(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const total = entries.reduce((n, { doc }) => n + operationTable(doc).operations.length, 0);
  return page(
    "Cloud service interfaces",
    `<main class="layout">
<nav class="side" aria-label="Services">
<div class="group">Services</div>
${entries.map(({ service, doc }) => `<a href="#${service.id}">${html(displayTitle(doc.info, service.id))}</a>`).join("\n")}
<div class="group">Tools</div>
<a href="#emulator-control">Emulator control API</a>
<a href="assumptions.html">Assumptions</a>
<a href="changelog.html">Changelog</a>
</nav>
<div class="content">
<header class="hero row"><div class="middle">
<h1>Cloud service interfaces</h1>
<p>OpenAPI 3.1 references, typed TypeScript clients and local mocks for ${entries.length} services. Choices the source documentation left open are on the <a href="assumptions.html">assumptions page</a>.</p>
<div class="search" role="search">
<label for="search">Search ${total} operations in all services</label>
<input id="search" type="search" autocomplete="off" spellcheck="false" placeholder="e.g. createKey, tenantId, /keys">
<span id="search-status" aria-live="polite"></span>
<ol id="search-results"></ol>
</div>
</div><div class="right">
<h3>Install</h3>
<pre><code>npm install ${PACKAGE}</code></pre>
<h3>Local mock of any service</h3>
<pre><code>npx ${PACKAGE} mock &lt;service-id&gt;</code></pre>
</div></header>
<section class="services" aria-label="Services">
${entries.map(({ service, doc }) => card(service, doc)).join("\n")}
</section>
<section class="tools" aria-label="Tools">
<article class="tool row" id="emulator-control"><div class="middle">
<h2><a href="${CONTROL_PAGE}">Emulator control API</a></h2>
<p>Drive any service's stateful emulator (<code>npx ${PACKAGE} mock &lt;service-id&gt; --stateful</code>) from a test in any language: the requests it received, reset, its state as JSON (the file Try it's Export state saves and <code>--state-file</code> reads), generated records, its clock.</p>
<p class="links"><a class="reference" href="${CONTROL_PAGE}">Reference</a> <a class="json" href="openapi/${CONTROL_DOCUMENT_FILE}" download="emulator-control.openapi.json">OpenAPI JSON</a></p>
</div><div class="right"><pre><code>npx ${PACKAGE} mock &lt;service-id&gt; --stateful</code></pre></div></article>
</section>
<footer>Local mock of any service: <code>npx ${PACKAGE} mock &lt;service-id&gt;</code> · this site: <code>npx ${PACKAGE} docs</code></footer>
</div>
</main>
<script src="assets/search-index.js"></script>
<script src="assets/search.js"></script>`,
    `<style>${STYLE}</style>\n${policyMeta()}`,
    "site",
    {},
    siteHeader(navOf(entries), "index"),
  );
}
