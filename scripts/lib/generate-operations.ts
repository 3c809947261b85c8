/**
 * generated/<id>/operations.ts: the document's operation table (runtime/openapi/operation-table.ts),
 * compiled by the build so that no reader compiles it at run time, and its Arazzo workflows
 * (runtime/openapi/workflows.ts), which verify runs. Plain data behind JSON.parse
 * (faster to load than an object literal of the same size), no top-level await.
 */
import { compileOperationTable } from "../../runtime/openapi/operation-table.js";
import { documentWorkflows } from "../../runtime/openapi/workflows.js";
import type { OpenApiDocument } from "./openapi-types.js";
import type { Service } from "./services.js";

export function generateOperationsModule(service: Service, doc: OpenApiDocument): string {
  const table = compileOperationTable(doc);
  const workflows = documentWorkflows(doc as object);
  return `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.

import type { OperationTable } from "../../runtime/openapi/operation-table.js";
import type { ArazzoWorkflow } from "../../runtime/openapi/workflows.js";

/** Every operation of the document, compiled once: routing order, parameters, media types, example names, security, annotations. */
export const table: OperationTable = JSON.parse(${JSON.stringify(JSON.stringify(table))});

/** The document's Arazzo workflows (dist/openapi/<id>.arazzo.yaml), which \`verify --allow-writes\` runs. */
export const workflows: ArazzoWorkflow[] = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(workflows))});
`;
}
