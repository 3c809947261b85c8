import { bundle } from "@redocly/openapi-core";
import { loadRedoclyConfig } from "./lint.js";
import { documentPath, type Service } from "./services.js";

export type OpenApiDocument = Record<string, any>;

/** Resolves shared fragments into one self-contained document (components named after files). */
export async function bundleDocument(service: Service, file = documentPath(service)): Promise<OpenApiDocument> {
  const config = await loadRedoclyConfig();
  const result = await bundle({ ref: file, config: config.forAlias(service.id), dereference: false });
  const errors = result.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Bundling ${service.document} failed:\n${errors.map((p) => `  ${p.message}`).join("\n")}`);
  }
  return result.bundle.parsed as OpenApiDocument;
}
