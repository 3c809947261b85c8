import { bundle } from "@redocly/openapi-core";
import { loadRedoclyConfig } from "./lint.js";
import { toRelative } from "./build-cache.js";
import { deprecateOperations } from "./deprecation.js";
import { documentPath, type Service } from "./services.js";

export type OpenApiDocument = Record<string, any>;

/** Resolves shared fragments into one self-contained document (components named after files). */
export async function bundleDocument(service: Service, file = documentPath(service)): Promise<OpenApiDocument> {
  return (await bundleWithDependencies(service, file)).doc;
}

/** The bundle plus the files it was made from (for the build cache). */
export async function bundleWithDependencies(
  service: Service,
  file = documentPath(service),
): Promise<{ doc: OpenApiDocument; dependencies: string[] }> {
  const config = await loadRedoclyConfig();
  const result = await bundle({ ref: file, config: config.forAlias(service.id), dereference: false });
  const errors = result.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Bundling ${service.document} failed:\n${errors.map((p) => `  ${p.message}`).join("\n")}`);
  }
  return {
    doc: deprecateOperations(result.bundle.parsed as OpenApiDocument),
    dependencies: toRelative(new Set([file, ...result.fileDependencies])),
  };
}
