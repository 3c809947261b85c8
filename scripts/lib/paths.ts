import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const OPENAPI_DIR = join(ROOT, "openapi");
export const GENERATED_DIR = join(ROOT, "generated");
/** Build output that is never committed: bundles, the reference site, screenshots, bench results. */
export const DIST_DIR = join(ROOT, "dist");
export const BUNDLE_DIR = join(DIST_DIR, "bundled");
export const SITE_DIR = join(DIST_DIR, "site");
