/**
 * The documented example call of each operation (runtime/openapi/example-requests.ts: its
 * required parameters, the parameters a client binds, the body that stands for it) with its
 * security schemes, and the wire form of it: the reference site's code samples spell it out;
 * the load benchmark sends it to the mock as the valid request its hostile variants start from.
 */
import { serializeQuery } from "../../runtime/core/query-style.js";
import type { SecuritySchemeMeta, ServiceMeta } from "../../runtime/core/service-meta.js";
import { bindValues as boundValues, exampleRequests, parameterExample } from "../../runtime/openapi/example-requests.js";
import { inDocumentOrder, operationTable, type TableOperation } from "../../runtime/openapi/operation-table.js";
import type { OpenApiDocument } from "./bundle.js";

export const FORM = "application/x-www-form-urlencoded";

export interface ExampleCall {
  op: TableOperation;
  /** Parameters given per call (required, not bound), by location. */
  params: Partial<Record<"path" | "query" | "header" | "cookie", Record<string, unknown>>>;
  /** Bound parameters this operation takes, with their example values. */
  bound: { name: string; in: "path" | "header"; value: unknown }[];
  body?: { mediaType: string; value: unknown };
  /** The security schemes of the operation's first requirement. */
  schemes: string[];
}

/** Example values of the parameters bound at client creation, from the first parameter of that name (a placeholder naming it when none has one). */
export function bindValues(doc: OpenApiDocument): Record<string, unknown> {
  return boundValues(doc, operationTable(doc).operations, { placeholder: true });
}

/**
 * The example call of an operation: a value it needs without any example is a placeholder
 * naming it (`<id>`); a body without any example is a build error, not a sample that cannot work.
 */
export function exampleCall(doc: OpenApiDocument, op: TableOperation, bindExamples: Record<string, unknown>): ExampleCall {
  // The bound values are the client's (given once, bindValues), not this operation's examples.
  const [request] = exampleRequests(doc, op, { placeholder: true, cookies: true }).requests;
  if (!request!.body && op.request?.mediaTypes.length) {
    throw new Error(`${op.method} ${op.path} (${op.operationId}): request body ${op.request.mediaTypes[0]} has no example to build code samples from`);
  }
  const bound = new Set(request!.bound);
  const params: ExampleCall["params"] = {};
  for (const p of op.parameters) {
    const value = request!.params[p.in][p.name];
    if (value === undefined) continue;
    if (bound.has(p)) continue;
    (params[p.in] ??= {})[p.name] = value;
  }
  return {
    op,
    params,
    bound: request!.bound.map((p) => ({ name: p.name, in: p.in as "path" | "header", value: p.name in bindExamples ? bindExamples[p.name] : request!.params[p.in][p.name] })),
    ...(request!.body ? { body: request!.body } : {}),
    schemes: op.security[0] ?? [],
  };
}

/** The path (parameters filled in and encoded) and query of a call, as they go on the wire. */
export function requestTarget(meta: ServiceMeta, call: ExampleCall): string {
  const pathValues = { ...Object.fromEntries(call.bound.filter((b) => b.in === "path").map((b) => [b.name, b.value])), ...call.params.path };
  const path = call.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name] ?? `<${name}>`)));
  const query = serializeQuery(call.params.query, meta.operations[call.op.key]?.query ?? {});
  return `${path}${query ? `?${query}` : ""}`;
}

/** The headers of a call other than credentials and Content-Type: bound and header parameters, cookies. */
export function parameterHeaders(call: ExampleCall): [string, string][] {
  const headers = [...call.bound.filter((b) => b.in === "header").map((b) => [b.name, b.value] as const), ...Object.entries(call.params.header ?? {})];
  const out = headers.map(([name, value]): [string, string] => [name, String(value)]);
  const cookies = Object.entries(call.params.cookie ?? {});
  if (cookies.length > 0) out.push(["Cookie", cookies.map(([k, v]) => `${k}=${String(v)}`).join("; ")]);
  return out;
}

/** The fields of a form body example, arrays repeated and objects as JSON. */
export function formFields(value: unknown): [string, string][] {
  if (value === null || typeof value !== "object") throw new Error(`form body example must be an object, got ${JSON.stringify(value)}`);
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((item): [string, string] => [k, typeof item === "object" ? JSON.stringify(item) : String(item)]),
  );
}

/**
 * Credentials the mock accepts: Prism checks that they are present and well-formed, so an
 * apiKey header takes the example of the header parameter of the same name when there is one.
 */
export function mockCredential(doc: OpenApiDocument, scheme: SecuritySchemeMeta): string | { username: string; password: string } {
  if (scheme.type === "http") return scheme.scheme === "basic" ? { username: "client-id", password: "client-secret" } : "mock-token";
  const p = inDocumentOrder(operationTable(doc))
    .flatMap((op) => op.parameters)
    .find((q) => q.in === scheme.in && q.name.toLowerCase() === scheme.name.toLowerCase());
  if (p) return String(parameterExample(doc, p) ?? `<${p.name}>`);
  return `mock-${scheme.in}`;
}

export interface WireRequest {
  /** "METHOD /template" */
  operation: string;
  method: string;
  target: string;
  headers: [string, string][];
  body?: string;
  requestMediaTypes: string[];
}

/** Every operation's example call as the request a client sends to the mock (with the mock's credentials). */
export function wireRequests(doc: OpenApiDocument, meta: ServiceMeta): WireRequest[] {
  const bindExamples = bindValues(doc);
  return inDocumentOrder(operationTable(doc)).map((op) => {
    const call = exampleCall(doc, op, bindExamples);
    const headers: [string, string][] = [];
    for (const name of call.schemes) {
      const scheme = meta.securitySchemes[name]!;
      const secret = mockCredential(doc, scheme);
      if (typeof secret === "object") headers.push(["Authorization", `Basic ${btoa(`${secret.username}:${secret.password}`)}`]);
      else if (scheme.type === "http") headers.push(["Authorization", `Bearer ${secret}`]);
      else headers.push(scheme.in === "cookie" ? ["Cookie", `${scheme.name}=${secret}`] : [scheme.name, secret]);
    }
    headers.push(...parameterHeaders(call));
    let body: string | undefined;
    if (call.body) {
      headers.push(["Content-Type", call.body.mediaType]);
      const { mediaType, value } = call.body;
      body = mediaType === FORM ? new URLSearchParams(formFields(value)).toString() : typeof value === "string" ? value : JSON.stringify(value);
    }
    return { operation: op.key, method: op.method, target: requestTarget(meta, call), headers, ...(body !== undefined ? { body } : {}), requestMediaTypes: [...(op.request?.mediaTypes ?? [])] };
  });
}
