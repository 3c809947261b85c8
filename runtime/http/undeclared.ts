/**
 * What the mock ignored: query parameters, form fields and top-level JSON properties that the
 * matched operation does not declare. Prism (and a real service) accept them silently, so a
 * misspelled name (`limt=10`) would pass every test; the mock names them in `X-Mock-Warning`,
 * in the log and `onRequest`, and with `strict` refuses the request (400, the document's error
 * shape). Wraps any MockHandler, so the Prism mock and the emulator behave alike.
 */
import type { ErrorAnswer, ErrorShapes } from "./error-shapes.js";
import { MOCK_WARNING_HEADER, type MockHandler } from "./handler.js";
import { mediaTypeEssence } from "../core/media-type.js";
import { essence, parsedAsJson, parseMediaType } from "./media.js";
import { deref, getAt } from "../core/pointer.js";
import { route } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { QUERY_OVERRIDES } from "../controls/case-selection.js";
import { parameterStyle, schemaShape } from "../core/query-style.js";
import type { Reply, RequestLike } from "./light.js";

/** At most this many names are reported per request (a header must stay small). */
export const MAX_WARNINGS = 20;

export interface Undeclared {
  where: "query" | "form" | "body";
  name: string;
}

/** Property names a schema declares, through $ref, allOf/oneOf/anyOf; `undefined` when it admits any name. */
function declaredProperties(doc: any, schema: any, depth = 0): Set<string> | undefined {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || depth > 16) return undefined;
  const names = new Set<string>(Object.keys(s.properties ?? {}));
  // A map (additionalProperties: {schema}) or patternProperties declares names beyond its list.
  if (s.patternProperties || (s.additionalProperties && typeof s.additionalProperties === "object")) return undefined;
  const branches = [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])];
  for (const branch of branches) {
    const more = declaredProperties(doc, branch, depth + 1);
    if (more === undefined) return undefined;
    more.forEach((n) => names.add(n));
  }
  // A schema that says nothing about properties declares nothing to compare with.
  if (names.size === 0 && !s.properties && branches.length === 0) return undefined;
  return names;
}

/**
 * Whether a query key is one the operation declares: a parameter's own name, a deepObject
 * parameter's `name[key]`, or (for an exploded form object, whose keys are its properties) a
 * property the schema names, or any key when the schema leaves them open.
 */
/** Per operation: its declared query names are read once, not on every request. */
const queryChecks = new WeakMap<TableOperation, (key: string) => boolean>();
function declaredQuery(doc: any, operation: TableOperation): (key: string) => boolean {
  let check = queryChecks.get(operation);
  if (!check) queryChecks.set(operation, (check = readDeclaredQuery(doc, operation)));
  return check;
}

function readDeclaredQuery(doc: any, operation: TableOperation): (key: string) => boolean {
  const names = new Set<string>(QUERY_OVERRIDES);
  const deepObjects: string[] = [];
  let openObject = false;
  for (const p of operation.parameters) {
    if (p.in !== "query") continue;
    const param = getAt(doc, p.pointer) as any;
    names.add(param.name);
    const { style, explode } = parameterStyle(param);
    const schema = deref(doc, param.schema);
    if (schemaShape(schema) !== "object") continue;
    if (style === "deepObject") deepObjects.push(`${param.name}[`);
    else if (style === "form" && explode) {
      const properties = declaredProperties(doc, schema);
      if (properties) properties.forEach((n) => names.add(n));
      else openObject = true;
    }
  }
  for (const requirement of operation.security) {
    for (const scheme of requirement) {
      const s = deref(doc, doc.components?.securitySchemes?.[scheme]);
      if (s?.type === "apiKey" && s.in === "query") names.add(s.name);
    }
  }
  return (key) => openObject || names.has(key) || deepObjects.some((prefix) => key.startsWith(prefix) && key.endsWith("]"));
}

function bodySchema(doc: any, operation: TableOperation, contentType: string): { schema: any; kind: "json" | "form" | "multipart" } | undefined {
  const media = parseMediaType(contentType);
  if (!media) return undefined;
  const given = essence(media);
  const content = (operation.request ? (getAt(doc, operation.request.pointer) as any) : undefined)?.content ?? {};
  const key = Object.keys(content).find((k) => mediaTypeEssence(k) === given);
  if (!key) return undefined;
  const kind = parsedAsJson(media) ? "json" : given === "application/x-www-form-urlencoded" ? "form" : given === "multipart/form-data" ? "multipart" : undefined;
  return kind ? { schema: deref(doc, content[key])?.schema, kind } : undefined;
}

/** What the check reads of a request: a WHATWG Request (its body cloned) or the front end's light one. */
export interface InspectedRequest {
  url: string;
  headers: { get(name: string): string | null };
  /** The body as text ("" when there is none); may be called more than once. */
  text(): Promise<string>;
}

