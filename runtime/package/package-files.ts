import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Files the package ships beside its code (bundled documents, the reference site), found
 * through the package's own name so the same lookup works from the sources in the repository
 * and from the compiled files in an installed package.
 */
export function packageRoot(): string {
  return dirname(createRequire(import.meta.url).resolve("cloud-interfaces/package.json"));
}

export function bundledDocumentPath(serviceId: string): string {
  return join(packageRoot(), "dist", "openapi", `${serviceId}.json`);
}

export function siteDir(): string {
  return join(packageRoot(), "dist", "site");
}
