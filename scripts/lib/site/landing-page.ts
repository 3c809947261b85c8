/**
 * The landing page: what each service is for, whether it is current, where it runs, how to
 * install and call it, its reference page and its bundled document, and one search box over
 * every operation of every document.
 */
import type { OpenApiDocument } from "../bundle.js";
import { operationTable } from "../../../runtime/openapi/operation-table.js";
import type { Service } from "../services.js";
import { landingExample, PACKAGE } from "./code-samples.js";
import { displayTitle, html, navOf, page, policyMeta, siteHeader } from "./html.js";
import { CONTROL_DOCUMENT_FILE, CONTROL_PAGE } from "./control-page.js";

const STYLE = `
header.hero { background: #0d1117; color: #f0f6fc; }
header.hero .inner { max-width: 72rem; margin: 0 auto; padding: 1.5rem 1rem; }
header.hero h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
header.hero p { margin: 0 0 1rem; color: #c9d1d9; }
header.hero a { color: #79c0ff; }
header.hero pre { background: #161b22; color: #f0f6fc; display: inline-block; max-width: 100%; }
.search { margin-top: 1rem; }
.search label { display: block; font-weight: 600; margin-bottom: .25rem; }
#search { width: 100%; max-width: 40rem; font-size: 1rem; padding: .6rem .75rem; border-radius: 6px; border: 1px solid #30363d; }
#search-status { display: block; min-height: 1.2rem; font-size: .85rem; color: #8b949e; }
#search-results { list-style: none; margin: .25rem 0 0; padding: 0; max-width: 48rem; background: #fff; border-radius: 6px; }
#search-results:empty { display: none; }
#search-results .hit a { display: block; padding: .5rem .75rem; color: #1f2328; text-decoration: none; border-bottom: 1px solid #d0d7de; }
#search-results .hit a:hover, #search-results .hit a:focus { background: #ddf4ff; }
.hit-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
.hit-meta { display: block; font-size: .85rem; color: #57606a; overflow-wrap: anywhere; }
.method { font-size: .75rem; font-weight: 700; text-transform: uppercase; color: #0b57d0; }
.services { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: 1rem; }
.service { border: 1px solid #d0d7de; border-radius: 8px; padding: 1rem; min-width: 0; display: flex; flex-direction: column; gap: .5rem; }
.service h2 { margin: 0; font-size: 1.15rem; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.service .purpose { margin: 0; }
.service .facts { margin: 0; font-size: .9rem; color: #57606a; }
.service .links { display: flex; flex-wrap: wrap; gap: .25rem 1rem; font-size: .95rem; }
.service pre { font-size: .8rem; }
.tools { margin-top: 1rem; }
.tools .tool { border: 1px dashed #8c959f; border-radius: 8px; padding: 1rem; display: flex; flex-direction: column; gap: .5rem; }
.tools h2 { margin: 0; font-size: 1.15rem; }
.tools p { margin: 0; }
.regions code { display: inline-block; white-space: nowrap; overflow-wrap: normal; background: #eaeef2; border-radius: 4px; padding: 0 .25rem; margin-right: .25rem; }
footer { max-width: 72rem; margin: 0 auto; padding: 1rem; color: #57606a; font-size: .9rem; }
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
  return `<article class="service" id="${service.id}" data-service="${service.id}" data-status="${deprecated ? "deprecated" : "current"}">
<h2><a href="${service.id}.html">${html(displayTitle(doc.info, service.id))}</a> <span class="badge ${deprecated ? "deprecated" : "current"}">${deprecated ? "deprecated" : "current"}</span></h2>
<p class="purpose">${html(purposeOf(doc))}</p>
<p class="facts"><span class="regions">${regions.length > 0 ? `Regions: ${regions.map((r) => `<code>${html(r)}</code>`).join("")}` : "Single global endpoint"}</span> · ${operations} operation${operations === 1 ? "" : "s"} · <span class="doc-version">document version ${html(String(doc.info.version))}</span></p>
<p class="links"><a class="reference" href="${service.id}.html">Reference</a><a class="json" href="openapi/${service.id}.json" download="${service.id}.openapi.json">OpenAPI JSON</a><a class="yaml" href="openapi/${service.id}.yaml" download="${service.id}.openapi.yaml">OpenAPI YAML</a><a href="assumptions.html#${service.id}">Assumptions</a></p>
<pre class="install"><code>npm install ${PACKAGE}</code></pre>
<pre class="example"><code>${html(landingExample(service.id, doc))}</code></pre>
</article>`;
}

export function landingPage(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const total = entries.reduce((n, { doc }) => n + operationTable(doc).operations.length, 0);
  return page(
    "Cloud service interfaces",
    `<header class="hero"><div class="inner">
<h1>Cloud service interfaces</h1>
<p>OpenAPI 3.1 references, typed TypeScript clients and local mocks for ${entries.length} services. Choices the source documentation left open are on the <a href="assumptions.html">assumptions page</a>.</p>
<pre><code>npm install ${PACKAGE}</code></pre>
<div class="search" role="search">
<label for="search">Search ${total} operations in all services</label>
<input id="search" type="search" autocomplete="off" spellcheck="false" placeholder="e.g. createKey, tenantId, /keys">
<span id="search-status" aria-live="polite"></span>
<ol id="search-results"></ol>
</div>
</div></header>
<main>
<section class="services">
${entries.map(({ service, doc }) => card(service, doc)).join("\n")}
</section>
<section class="tools" aria-label="Tools">
<article class="tool" id="emulator-control">
<h2><a href="${CONTROL_PAGE}">Emulator control API</a></h2>
<p>Drive any service's stateful emulator (<code>npx ${PACKAGE} mock &lt;service-id&gt; --stateful</code>) from a test in any language: the requests it received, reset, its state as JSON (the file Try it's Export state saves and <code>--state-file</code> reads), generated records, its clock.</p>
<p class="links"><a class="reference" href="${CONTROL_PAGE}">Reference</a> <a class="json" href="openapi/${CONTROL_DOCUMENT_FILE}" download="emulator-control.openapi.json">OpenAPI JSON</a></p>
</article>
</section>
</main>
<footer>Local mock of any service: <code>npx ${PACKAGE} mock &lt;service-id&gt;</code> · this site: <code>npx ${PACKAGE} docs</code></footer>
<script src="assets/search-index.js"></script>
<script src="assets/search.js"></script>`,
    `<style>${STYLE}</style>\n${policyMeta()}`,
    "site",
    {},
    siteHeader(navOf(entries), "index"),
  );
}
