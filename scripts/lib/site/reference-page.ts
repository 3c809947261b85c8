import type { OpenApiDocument } from "../bundle.js";
import type { Service } from "../services.js";
import { codeSamples } from "./code-samples.js";
import { renderExtensions } from "./extensions.js";
import { displayTitle, page, policyMeta, scriptJson, siteHeader, sitePolicy, type NavEntry } from "./html.js";
import { REDOC_BUNDLE } from "./redoc.js";
import { hasTryit, TRYIT_LOADER } from "./tryit-assets.js";
import { listOperations } from "../../../runtime/core/router.js";

/** The document as the site renders it: extensions as blocks, and generated code samples. */
export function siteDocument(service: Service, doc: OpenApiDocument, services: readonly Service[]): OpenApiDocument {
  const copy = renderExtensions(doc, service, services);
  const samples = codeSamples(service.id, doc);
  for (const { operation } of listOperations(copy)) operation["x-codeSamples"] = samples.get(operation.operationId);
  return copy;
}

/** Where the try-it panel may send requests when the reader picks a target other than the in-page emulator. */
export const TARGET_SOURCES = "http://127.0.0.1:* http://localhost:* https:";

/** The script that starts Redoc (scripts/lib/site/assets/reference.js): no page has an inline script. */
export const REFERENCE_SCRIPT = "reference.js";

/**
 * The page's Content-Security-Policy: no eval and no inline script anywhere (the emulator's
 * validators are precompiled; Redoc starts from a file), no frames, no form submissions, and
 * fetches to the site and to the document's own hosts, which the try-it worker answers in the
 * page. A server variable's label and those left of it become `*.` (CSP wildcards lead a host).
 * Inline styles stay: Redoc styles its pages with styled-components. `frame-ancestors` cannot
 * be set here (a <meta> policy ignores it): the docs server sends it as a header.
 */
export function contentSecurityPolicy(doc: OpenApiDocument): string {
  const hosts = new Set<string>();
  for (const server of doc.servers ?? []) {
    try {
      const url = new URL(String(server.url).replace(/\{[^}]+\}/g, "variable-label"));
      const labels = url.hostname.split(".");
      const last = labels.lastIndexOf("variable-label");
      hosts.add(`${url.protocol}//${last < 0 ? url.hostname : `*.${labels.slice(last + 1).join(".")}`}`);
    } catch {
      // A server URL that is not absolute names no other host.
    }
  }
  // A try-it target the reader gives: a local mock or emulator on loopback, or their own https server.
  return sitePolicy([`connect-src 'self' ${[...hosts].join(" ")} ${TARGET_SOURCES}`.replace(/ +/g, " "), "worker-src 'self' blob:"]);
}

/**
 * One Redoc page per document. Downloads are the bundled document beside the page, saved
 * under a name that says which service and version it is (`<id>.openapi.json`).
 */
export function referencePage(service: Service, doc: OpenApiDocument, services: readonly Service[], nav: readonly NavEntry[] = services.map((s) => ({ id: s.id, title: s.id }))): string {
  const options = {
    hideDownloadButton: false,
    downloadDefinitionUrl: `openapi/${service.id}.json`,
    downloadFileName: `${service.id}.openapi.json`,
    expandResponses: "all",
    jsonSampleExpandLevel: 4,
    showExtensions: false,
    pathInMiddlePanel: true,
    sortPropsAlphabetically: false,
    // The generated samples come first; the raw payload after them.
    payloadSampleIdx: 3,
    // DOMPurify over the Markdown Redoc renders: a layer behind the site's own prose-only pass (prose.ts).
    sanitize: true,
    // The site's header stays at the top: Redoc's menu and anchor scrolling sit below it.
    scrollYOffset: "nav.site-nav",
  };
  return page(
    `${displayTitle(doc.info, service.id)} · reference`,
    `<div id="redoc"></div>
<script id="spec" type="application/json">${scriptJson(siteDocument(service, doc, services))}</script>
<script id="redoc-options" type="application/json">${scriptJson(options)}</script>
<script src="assets/${REDOC_BUNDLE}"></script>
<script src="assets/${REFERENCE_SCRIPT}"></script>${hasTryit(service.id) ? `\n<script type="module" src="${TRYIT_LOADER}"></script>` : ""}`,
    policyMeta(contentSecurityPolicy(doc)),
    "redoc",
    hasTryit(service.id) ? { service: service.id } : {},
    siteHeader(nav, service.id),
  );
}
