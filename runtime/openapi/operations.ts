/**
 * What the mock knows about a document's operations, read once from the bundle: routing by
 * method and path template, and per status the media types and named examples (body and
 * header examples), so case selection and error shapes come from the document alone.
 */
import { deref, getAt } from "../core/pointer.js";
import { operationTable } from "./operation-table.js";
import { Router, type RouteResult } from "../core/router.js";

export interface ResponseInfo {
  status: string;
  /** Media types with a body, in document order. */
  mediaTypes: string[];
  /** Named body examples per media type. */
  examples: Map<string, { name: string; value: unknown; prefer?: string }[]>;
  /** Names of examples of response headers (e.g. a redirect's Location). */
  headerExamples: Set<string>;
  schemas: Map<string, unknown>;
}

export interface OperationInfo {
  method: string;
  path: string;
  key: string;
  responses: Map<string, ResponseInfo>;
  requestMediaTypes: string[];
  /** The Request Body Object, resolved: what a body without Content-Type is read as (runtime/openapi/request-media-type.ts). */
  requestBody?: unknown;
  /** Its parameter objects, the path item's included (runtime/core/router.ts parametersOf). */
  parameters: any[];
  /** The operation object as it stands in the bundle (refs unresolved), for Prism. */
  raw: any;
}

function responseInfo(doc: any, status: string, pointer: string): ResponseInfo {
  const response = (getAt(doc, pointer) as any) ?? {};
  const examples = new Map<string, { name: string; value: unknown; prefer?: string }[]>();
  const schemas = new Map<string, unknown>();
  const mediaTypes = Object.keys(response.content ?? {});
  for (const mt of mediaTypes) {
    const media = deref(doc, response.content[mt]) ?? {};
    schemas.set(mt, media.schema);
    examples.set(
      mt,
      Object.entries<any>(media.examples ?? {}).map(([name, ex]) => {
        const e = deref(doc, ex) ?? {};
        return { name, value: e.value, ...(typeof e["x-prefer"] === "string" ? { prefer: e["x-prefer"] } : {}) };
      }),
    );
  }
  const headerExamples = new Set<string>();
  for (const h of Object.values<any>(response.headers ?? {})) {
    for (const name of Object.keys(deref(doc, h)?.examples ?? {})) headerExamples.add(name);
  }
  return { status, mediaTypes, examples, headerExamples, schemas };
}

/** The mock's view of the document's operation table (runtime/openapi/operation-table.ts), in its routing order. */
export function readOperations(doc: any): OperationInfo[] {
  return operationTable(doc).operations.map((entry): OperationInfo => {
    const responses = new Map<string, ResponseInfo>();
    for (const r of entry.responses) responses.set(r.status, responseInfo(doc, r.status, r.pointer));
    return {
      method: entry.method,
      path: entry.path,
      key: entry.key,
      responses,
      requestMediaTypes: entry.request?.mediaTypes ?? [],
      ...(entry.request ? { requestBody: getAt(doc, entry.request.pointer) } : {}),
      parameters: entry.parameters.map((p) => getAt(doc, p.pointer)),
      raw: getAt(doc, entry.pointer),
    };
  });
}

export type Route = RouteResult<OperationInfo>;

const routers = new WeakMap<readonly OperationInfo[], Router<OperationInfo>>();

/** The operation a request addresses, by the shared router (built once per operation list). */
export function route(operations: readonly OperationInfo[], method: string, pathname: string): Route {
  let router = routers.get(operations);
  if (!router) routers.set(operations, (router = new Router(operations)));
  return router.route(method, pathname);
}

/** Statuses that own a named example (body or header), for `example=` without `code=`. */
export function statusesOwning(operation: OperationInfo, example: string): string[] {
  return [...operation.responses.values()]
    .filter((r) => r.headerExamples.has(example) || [...r.examples.values()].some((list) => list.some((e) => e.name === example)))
    .map((r) => r.status);
}

/** "201 (created, createdMinimal), 400 (missingRequiredField), 204": what a test can ask for. */
export function availableCases(operation: OperationInfo): string {
  return [...operation.responses.values()]
    .map((r) => {
      const names = [...new Set([...[...r.examples.values()].flat().map((e) => e.name), ...r.headerExamples])];
      return names.length > 0 ? `${r.status} (${names.join(", ")})` : r.status;
    })
    .join(", ");
}

/** The status Prism answers a valid request with when no code is asked for: the lowest 2xx, else the first. */
export function defaultStatus(operation: OperationInfo): string | undefined {
  const statuses = [...operation.responses.keys()];
  return statuses.filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? statuses.find((s) => s !== "default");
}
