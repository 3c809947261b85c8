/**
 * The reference site: a landing page with cross-service search, one Redoc page per document
 * with generated code samples, the emulators' control API page, the assumptions page, the changelog page, the bundled documents,
 * and for machines llms.txt with one Markdown file per operation. It loads
 * nothing from another host; see scripts/lib/site/ for the parts.
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import type { OpenApiDocument } from "./bundle.js";
import { SITE_DIR } from "./paths.js";
import type { Service } from "./services.js";
import { siteKey, siteKeyMatches, SITE_KEY_FILE } from "./site-key.js";
import { assumptionsPage } from "./site/assumptions-page.js";
import { CHANGELOG_PAGE, changelogPage } from "./site/changelog-page.js";
import { CONTROL_DOCUMENT_FILE, CONTROL_PAGE, controlDocumentJson, controlPage } from "./site/control-page.js";
import { LLMS_FILE, llmsTxt, operationMarkdownFiles } from "./site/machine-pages.js";
import { navOf } from "./site/html.js";
import { landingPage } from "./site/landing-page.js";
import { offlineRedocBundle, REDOC_BUNDLE } from "./site/redoc.js";
import { referencePage, REFERENCE_SCRIPT } from "./site/reference-page.js";
import { searchEntries, searchIndexScript } from "./site/search-index.js";
import { writeTryitAssets } from "./site/tryit-assets.js";

export function buildSite(entries: { service: Service; doc: OpenApiDocument }[], dir = SITE_DIR): void {
  mkdirSync(join(dir, "assets"), { recursive: true });
  mkdirSync(join(dir, "openapi"), { recursive: true });
  writeFileSync(join(dir, "assets", REDOC_BUNDLE), offlineRedocBundle());
  for (const script of ["search.js", REFERENCE_SCRIPT]) copyFileSync(new URL(`./site/assets/${script}`, import.meta.url), join(dir, "assets", script));
  writeFileSync(join(dir, "assets", "search-index.js"), searchIndexScript(searchEntries(entries)));
  writeTryitAssets(entries, dir);
  const services = entries.map((e) => e.service);
  const nav = navOf(entries);
  for (const { service, doc } of entries) {
    // The same bytes the package ships as cloud-interfaces/openapi/<id>.json|yaml, so the site's links work offline.
    writeFileSync(join(dir, "openapi", `${service.id}.json`), JSON.stringify(doc, null, 2));
    writeFileSync(join(dir, "openapi", `${service.id}.yaml`), stringify(doc, { aliasDuplicateObjects: false }));
    writeFileSync(join(dir, `${service.id}.html`), referencePage(service, doc, services, nav));
  }
  writeFileSync(join(dir, "index.html"), landingPage(entries));
  // The emulators' control API: a page of its own, linked from the index, and its document.
  writeFileSync(join(dir, CONTROL_PAGE), controlPage(nav));
  writeFileSync(join(dir, "openapi", CONTROL_DOCUMENT_FILE), controlDocumentJson());
  writeFileSync(join(dir, "assumptions.html"), assumptionsPage(entries));
  writeFileSync(join(dir, CHANGELOG_PAGE), changelogPage(entries));
  // For machines: llms.txt at the root and one Markdown file per operation.
  writeFileSync(join(dir, LLMS_FILE), llmsTxt(entries));
  for (const [path, text] of operationMarkdownFiles(entries)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Rebuilds the site unless its inputs are unchanged since the last build into `dir`; returns whether it built. */
export function buildSiteIfChanged(entries: { service: Service; doc: OpenApiDocument }[], dir = SITE_DIR): boolean {
  const key = siteKey(entries);
  if (siteKeyMatches(dir, key)) return false;
  buildSite(entries, dir);
  writeFileSync(join(dir, SITE_KEY_FILE), key);
  return true;
}
