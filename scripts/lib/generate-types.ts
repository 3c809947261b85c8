import openapiTS, { astToString } from "openapi-typescript";
import type { OpenApiDocument } from "./bundle.js";
import type { Service } from "./services.js";

/**
 * defaultNonNullable is off: a request field with a default (e.g. `enabled`, default true) is
 * optional for the caller, as the interface documents say.
 *
 * Types come from the bundle, which the build has already linted, so generation needs no lint of its own. */
export async function generateTypes(service: Service, doc: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { alphabetize: false, defaultNonNullable: false });
  return (
    `// Generated from openapi/${service.document} by scripts/build.ts (openapi-typescript). Do not edit.\n\n` +
    astToString(ast)
  );
}
