import { listOperations } from "../../runtime/core/router.js";
import type { OpenApiDocument } from "./openapi-types.js";

/**
 * A document whose `info.x-deprecated.deprecated` is true (a whole API version retired, as
 * identity v3) has every operation marked `deprecated: true` in its bundle, so generated types
 * carry `@deprecated` and the site and linters show it. Done at bundle time because the
 * versions share path items (openapi/shared/...): writing the flag there would deprecate the
 * successor's operations too, and copying the path items would let them drift.
 */
export function deprecateOperations(doc: OpenApiDocument): OpenApiDocument {
  if (doc.info?.["x-deprecated"]?.deprecated !== true) return doc;
  for (const { operation } of listOperations(doc)) operation.deprecated = true;
  return doc;
}
