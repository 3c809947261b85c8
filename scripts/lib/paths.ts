import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const OPENAPI_DIR = join(ROOT, "openapi");
export const GENERATED_DIR = join(ROOT, "generated");
/** Build output that is never committed: bundles, the reference site, screenshots, bench results. */
export const DIST_DIR = join(ROOT, "dist");
/** The bundled documents as the package ships them (`cloud-interfaces/openapi/<id>.json|yaml`). */
export const BUNDLE_DIR = join(DIST_DIR, "openapi");
/** Compiled JavaScript and declarations of runtime/ and generated/, as the package ships them. */
export const LIB_DIR = join(DIST_DIR, "lib");
export const SITE_DIR = join(DIST_DIR, "site");

/** Where the build reads and writes, under one project root. */
export interface Layout {
  root: string;
  openapiDir: string;
  generatedDir: string;
  distDir: string;
  bundleDir: string;
  siteDir: string;
  cacheFile: string;
}

/**
 * The project's layout moved under another root (a test's scratch copy). Derived from the
 * constants above, so a change of one of them applies to both.
 */
export function layoutFor(root = ROOT): Layout {
  const at = (dir: string) => join(root, relative(ROOT, dir));
  return {
    root,
    openapiDir: at(OPENAPI_DIR),
    generatedDir: at(GENERATED_DIR),
    distDir: at(DIST_DIR),
    bundleDir: at(BUNDLE_DIR),
    siteDir: at(SITE_DIR),
    cacheFile: join(at(DIST_DIR), "build-cache.json"),
  };
}
