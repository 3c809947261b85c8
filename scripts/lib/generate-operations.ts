/**
 * generated/<id>/operations.ts: the document's operation table (runtime/openapi/operation-table.ts),
 * compiled by the build so that no reader compiles it at run time. Plain data behind JSON.parse
 * (faster to load than an object literal of the same size), no top-level await.
 */
import { compileOperationTable } from "../../runtime/openapi/operation-table.js";
import type { OpenApiDocument } from "./openapi-types.js";
import type { Service } from "./services.js";

export function generateOperationsModule(service: Service, doc: OpenApiDocument): string {
  const table = compileOperationTable(doc);
  return `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.

import type { OperationTable } from "../../runtime/openapi/operation-table.js";

/** Every operation of the document, compiled once: routing order, parameters, media types, example names, security, annotations. */
export const table: OperationTable = JSON.parse(${JSON.stringify(JSON.stringify(table))});
`;
}
