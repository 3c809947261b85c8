/**
 * A document compiled once into the table every reader of its operations shares: what an
 * operation is (id, method, path template, where it stands), its parameters with their location
 * fixed and header names lower-cased, its request and response media types, the names of its
 * examples, its security, and its annotations in one normalised form. The build writes each
 * bundled document's table as generated/<id>/operations.ts (plain data, no top-level await); a
 * caller's own document is compiled by the same function when its emulator starts. Readers take
 * the table and follow its pointers into the document for values (schemas, example values), so
 * nothing walks the raw document per request.
 */
import { deref, resolveAt } from "../core/pointer.js";
import { queryParamMeta } from "../core/query-style.js";
import { listOperations, parametersOf, Router } from "../core/router.js";
import type { QueryParamMeta } from "../core/service-meta.js";

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface TableParameter {
  name: string;
  in: ParameterLocation;
  /** The name a request is looked up by: a header's lower-cased (RFC 9110 §5.1), any other as written. */
  key: string;
  required: boolean;
  /** Where the parameter object stands (the end of its `$ref` chain). */
  pointer: string;
  /** Where its schema stands, `$ref`s followed; absent when it has none. */
  schemaPointer?: string;
  /** How a query parameter travels (style, explode, shape). */
  query?: QueryParamMeta;
  /** `x-refers`: the resource whose record the value names. */
  refers?: string;
  /** The schema's default, for a request that leaves the parameter out. */
  default?: unknown;
}

export interface TableResponse {
  status: string;
  pointer: string;
  /** Media types with a body, in document order; empty for an answer without one. */
  mediaTypes: string[];
  /** Names of its headers, lower-cased, in document order. */
  headers: string[];
  /** Named body examples per media type, in document order. */
  examples: Record<string, string[]>;
  /** Names of the examples its headers give (a redirect's Location). */
  headerExamples: string[];
}

/** `x-resource` as the engine follows it: an action with every list present, or a plug-in handler. */
export type TableResource = { plugin: string } | (Record<string, unknown> & { name: string; action: string; partition: string[]; unique: string[]; where: string[]; check: string[] });

export interface TableOperation {
  operationId: string;
  /** Upper-cased, as routed. */
  method: string;
  path: string;
  /** "GET /api/v2/keys" */
  key: string;
  /** Where the operation object stands in the bundle (`#/paths/~1api~1v2~1keys/get`). */
  pointer: string;
  /** Its place in the document (paths in order, methods in HTTP_METHODS order): the order reports and samples list operations in. */
  order: number;
  parameters: TableParameter[];
  request?: { pointer: string; required: boolean; mediaTypes: string[]; untyped?: string };
  responses: TableResponse[];
  /** The first 2xx (else 200), as the engine answers success. */
  success: { status: number; mediaType?: string };
  /** Alternatives (OR) of scheme names (AND); empty: unprotected. */
  security: string[][];
  resource?: TableResource;
  pagination?: { offsetParam: string; limitParam: string; items: string; total?: string; next?: string; pageCount?: string; last?: string };
  /** `x-effect`: a word for the whole operation, or `noneWhen` (no state changes only for requests whose field has one of the values). */
  effect?: "none" | "sends" | { noneWhen: Record<string, string | number | boolean | Array<string | number | boolean>> };
  /** `x-example-answer`: the answer the documented request gets instead of a success. */
  exampleAnswer?: { status?: number; why?: string };
}

export interface OperationTable {
  /** In routing order: concrete paths before templated ones, then document order. */
  operations: TableOperation[];
  /** `x-caps`: the caps the document declares, with their defaults. */
  caps: Record<string, number>;
}

type Json = any;

function compileResponse(doc: Json, status: string, raw: Json, at: string): TableResponse {
  const { value, pointer } = resolveAt(doc, raw, at);
  const response = value ?? {};
  const examples: Record<string, string[]> = {};
  for (const [mediaType, media] of Object.entries<Json>(response.content ?? {})) examples[mediaType] = Object.keys(deref<Json>(doc, media)?.examples ?? {});
  const headerExamples = new Set<string>();
  for (const h of Object.values<Json>(response.headers ?? {})) for (const name of Object.keys(deref<Json>(doc, h)?.examples ?? {})) headerExamples.add(name);
  return { status, pointer, mediaTypes: Object.keys(response.content ?? {}), headers: Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()), examples, headerExamples: [...headerExamples] };
}

