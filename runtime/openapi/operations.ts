/**
 * What the mock asks of a document's operation table (runtime/openapi/operation-table.ts):
 * the operation a request addresses, and per status its named examples (body and header), so
 * case selection and error shapes come from the document alone. Example values are read where
 * the table points, never copied into a second model of the operation.
 */
import { deref, escapeToken, getAt } from "../core/pointer.js";
import { Router, type RouteResult } from "../core/router.js";
import type { TableOperation, TableResponse } from "./operation-table.js";

export type Route = RouteResult<TableOperation>;

const routers = new WeakMap<readonly TableOperation[], Router<TableOperation>>();

/** The operation a request addresses, by the shared router (built once per operation list). */
export function route(operations: readonly TableOperation[], method: string, pathname: string): Route {
  let router = routers.get(operations);
  if (!router) routers.set(operations, (router = new Router(operations)));
  return router.route(method, pathname);
}

/** The documented response of a status ("201", "default"), if any. */
export function responseOf(operation: TableOperation, status: string): TableResponse | undefined {
  return operation.responses.find((r) => r.status === status);
}

/** A named body example of a response, its value read from the document. */
export interface NamedExample {
  name: string;
  value: unknown;
  /** `x-prefer`: the API preference (`return=minimal`) that picks it. */
  prefer?: string;
}

/** The named body examples of a response in one media type, in document order, values read where the table points. */
export function responseExamples(doc: unknown, response: TableResponse, mediaType: string): NamedExample[] {
  const media = deref<any>(doc, getAt(doc, `${response.pointer}/content/${escapeToken(mediaType)}`));
  return (response.examples[mediaType] ?? []).map((name) => {
    const e = deref<any>(doc, media?.examples?.[name]) ?? {};
    return { name, value: e.value, ...(typeof e["x-prefer"] === "string" ? { prefer: e["x-prefer"] } : {}) };
  });
}

/**
 * The example of a response that stands for it: the one named `name` (if given), else the
 * first, in the first media type that has one, with that media type's schema. What a mock
 * answers with and what an error answer starts from.
 */
export function responseExample(doc: unknown, response: TableResponse, name?: string): { mediaType: string; value: unknown; schema: unknown } | undefined {
  for (const mediaType of response.mediaTypes) {
    const names = response.examples[mediaType] ?? [];
    const hit = name ? names.find((n) => n === name) : names[0];
    if (hit === undefined) continue;
    const media = deref<any>(doc, getAt(doc, `${response.pointer}/content/${escapeToken(mediaType)}`));
    return { mediaType, value: deref<any>(doc, media?.examples?.[hit])?.value, schema: media?.schema };
  }
  return undefined;
}

/** Statuses that own a named example (body or header), for `example=` without `code=`. */
export function statusesOwning(operation: TableOperation, example: string): string[] {
  return operation.responses.filter((r) => r.headerExamples.includes(example) || Object.values(r.examples).some((names) => names.includes(example))).map((r) => r.status);
}

/** "201 (created, createdMinimal), 400 (missingRequiredField), 204": what a test can ask for. */
export function availableCases(operation: TableOperation): string {
  return operation.responses
    .map((r) => {
      const names = [...new Set([...Object.values(r.examples).flat(), ...r.headerExamples])];
      return names.length > 0 ? `${r.status} (${names.join(", ")})` : r.status;
    })
    .join(", ");
}

/** The status Prism answers a valid request with when no code is asked for: the lowest 2xx, else the first. */
export function defaultStatus(operation: TableOperation): string | undefined {
  const statuses = operation.responses.map((r) => r.status);
  return statuses.filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? statuses.find((s) => s !== "default");
}
