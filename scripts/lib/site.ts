import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { collectAssumptions } from "./assumptions.js";
import type { OpenApiDocument } from "./bundle.js";
import { listOperations } from "./client-meta.js";
import { SITE_DIR } from "./paths.js";
import type { Service } from "./services.js";

const require = createRequire(import.meta.url);
const REDOC_BUNDLE = "redoc.standalone.js";
/** Redoc's side menu shows a logo fetched from its CDN, with no option to turn it off. */
const REDOC_CDN_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const LOCAL_LOGO =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><circle cx="8" cy="8" r="7" fill="#e3165b"/></svg>');

/** The renderer, made self-contained: fails the build if a Redoc upgrade moves the CDN reference. */
function offlineRedocBundle(): string {
  const source = readFileSync(require.resolve(`redoc/bundles/${REDOC_BUNDLE}`), "utf8");
  if (!source.includes(REDOC_CDN_LOGO)) throw new Error(`${REDOC_BUNDLE}: expected CDN logo reference not found; re-check offline use`);
  return source.split(REDOC_CDN_LOGO).join(LOCAL_LOGO);
}

const html = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside <script> must not be able to close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function page(title: string, body: string, head = ""): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<link rel="icon" href="data:,">
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1f2328; }
main { max-width: 72rem; margin: 0 auto; padding: 2rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; border-bottom: 1px solid #d0d7de; padding: .5rem; vertical-align: top; }
.deprecated { color: #9a6700; font-weight: 600; }
code { font-size: .9em; }
</style>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * What a reader of these interfaces needs next to each operation but Redoc does not show from
 * vendor extensions: security, IAM action, audit events, rate limits and the assumptions made.
 */
function annotate(doc: OpenApiDocument, services: Service[]): OpenApiDocument {
  const copy = structuredClone(doc);
  // Links between documents point at their pages on this site.
  for (const other of services) {
    copy.info.description = copy.info.description?.split(`](${other.document})`).join(`](${other.id}.html)`);
  }
  for (const { operation } of listOperations(copy)) {
    const security = (operation.security ?? copy.security ?? []) as Record<string, unknown>[];
    const lines = [
      `**Security:** ${security.length === 0 ? "none (unprotected)" : security.map((r) => Object.keys(r).join(" + ") || "none").join(" or ")}`,
    ];
    if (operation["x-iam-action"]) lines.push(`**IAM action:** \`${operation["x-iam-action"]}\``);
    if (operation["x-audit-events"]) {
      lines.push(`**Audit events:** ${(operation["x-audit-events"] as string[]).map((e) => `\`${e}\``).join(", ")}`);
    }
    const rate = operation["x-rate-limit"] ?? copy["x-rate-limit"];
    if (rate) lines.push(`**Rate limit:** ${rate.description ?? JSON.stringify(rate)}`);
    operation.description = `${operation.description ?? ""}\n\n${lines.join("  \n")}`;
  }
  return copy;
}

function referencePage(service: Service, doc: OpenApiDocument, services: Service[]): string {
  return page(
    `${doc.info.title} ${doc.info.version}`,
    `<div id="redoc"></div>
<script id="spec" type="application/json">${scriptJson(annotate(doc, services))}</script>
<script src="assets/${REDOC_BUNDLE}"></script>
<script>
Redoc.init(JSON.parse(document.getElementById("spec").textContent), {
  hideDownloadButton: false, expandResponses: "all", jsonSampleExpandLevel: 4,
  showExtensions: true, pathInMiddlePanel: true, sortPropsAlphabetically: false
}, document.getElementById("redoc"));
</script>`,
  );
}

function regionsOf(doc: OpenApiDocument): string[] {
  return [...new Set((doc.servers ?? []).flatMap((s: any) => s.variables?.region?.enum ?? []))] as string[];
}

function indexPage(entries: { service: Service; doc: OpenApiDocument }[]): string {
  const rows = entries
    .map(({ service, doc }) => {
      const deprecated = Boolean(doc.info["x-deprecated"]);
      return `<tr data-service="${service.id}">
<td><a href="${service.id}.html">${html(doc.info.title)}</a></td>
<td>${html(String(doc.info.version))}</td>
<td>${deprecated ? '<span class="deprecated">deprecated</span>' : "current"}</td>
<td>${regionsOf(doc).map((r) => `<code>${html(r)}</code>`).join(" ") || "—"}</td>
<td>${listOperations(doc).length}</td>
</tr>`;
    })
    .join("\n");
  return page(
    "Cloud service interfaces",
    `<main>
<h1>Cloud service interfaces</h1>
<p>Reference for the six interfaces described in this project. Every choice the source documentation did not state is listed on the <a href="assumptions.html">assumptions page</a>.</p>
<table>
<thead><tr><th>Interface</th><th>Version</th><th>State</th><th>Regions</th><th>Operations</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>`,
  );
}

function assumptionsPage(entries: { service: Service; doc: OpenApiDocument }[]): string {
  const sections = entries
    .map(({ service, doc }) => {
      const items = collectAssumptions(doc);
      const rows = items
        .map(
          (a) =>
            `<tr class="assumption"><td>${html(a.operation ?? "(document)")}</td><td><code>${html(a.pointer)}</code></td><td>${html(a.note)}</td></tr>`,
        )
        .join("\n");
      return `<section id="${service.id}" data-count="${items.length}">
<h2><a href="${service.id}.html">${html(doc.info.title)} ${html(String(doc.info.version))}</a> (${items.length})</h2>
<table><thead><tr><th>Operation</th><th>Where</th><th>What was chosen and why</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
    })
    .join("\n");
  return page("Assumptions", `<main>\n<h1>Assumptions</h1>\n<p>Details the interface documents mark "not shown", and what these OpenAPI documents chose (<code>x-assumed</code>).</p>\n${sections}\n</main>`);
}

/** A static site that loads nothing from another host: the Redoc bundle is copied from node_modules. */
export function buildSite(entries: { service: Service; doc: OpenApiDocument }[], dir = SITE_DIR): void {
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "assets", REDOC_BUNDLE), offlineRedocBundle());
  for (const { service, doc } of entries) {
    writeFileSync(join(dir, `${service.id}.html`), referencePage(service, doc, entries.map((e) => e.service)));
  }
  writeFileSync(join(dir, "index.html"), indexPage(entries));
  writeFileSync(join(dir, "assumptions.html"), assumptionsPage(entries));
}