function normaliseResource(raw: Json): TableResource | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  if (typeof raw.plugin === "string") return { plugin: raw.plugin };
  return { ...raw, partition: raw.partition ?? [], unique: raw.unique ?? [], where: raw.where ?? [], check: raw.check ?? [] };
}

/** The table of one bundled document. Its annotations are assumed checked (the build's check-annotations). */
export function compileOperationTable(doc: Json): OperationTable {
  const operations = listOperations(doc).map((entry, order): TableOperation => {
    const op = entry.operation;
    const method = entry.method.toUpperCase();
    const parameters = parametersOf(doc, entry).map(({ parameter: p, pointer }): TableParameter => {
      const schemaAt = p.schema ? resolveAt(doc, p.schema, `${pointer}/schema`) : undefined;
      const schema = schemaAt?.value;
      return {
        name: p.name,
        in: p.in,
        key: p.in === "header" ? String(p.name).toLowerCase() : p.name,
        required: p.required === true,
        pointer,
        ...(schemaAt ? { schemaPointer: schemaAt.pointer } : {}),
        ...(p.in === "query" ? { query: queryParamMeta(p, schema, pointer) } : {}),
        ...(typeof p["x-refers"] === "string" ? { refers: p["x-refers"] } : {}),
        ...(schema?.default !== undefined ? { default: schema.default } : {}),
      };
    });
    const body = op.requestBody ? resolveAt(doc, op.requestBody, `${entry.pointer}/requestBody`) : undefined;
    const responses = Object.entries<Json>(op.responses ?? {}).map(([status, raw]) => compileResponse(doc, status, raw, `${entry.pointer}/responses/${status}`));
    const success = responses.find((r) => /^2\d\d$/.test(r.status));
    const resource = normaliseResource(op["x-resource"]);
    return {
      operationId: op.operationId ?? `${entry.method} ${entry.path}`,
      method,
      path: entry.path,
      key: `${method} ${entry.path}`,
      pointer: entry.pointer,
      order,
      parameters,
      ...(body?.value
        ? {
            request: {
              pointer: body.pointer,
              required: body.value.required === true,
              mediaTypes: Object.keys(body.value.content ?? {}),
              ...(typeof body.value["x-untyped-body"] === "string" ? { untyped: body.value["x-untyped-body"] } : {}),
            },
          }
        : {}),
      responses,
      success: { status: Number(success?.status ?? 200), ...(success?.mediaTypes[0] ? { mediaType: success.mediaTypes[0] } : {}) },
      security: ((op.security ?? doc.security ?? []) as Array<Record<string, unknown>>).map((r) => Object.keys(r)),
      ...(resource ? { resource } : {}),
      ...(op["x-pagination"] ? { pagination: op["x-pagination"] } : {}),
      ...(op["x-effect"] ? { effect: op["x-effect"] } : {}),
      ...(op["x-example-answer"] ? { exampleAnswer: op["x-example-answer"] } : {}),
    };
  });
  const caps = Object.fromEntries(Object.entries<Json>(doc?.["x-caps"] ?? {}).map(([name, cap]) => [name, cap.max as number]));
  return { operations: new Router(operations).operations, caps };
}

/** How each query parameter of an operation travels, by name (what a request is serialised with). */
export function queryStyles(op: TableOperation): Record<string, QueryParamMeta> {
  return Object.fromEntries(op.parameters.filter((p) => p.query).map((p) => [p.name, p.query!]));
}

/** The table's operations in document order (the table itself is in routing order). */
export function inDocumentOrder(table: OperationTable): TableOperation[] {
  return [...table.operations].sort((a, b) => a.order - b.order);
}

const compiled = new WeakMap<object, OperationTable>();

/**
 * The table of a document: the build's (registered with `useTable`) for a bundled one, else
 * compiled once on first use. Every reader asks here, so one document is compiled at most once.
 */
export function operationTable(doc: object): OperationTable {
  let table = compiled.get(doc);
  if (!table) compiled.set(doc, (table = compileOperationTable(doc)));
  return table;
}

/** Registers the build's table of a bundled document (generated/<id>/operations.ts), so it is never compiled at run time. */
export function useTable(doc: object, table: OperationTable): void {
  compiled.set(doc, table);
}
