/**
 * The control API's page (issue 46): its OpenAPI document (`CONTROL_API_DOCUMENT` of
 * `cloud-interfaces/emulator`) rendered by Redoc as a service's page is, without Try it (the
 * control API drives an emulator from outside the page; the console has its own Export and
 * Import), with the document beside it for download. Linked from the index.
 */
import { CONTROL_API_DOCUMENT } from "../../../runtime/emulator/control-document.js";
import { page, policyMeta, scriptJson, siteHeader, sitePolicy, type NavEntry } from "./html.js";
import { REDOC_BUNDLE } from "./redoc.js";
import { REFERENCE_SCRIPT } from "./reference-page.js";

export const CONTROL_PAGE = "emulator-control.html";
/** The document's file in the site's openapi/ folder. */
export const CONTROL_DOCUMENT_FILE = "emulator-control.json";

export function controlPage(nav: readonly NavEntry[]): string {
  const options = {
    hideDownloadButton: false,
    downloadDefinitionUrl: `openapi/${CONTROL_DOCUMENT_FILE}`,
    downloadFileName: "emulator-control.openapi.json",
    expandResponses: "200,201,204",
    jsonSampleExpandLevel: 4,
    showExtensions: false,
    pathInMiddlePanel: true,
    sanitize: true,
    // The site's header stays at the top: Redoc's menu and anchor scrolling sit below it.
    scrollYOffset: "nav.site-nav",
  };
  return page(
    "Emulator control API · reference",
    `<div id="redoc"></div>
<script id="spec" type="application/json">${scriptJson(CONTROL_API_DOCUMENT)}</script>
<script id="redoc-options" type="application/json">${scriptJson(options)}</script>
<script src="assets/${REDOC_BUNDLE}"></script>
<script src="assets/${REFERENCE_SCRIPT}"></script>`,
    // Nothing to fetch but the site: the page sends no request to an emulator.
    policyMeta(sitePolicy(["worker-src 'self' blob:"])),
    "redoc",
    {},
    siteHeader(nav, "emulator-control"),
  );
}

/** The document as the site serves it. */
export const controlDocumentJson = () => JSON.stringify(CONTROL_API_DOCUMENT, null, 2);