/** Every name the request sends that the operation does not declare, in request order. */
export async function undeclaredInputs(doc: any, operation: TableOperation, request: InspectedRequest | Request): Promise<Undeclared[]> {
  const source: InspectedRequest = request instanceof Request ? { url: request.url, headers: request.headers, text: () => (request.body === null ? Promise.resolve("") : request.clone().text()) } : request;
  const out: Undeclared[] = [];
  const url = new URL(source.url);
  const declared = declaredQuery(doc, operation);
  for (const name of new Set(url.searchParams.keys())) if (!declared(name)) out.push({ where: "query", name });
  const contentType = source.headers.get("content-type");
  const target = contentType === null ? undefined : bodySchema(doc, operation, contentType);
  if (target) {
    const declared = declaredProperties(doc, target.schema);
    const text = declared ? await source.text() : "";
    if (declared && text !== "") {
      let names: string[] = [];
      try {
        if (target.kind === "json") {
          const value: unknown = JSON.parse(text);
          if (value && typeof value === "object" && !Array.isArray(value)) names = Object.keys(value);
        } else if (target.kind === "form") {
          names = [...new URLSearchParams(text).keys()];
        } else {
          names = [...(await new Response(text, { headers: { "content-type": contentType! } }).formData()).keys()];
        }
      } catch {
        // A body that does not parse is the handler's to refuse, with its own message.
      }
      for (const name of new Set(names)) if (!declared.has(name)) out.push({ where: target.kind === "json" ? "body" : "form", name });
    }
  }
  return out;
}

/** `query parameter "limt"; body property "nmae"`: ASCII only, so it fits a header. */
export function describeUndeclared(found: Undeclared[]): string {
  const label = { query: "query parameter", form: "form field", body: "body property" } as const;
  const shown = found.slice(0, MAX_WARNINGS).map((u) => `undeclared ${label[u.where]} ${JSON.stringify(u.name.slice(0, 60)).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}`);
  if (found.length > MAX_WARNINGS) shown.push(`and ${found.length - MAX_WARNINGS} more`);
  return shown.join("; ");
}

export interface UndeclaredOptions {
  doc: any;
  operations: readonly TableOperation[];
  shapes: ErrorShapes;
  /** Refuse a request with undeclared inputs (400) instead of warning. */
  strict?: boolean;
}

/** What a request sends that its operation does not declare, as the warning that names it; undefined when nothing. */
/** Only a query and a typed body can carry undeclared names: a request with neither (most GETs) is not inspected, nor routed again. */
function mayCarryUndeclared(request: InspectedRequest): boolean {
  const q = request.url.indexOf("?");
  return !((q < 0 || q === request.url.length - 1) && request.headers.get("content-type") === null);
}

async function inspect(doc: any, operations: readonly TableOperation[], request: InspectedRequest & { method: string }): Promise<{ operation: TableOperation; warning: string; answer: ErrorAnswer } | undefined> {
  if (!mayCarryUndeclared(request)) return undefined;
  const found = route(operations, request.method.toUpperCase(), new URL(request.url).pathname);
  if (found.kind !== "operation") return undefined;
  const operation = found.operation;
  const undeclared = await undeclaredInputs(doc, operation, request);
  if (undeclared.length === 0) return undefined;
  const warning = describeUndeclared(undeclared);
  // The refusal under strict, in the document's error shape.
  const answer: ErrorAnswer = {
    operation,
    status: 400,
    kind: "undeclared-input",
    method: request.method.toUpperCase(),
    message: `${warning} (rule strict: ${operation.key} does not declare ${undeclared.length === 1 ? "it" : "them"})`,
    headers: { [MOCK_WARNING_HEADER]: warning },
  };
  return { operation, warning, answer };
}

/** The handler's own warning (the emulator names what its write left out, nested fields too) kept after ours. */
const joinWarnings = (ours: string, theirs: string | null | undefined) => (theirs ? `${ours}; ${theirs}` : ours);

/** The handler with undeclared inputs named in X-Mock-Warning, or refused under `strict`. */
export function reportUndeclared(handler: MockHandler, { doc, operations, shapes, strict }: UndeclaredOptions): MockHandler {
  return async (request) => {
    const found = await inspect(doc, operations, request);
    if (!found) return handler(request);
    if (strict) return shapes.respond(found.answer);
    const response = await handler(request);
    const headers = new Headers(response.headers);
    headers.set(MOCK_WARNING_HEADER, joinWarnings(found.warning, headers.get(MOCK_WARNING_HEADER)));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * The same as reportUndeclared for a handler without WHATWG objects (the emulators' `dispatch`):
 * the front end then builds no Request or Response per request (about 100 µs of an answer).
 */
export function reportUndeclaredLight(dispatch: (request: RequestLike) => Promise<Reply>, { doc, operations, shapes, strict }: UndeclaredOptions): (request: RequestLike) => Promise<Reply> {
  const inspected = async (request: RequestLike): Promise<Reply> => {
    const found = await inspect(doc, operations, request);
    if (!found) return dispatch(request);
    if (strict) {
      const r = shapes.render(found.answer);
      const headers: Record<string, string> = {};
      r.headers.forEach((value, name) => (headers[name] = value));
      return { status: r.status, headers, ...(r.body !== null ? { body: r.body } : {}) };
    }
    const reply = await dispatch(request);
    const own = Object.keys(reply.headers).find((k) => k.toLowerCase() === MOCK_WARNING_HEADER);
    const headers = { ...reply.headers };
    if (own !== undefined) delete headers[own];
    headers[MOCK_WARNING_HEADER] = joinWarnings(found.warning, own === undefined ? undefined : reply.headers[own]);
    return { ...reply, headers };
  };
  // No promise of our own around a request with nothing to inspect: each turn costs the answer.
  return (request) => (mayCarryUndeclared(request) ? inspected(request) : dispatch(request));
}
