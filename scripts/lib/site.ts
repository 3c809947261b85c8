/**
 * The reference site: a landing page with cross-service search, one Redoc page per document
 * with generated code samples, the assumptions page, and the bundled documents. It loads
 * nothing from another host; see scripts/lib/site/ for the parts.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import type { OpenApiDocument } from "./bundle.js";
import { ROOT, SITE_DIR } from "./paths.js";
import type { Service } from "./services.js";
import { assumptionsPage } from "./site/assumptions-page.js";
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
  writeFileSync(join(dir, "assumptions.html"), assumptionsPage(entries));
}

const KEY_FILE = ".inputs-sha256";

/** The site's inputs: its generator's code (this file, scripts/lib/site/, what they import from scripts/lib), Redoc's version, the documents. */
function siteKey(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const lib = dirname(fileURLToPath(import.meta.url));
  const files = [
    ...readdirSync(lib).filter((f) => f.endsWith(".ts")).map((f) => join(lib, f)),
    ...readdirSync(join(lib, "site"), { recursive: true, encoding: "utf8" }).map((f) => join(lib, "site", f)).filter((f) => /\.(ts|js)$/.test(f)),
    // The panel's code and what it bundles: the emulators, the clients and the runtime.
    ...["runtime", "generated"].flatMap((top) =>
      readdirSync(join(ROOT, top), { recursive: true, encoding: "utf8" }).map((f) => join(ROOT, top, f)).filter((f) => f.endsWith(".ts")),
    ),
    join(ROOT, "package-lock.json"),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(existsSync(file) ? readFileSync(file) : "").update("\0");
  for (const { service, doc } of entries) hash.update(service.id).update("\0").update(JSON.stringify(doc)).update("\0");
  return hash.digest("hex");
}

/** Rebuilds the site unless its inputs are unchanged since the last build into `dir`; returns whether it built. */
export function buildSiteIfChanged(entries: { service: Service; doc: OpenApiDocument }[], dir = SITE_DIR): boolean {
  const key = siteKey(entries);
  const keyFile = join(dir, KEY_FILE);
  if (existsSync(join(dir, "index.html")) && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key) return false;
  buildSite(entries, dir);
  writeFileSync(keyFile, key);
  return true;
}
