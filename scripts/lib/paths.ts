import { fileURLToPath } from "node:url";
import { join } from "node:path";

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
