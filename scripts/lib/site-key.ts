/**
 * The reference site's freshness key, apart from the site builder (scripts/lib/site.ts and its
 * parts load Redoc's bundle, esbuild and the page generators): a build with nothing to do reads
 * this key and loads none of them.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { OpenApiDocument } from "./bundle.js";
import { ROOT } from "./paths.js";
import type { Service } from "./services.js";

export const SITE_KEY_FILE = ".inputs-sha256";

/** The site's inputs: its generator's code (scripts/lib, scripts/lib/site/), what the panel bundles (runtime/, generated/), Redoc's version, the documents. */
export function siteKey(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const lib = dirname(fileURLToPath(import.meta.url));
  const files = [
    ...readdirSync(lib).filter((f) => f.endsWith(".ts")).map((f) => join(lib, f)),
    ...readdirSync(join(lib, "site"), { recursive: true, encoding: "utf8" }).map((f) => join(lib, "site", f)).filter((f) => /\.(ts|js)$/.test(f)),
    // The panel's code and what it bundles: the emulators, the clients and the runtime.
    ...["runtime", "generated"].flatMap((top) =>
      readdirSync(join(ROOT, top), { recursive: true, encoding: "utf8" }).map((f) => join(ROOT, top, f)).filter((f) => f.endsWith(".ts")),
    ),
    join(ROOT, "package-lock.json"),
    // The changelog page.
    join(ROOT, "CHANGELOG.md"),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(existsSync(file) ? readFileSync(file) : "").update("\0");
  for (const { service, doc } of entries) hash.update(service.id).update("\0").update(JSON.stringify(doc)).update("\0");
  return hash.digest("hex");
}

/** Whether the site in `dir` was built from the inputs whose key is `key`. */
export function siteKeyMatches(dir: string, key: string): boolean {
  const keyFile = join(dir, SITE_KEY_FILE);
  return existsSync(join(dir, "index.html")) && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key;
}

/** Whether the site in `dir` was built from exactly these inputs. */
export const siteIsFresh = (entries: readonly { service: Service; doc: OpenApiDocument }[], dir: string): boolean => siteKeyMatches(dir, siteKey(entries));
