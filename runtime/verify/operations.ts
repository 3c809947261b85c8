/**
 * The verifier's reading of a document: its operations (the operation table, in document
 * order), its security schemes, and the valid requests the document's own examples spell out
 * (runtime/openapi/example-requests.ts) as raw requests.
 */
import { exampleRequests } from "../openapi/example-requests.js";
import { inDocumentOrder, operationTable, type TableOperation } from "../openapi/operation-table.js";
import type { RawRequest, Scheme } from "./raw-request.js";

/** The document's operations as the verifier reports (and sends) them: the table's, in document order. */
export function documentOperations(doc: any): TableOperation[] {
  return inDocumentOrder(operationTable(doc));
}

export function securitySchemes(doc: any): Record<string, Scheme> {
  return Object.fromEntries(Object.entries<any>(doc.components?.securitySchemes ?? {}).map(([name, s]) => [name, s as Scheme]));
}

export interface DocumentedRequest {
  /** Name of the request example ("standardKey"), or "parameters" for a bodiless operation. */
  example: string;
  request: RawRequest;
}

/**
 * The valid requests the document states for an operation, the one that stands for it (and
 * for its code samples on the site) first; with `everyMediaType`, every body example of every
 * media type (a read-only run looking for the request that writes nothing). Empty when a
 * required value has no example (the report says so).
 */
export function documentedRequests(doc: any, op: TableOperation, bind: Record<string, unknown> = {}, options: { everyMediaType?: boolean } = {}): { requests: DocumentedRequest[]; missing: string[] } {
  const { requests, missing } = exampleRequests(doc, op, { bind, bodies: options.everyMediaType ? "every" : "standing" });
  if (missing.length) return { requests: [], missing };
  return {
    requests: requests.map(({ example, params: { path, query, header }, body }) => ({
      example,
      request: { method: op.method, path: op.path, params: { path, query, header }, withCredentials: true, ...(body ? { body: body.value, contentType: body.mediaType } : {}) },
    })),
    missing,
  };
}
