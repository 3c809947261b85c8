import { isJsonMediaType, mediaTypeEssence } from "../../runtime/core/media-type.js";
import type { PaginationMeta } from "../../runtime/core/paginate.js";
import type { RetryMeta } from "../../runtime/core/retry.js";
import type { OperationMeta, QueryParamMeta, QueryStyle, SecuritySchemeMeta, ServerMeta, ServiceMeta } from "../../runtime/core/service-meta.js";
import { deref, joinPointer } from "../../runtime/core/pointer.js";
import { parameterStyle, QUERY_STYLES, schemaShape } from "../../runtime/core/query-style.js";
import { listOperations, parametersOf, type DocumentOperation } from "../../runtime/core/router.js";
import type { OpenApiDocument } from "./openapi-types.js";

/** A document the client generator cannot use, with the JSON pointer and the rule it breaks. */
export class DocumentError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
    readonly rule: string,
  ) {
    super(message);
    this.name = "DocumentError";
  }
}


function parseAs(doc: OpenApiDocument, operation: any): OperationMeta["parseAs"] {
  const success = Object.entries<any>(operation.responses ?? {})
    .filter(([status]) => status.startsWith("2"))
    .flatMap(([, r]) => Object.keys(deref(doc, r).content ?? {}));
  if (success.length === 0 || success.every((m) => isJsonMediaType(mediaTypeEssence(m)))) return "json";
  return "text";
}

export function extractMeta(id: string, doc: OpenApiDocument): ServiceMeta {
  const servers: ServerMeta[] = (doc.servers ?? []).map((s: any, i: number) => ({
    name: s["x-name"] ?? (i === 0 ? "default" : `server${i}`),
    url: s.url,
    variables: Object.fromEntries(
      Object.entries<any>(s.variables ?? {}).map(([k, v]) => [k, { default: String(v.default), ...(v.enum ? { enum: v.enum.map(String) } : {}) }]),
    ),
    ...(s["x-placeholder"] === true ? { placeholder: true as const } : {}),
  }));

  const securitySchemes: Record<string, SecuritySchemeMeta> = {};
  for (const [name, raw] of Object.entries<any>(doc.components?.securitySchemes ?? {})) {
    const s = deref(doc, raw);
    if (s.type === "http" && (s.scheme?.toLowerCase() === "basic" || s.scheme?.toLowerCase() === "bearer")) {
      securitySchemes[name] = { type: "http", scheme: s.scheme.toLowerCase() };
    } else if (s.type === "apiKey" && (s.in === "header" || s.in === "cookie")) {
      securitySchemes[name] = { type: "apiKey", in: s.in, name: s.name };
    } else {
      // Query-string credentials end up in logs and caches; no document may use them.
      throw new DocumentError(
        `${id}: security scheme ${name} (${s.type}/${s.in ?? s.scheme}) is not supported by the client runtime`,
        joinPointer(["components", "securitySchemes", name]),
        "client-supported-security-scheme",
      );
    }
  }

  const operations: Record<string, OperationMeta> = {};
  const parameterLocations = new Map<string, "path" | "header">();
  for (const ref of listOperations(doc)) {
    const { operation } = ref;
    // The document as written, checked before it is compiled into the operation table (whose query styles would refuse it less helpfully).
    const params = parametersOf(doc, ref).map((p) => p.parameter);
    for (const p of params) if (p.in === "path" || p.in === "header") parameterLocations.set(p.name, p.in);
    const body = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
    operations[`${ref.method.toUpperCase()} ${ref.path}`] = {
      operationId: operation.operationId,
      security: (operation.security ?? doc.security ?? []).map((req: Record<string, unknown>) => Object.keys(req)),
      requestMediaTypes: Object.keys(body?.content ?? {}),
      parseAs: parseAs(doc, operation),
      redirect: Object.keys(operation.responses ?? {}).some((s) => s.startsWith("3")) ? "manual" : "error",
      ...(operation["x-pagination"] ? { pagination: checkPagination(id, doc, operation, params) } : {}),
      ...retryOf(id, doc, operation),
      query: queryOf(id, doc, ref),
    };
  }

  const bind = ((doc["x-client"]?.bind ?? []) as string[]).map((name, i) => {
    const location = parameterLocations.get(name);
    if (!location) {
      throw new DocumentError(`${id}: x-client.bind names "${name}", which is no path or header parameter`, `#/x-client/bind/${i}`, "client-bind-parameter");
    }
    return { name, in: location };
  });

  return { id, servers, bind, securitySchemes, operations };
}

/**
 * Each query parameter's style and explode, as written or defaulted, and the value shape its
 * schema says (runtime/core/query-style.ts). What the runtime cannot serialize as the
 * document says fails the build at the parameter, never falls back to another style.
 */
function queryOf(id: string, doc: OpenApiDocument, op: DocumentOperation): Record<string, QueryParamMeta> {
  const query: Record<string, QueryParamMeta> = {};
  for (const { parameter: p, pointer } of parametersOf(doc, op)) {
    if (p.in !== "query") continue;
    const refuse = (key: string, what: string) => {
      throw new DocumentError(`${id}: query parameter ${p.name} (${pointer}) ${what}`, `${pointer}/${key}`, "client-query-style");
    };
    const { style, explode } = parameterStyle(p) as { style: QueryStyle; explode: boolean };
    if (!QUERY_STYLES.includes(style)) refuse("style", `has style ${JSON.stringify(p.style)}; the client serializes query styles ${QUERY_STYLES.join(", ")}`);
    if (p.content !== undefined) refuse("content", "is described by content, not schema; the client serializes query parameters by style");
    // Reserved characters sent as they are would let a value add parameters.
    if (p.allowReserved === true) refuse("allowReserved", "has allowReserved: true; the client percent-encodes every query value");
    if ((style === "spaceDelimited" || style === "pipeDelimited") && explode) refuse("explode", `has style ${style} with explode: true, which OpenAPI 3.1 does not define`);
    const shape = schemaShape(p.schema === undefined ? undefined : deref(doc, p.schema));
    if (shape !== undefined && style === "deepObject" && shape !== "object") refuse("style", `has style deepObject, which carries an object, but its schema is ${shape === "array" ? "an array" : "a single value"}`);
    if (shape === "scalar" && style !== "form" && style !== "deepObject") refuse("style", `has style ${style}, which carries an array or an object, but its schema is a single value`);
    query[p.name] = { style, explode, ...(shape ? { shape } : {}) };
  }
  return query;
}

