import { bundle } from "@redocly/openapi-core";
import { toRelative } from "./build-cache.js";
import { deprecateOperations } from "./deprecation.js";
import { withLinks } from "./generate-flows.js";
import { formatFindings, type Finding } from "./findings.js";
import { checkInputs } from "./input-guard.js";
import { loadRedoclyConfig, redoclyFinding } from "./lint.js";
import { ROOT } from "./paths.js";
import type { OpenApiDocument } from "./openapi-types.js";
import { documentPath, type Service } from "./services.js";

export type { OpenApiDocument } from "./openapi-types.js";

/** Resolves shared fragments into one self-contained document (components named after files). */
export async function bundleDocument(service: Service, file = documentPath(service)): Promise<OpenApiDocument> {
  return (await bundleWithDependencies(service, file)).doc;
}

export interface BundleResult {
  doc: OpenApiDocument;
  /** Files the bundle was made from, relative to `root` (for the build cache). */
  dependencies: string[];
  /** The bundler's errors (an unresolvable $ref), each with file, pointer and line. */
  findings: Finding[];
}

/** The bundle plus the files it was made from; problems are returned, not thrown. */
export async function bundleForBuild(service: Service, file = documentPath(service), root = ROOT): Promise<BundleResult> {
  // Before the bundler sees a file: it would fetch URLs, read outside openapi/ and expand alias bombs.
  const refused = checkInputs(file);
  if (refused.length > 0) return { doc: {} as OpenApiDocument, dependencies: toRelative(new Set([file]), root), findings: refused };
  const config = await loadRedoclyConfig();
  const result = await bundle({ ref: file, config: config.forAlias(service.id), dereference: false });
  const findings = result.problems.filter((p) => p.severity === "error").map((p) => redoclyFinding("bundle", p, file));
  const parsed = deprecateOperations(result.bundle.parsed as OpenApiDocument);
  return {
    // The flows `x-resource` states, as OpenAPI links on each create's answer (linted with the rest);
    // only on a bundle that resolved: a reference left outside it is the finding, not a crash here.
    doc: findings.length === 0 ? withLinks(parsed) : parsed,
    // Sorted: the resolver finishes files in no fixed order, and the cache file must not churn.
    dependencies: toRelative(new Set([file, ...result.fileDependencies]), root).sort(),
    findings,
  };
}

/** The bundle plus the files it was made from; throws when the document cannot be bundled. */
export async function bundleWithDependencies(
  service: Service,
  file = documentPath(service),
): Promise<{ doc: OpenApiDocument; dependencies: string[] }> {
  const { doc, dependencies, findings } = await bundleForBuild(service, file);
  if (findings.length > 0) throw new Error(`Bundling ${service.document} failed:\n${formatFindings(findings)}`);
  return { doc, dependencies };
}
