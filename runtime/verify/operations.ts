/**
 * The operations of a bundled document as the verifier reads them: method, path template,
 * parameters (with the pointer of each schema), request media types, security alternatives,
 * and the valid requests the document's own examples spell out.
 */
import { firstExample, requestBodyExamples } from "../openapi/examples.js";
import { getAt } from "../core/pointer.js";
import { operationTable, type TableOperation, type TableResource } from "../openapi/operation-table.js";
import { listOperations } from "../core/router.js";
import { resolve } from "./pointer.js";
import type { QueryStyles, RawRequest, Scheme } from "./raw-request.js";

export interface DocParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** The parameter object (resolved). */
  raw: any;
  /** Pointer of the parameter object. */
  ptr: string;
  /** Pointer of its schema, $refs followed. */
  schemaPtr?: string;
}

export interface DocOperation {
  /** "GET /api/v2/keys" */
  key: string;
  operationId: string;
  method: string;
  path: string;
  /** Pointer of the operation object. */
  ptr: string;
  raw: any;
  parameters: DocParameter[];
  mediaTypes: string[];
  security: string[][];
  styles: QueryStyles;
  /** The operation table's normalised `x-resource`, `x-pagination` and `x-effect`. */
  resource?: TableResource;
  pagination?: TableOperation["pagination"];
}

/** The verifier's view of the document's operation table (runtime/openapi/operation-table.ts), in document order. */
export function docOperations(doc: any): DocOperation[] {
  const table = operationTable(doc).operations;
  // The table is in routing order; the verifier reports (and sends) in the document's.
  const order = new Map(listOperations(doc).map((e, i) => [e.pointer, i]));
  return [...table]
    .sort((a, b) => (order.get(a.pointer) ?? 0) - (order.get(b.pointer) ?? 0))
    .map((entry): DocOperation => {
      const parameters = entry.parameters.map((p): DocParameter => ({
        name: p.name,
        in: p.in,
        required: p.required,
        raw: getAt(doc, p.pointer),
        ptr: p.pointer,
        ...(p.schemaPointer ? { schemaPtr: p.schemaPointer } : {}),
      }));
      const styles: QueryStyles = Object.fromEntries(entry.parameters.filter((p) => p.query).map((p) => [p.name, p.query!]));
      return {
        key: entry.key,
        operationId: entry.operationId,
        method: entry.method,
        path: entry.path,
        ptr: entry.pointer,
        raw: getAt(doc, entry.pointer),
        parameters,
        mediaTypes: entry.request?.mediaTypes ?? [],
        security: entry.security,
        styles,
        ...(entry.resource ? { resource: entry.resource } : {}),
        ...(entry.pagination ? { pagination: entry.pagination } : {}),
      };
    });
}

export function securitySchemes(doc: any): Record<string, Scheme> {
  return Object.fromEntries(Object.entries<any>(doc.components?.securitySchemes ?? {}).map(([name, s]) => [name, s as Scheme]));
}

/** Parameter names the document's clients bind once at creation (`x-client.bind`). */
export function boundNames(doc: any): string[] {
  return (doc["x-client"]?.bind ?? []) as string[];
}

/** The document's example value for a parameter (runtime/openapi/examples.ts decides which), or undefined. */
export function parameterExample(doc: any, p: DocParameter): unknown {
  return firstExample(doc, p.raw).value;
}

export interface DocumentedRequest {
  /** Name of the request example ("standardKey"), or "parameters" for a bodiless operation. */
  example: string;
  request: RawRequest;
}

/**
 * The valid requests the document states for an operation: its required and bound
 * parameters from their examples (or `bind`), with each body example in turn, the one that
 * stands for the operation (and for its code samples on the site) first. Empty when
 * a required value has no example (the report says so).
 */
export function documentedRequests(doc: any, op: DocOperation, bind: Record<string, unknown> = {}, options: { everyMediaType?: boolean } = {}): { requests: DocumentedRequest[]; missing: string[] } {
  const bound = new Set(boundNames(doc).map((n) => n.toLowerCase()));
  const bindValue = (name: string) => Object.entries(bind).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const params: RawRequest["params"] = { path: {}, query: {}, header: {} };
  const missing: string[] = [];
  for (const p of op.parameters) {
    if (p.in === "cookie") continue;
    const isBound = bound.has(p.name.toLowerCase());
    if (!p.required && !isBound && p.in !== "path") continue;
    const value = bindValue(p.name) ?? parameterExample(doc, p);
    if (value === undefined) {
      if (p.required || p.in === "path") missing.push(`${p.in}.${p.name}`);
      continue;
    }
    params[p.in][p.name] = value;
  }
  if (missing.length) return { requests: [], missing };
  const base = { method: op.method, path: op.path, params, withCredentials: true };
  // Every media type's named examples when asked (a read-only run looking for the request that writes nothing), else the operation's own.
  const bodies = options.everyMediaType ? everyBodyExample(doc, op.raw) : requestBodyExamples(doc, op.raw);
  if (op.raw.requestBody && bodies.length === 0) {
    const required = resolve(doc, `${op.ptr}/requestBody`).required === true;
    if (required) return { requests: [], missing: ["body"] };
  }
  if (bodies.length === 0) return { requests: [{ example: "parameters", request: structuredClone(base) }], missing };
  return {
    requests: bodies.map((b) => ({ example: b.name, request: { ...structuredClone(base), body: structuredClone(b.value), contentType: b.mediaType } })),
    missing,
  };
}

/** The named request-body examples of every media type of an operation, in document order. */
function everyBodyExample(doc: any, operation: { requestBody?: unknown }): Array<{ name: string; mediaType: string; value: unknown }> {
  const content = Object.entries<any>((operation.requestBody ? resolveBody(doc, operation.requestBody) : undefined)?.content ?? {});
  return content.flatMap(([mediaType, media]) =>
    Object.entries<any>(media?.examples ?? {})
      .map(([name, ex]) => ({ name, mediaType, value: (ex?.$ref ? resolveRef(doc, ex.$ref) : ex)?.value }))
      .filter((ex) => ex.value !== undefined),
  );
}

const resolveRef = (doc: any, ref: string) => getAt(doc, ref);
const resolveBody = (doc: any, body: any) => (body?.$ref ? resolveRef(doc, body.$ref) : body);