/** x-pagination must name query parameters the operation has and pointers into its body, and nothing else. */
function checkPagination(id: string, doc: OpenApiDocument, operation: any, params: any[]): PaginationMeta {
  const p = operation["x-pagination"];
  const where = `${id} ${operation.operationId} x-pagination`;
  if (typeof p !== "object" || p === null || Array.isArray(p)) throw new Error(`${where}: must be an object`);
  for (const field of ["offsetParam", "limitParam"] as const) {
    if (!params.some((q) => q.in === "query" && q.name === p[field])) throw new Error(`${where}.${field}: ${JSON.stringify(p[field])} is no query parameter of the operation`);
  }
  const pointers = ["items", "total", "next", "pageCount", "last"] as const;
  // A misspelt end condition would be silently ignored and the walk would go on past the last page.
  for (const field of Object.keys(p)) {
    if (field !== "offsetParam" && field !== "limitParam" && !(pointers as readonly string[]).includes(field)) {
      throw new Error(`${where}.${field}: unknown field; expected offsetParam, limitParam, ${pointers.join(", ")}`);
    }
  }
  for (const field of pointers) {
    if (p[field] !== undefined && (typeof p[field] !== "string" || !p[field].startsWith("/"))) throw new Error(`${where}.${field}: must be a JSON pointer`);
  }
  if (p.items === undefined) throw new Error(`${where}.items is required`);
  return itemsRequired(doc, operation, p.items) ? p : { ...p, itemsMayBeAbsent: true };
}

/**
 * Whether every JSON success schema of the list requires each member on the way to its items
 * array. Where one does not (KMS leaves `resources` out of an empty list), the walk reads a
 * missing array as an empty last page rather than refusing the document's own answer.
 */
function itemsRequired(doc: OpenApiDocument, operation: any, pointer: string): boolean {
  const keys = pointer.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  const schemas = Object.entries<any>(operation.responses ?? {})
    .filter(([status]) => status.startsWith("2"))
    .flatMap(([, r]) => Object.entries<any>(deref(doc, r)?.content ?? {}))
    .filter(([media]) => isJsonMediaType(mediaTypeEssence(media)))
    .map(([, m]) => m.schema);
  return schemas.every((schema) => {
    let at = schema;
    for (const key of keys) {
      if (!requires(doc, at, key)) return false;
      at = propertyOf(doc, at, key);
    }
    return true;
  });
}

/** A member is required by `required`, by any allOf member, or by every branch of an anyOf / oneOf. */
function requires(doc: OpenApiDocument, raw: any, key: string): boolean {
  const schema = raw === undefined ? undefined : deref(doc, raw);
  if (typeof schema !== "object" || schema === null) return false;
  if (Array.isArray(schema.required) && schema.required.includes(key)) return true;
  if ((schema.allOf ?? []).some((s: any) => requires(doc, s, key))) return true;
  return ["anyOf", "oneOf"].some((k) => Array.isArray(schema[k]) && schema[k].length > 0 && schema[k].every((s: any) => requires(doc, s, key)));
}

function propertyOf(doc: OpenApiDocument, raw: any, key: string): any {
  const schema = raw === undefined ? undefined : deref(doc, raw);
  if (typeof schema !== "object" || schema === null) return undefined;
  return schema.properties?.[key] ?? (schema.allOf ?? []).map((s: any) => propertyOf(doc, s, key)).find((s: any) => s !== undefined);
}

/**
 * The statuses whose responses say `x-retry: { retry: true }` (with the reason codes no retry
 * cures), under the document's `x-retry-policy` counts and times.
 */
function retryOf(id: string, doc: OpenApiDocument, operation: any): { retry?: RetryMeta } {
  const statuses: number[] = [];
  const except: Record<string, { reasonAt: string; reasons: string[] }> = {};
  for (const [status, raw] of Object.entries<any>(operation.responses ?? {})) {
    const marker = deref(doc, raw)?.["x-retry"];
    if (!marker?.retry) continue;
    statuses.push(Number(status));
    if (marker.exceptReasons) {
      if (typeof marker.reasonAt !== "string") throw new Error(`${id} ${operation.operationId} ${status} x-retry: exceptReasons needs reasonAt (a JSON pointer)`);
      except[status] = { reasonAt: marker.reasonAt, reasons: marker.exceptReasons };
    }
  }
  if (statuses.length === 0) return {};
  const policy = doc["x-retry-policy"];
  const where = `${id} x-retry-policy`;
  for (const field of ["maxAttempts", "backoffMs", "maxWaitMs"] as const) {
    if (!Number.isInteger(policy?.[field])) throw new Error(`${where}.${field} must be an integer (responses of ${operation.operationId} are marked x-retry)`);
  }
  return {
    retry: { statuses, ...(Object.keys(except).length > 0 ? { except } : {}), maxAttempts: policy.maxAttempts, backoffMs: policy.backoffMs, maxWaitMs: policy.maxWaitMs },
  };
}
