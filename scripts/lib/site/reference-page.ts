import type { OpenApiDocument } from "../bundle.js";
import type { Service } from "../services.js";
import { codeSamples } from "./code-samples.js";
import { renderExtensions } from "./extensions.js";
import { page, scriptJson } from "./html.js";
import { REDOC_BUNDLE } from "./redoc.js";
import { hasTryit, TRYIT_LOADER } from "./tryit-assets.js";
import { listOperations } from "../../../runtime/openapi/router.js";

/** The document as the site renders it: extensions as blocks, and generated code samples. */
export function siteDocument(service: Service, doc: OpenApiDocument, services: readonly Service[]): OpenApiDocument {
  const copy = renderExtensions(doc, service, services);
  const samples = codeSamples(service.id, doc);
  for (const { operation } of listOperations(copy)) operation["x-codeSamples"] = samples.get(operation.operationId);
  return copy;
}

/**
 * One Redoc page per document. Downloads are the bundled document beside the page, saved
 * under a name that says which service and version it is (`kms-v2.openapi.json`).
 */
export function referencePage(service: Service, doc: OpenApiDocument, services: readonly Service[]): string {
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
  };
  return page(
    `${doc.info.title} ${doc.info.version}`,
    `<div id="redoc"></div>
<script id="spec" type="application/json">${scriptJson(siteDocument(service, doc, services))}</script>
<script src="assets/${REDOC_BUNDLE}"></script>
<script>
Redoc.init(JSON.parse(document.getElementById("spec").textContent), ${JSON.stringify(options)}, document.getElementById("redoc"));
</script>${hasTryit(service.id) ? `\n<script type="module" src="${TRYIT_LOADER}"></script>` : ""}`,
    "",
    "redoc",
    hasTryit(service.id) ? { service: service.id } : {},
  );
}
