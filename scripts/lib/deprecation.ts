import type { OpenApiDocument } from "./openapi-types.js";
import { HTTP_METHODS } from "./openapi-types.js";

/**
 * A document whose `info.x-deprecated.deprecated` is true (a whole API version retired, as
 * identity v3) has every operation marked `deprecated: true` in its bundle, so generated types
 * carry `@deprecated` and the site and linters show it. Done at bundle time because the
 * versions share path items (openapi/shared/...): writing the flag there would deprecate the
 * successor's operations too, and copying the path items would let them drift.
 */
export function deprecateOperations(doc: OpenApiDocument): OpenApiDocument {
  if (doc.info?.["x-deprecated"]?.deprecated !== true) return doc;
  for (const item of Object.values<Record<string, any>>(doc.paths ?? {})) {
    const target = typeof item.$ref === "string" ? resolveLocal(doc, item.$ref) : item;
    for (const method of HTTP_METHODS) {
      if (target?.[method]) target[method].deprecated = true;
    }
  }
  return doc;
}

function resolveLocal(doc: OpenApiDocument, ref: string): any {
  if (!ref.startsWith("#/")) throw new Error(`deprecateOperations: external $ref ${ref} left in a bundle`);
  return ref
    .slice(2)
    .split("/")
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node: any, key) => node?.[key], doc);
}
