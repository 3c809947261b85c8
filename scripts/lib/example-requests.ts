/**
 * The documented example call of each operation: its required parameters, the parameters a
 * client binds, its request body and its security schemes, all from the document's own
 * examples. The reference site's code samples spell it out; the load benchmark sends it to the
 * mock as the valid request its hostile variants start from.
 */
import { deref } from "../../runtime/core/pointer.js";
import { serializeQuery } from "../../runtime/core/query-style.js";
import type { SecuritySchemeMeta, ServiceMeta } from "../../runtime/core/service-meta.js";
import { listOperations, type DocumentOperation } from "../../runtime/core/router.js";
import type { OpenApiDocument } from "./bundle.js";
import { operationParameters } from "./client-meta.js";
import { firstExample, requestBodyExamples } from "../../runtime/openapi/examples.js";

export const FORM = "application/x-www-form-urlencoded";

export interface ExampleCall {
  op: DocumentOperation;
  /** Parameters given per call (required, not bound), by location. */
  params: Partial<Record<"path" | "query" | "header" | "cookie", Record<string, unknown>>>;
  /** Bound parameters this operation takes, with their example values. */
  bound: { name: string; in: "path" | "header"; value: unknown }[];
  body?: { mediaType: string; value: unknown };
  /** The security schemes of the operation's first requirement. */
  schemes: string[];
}

/** Example values of the parameters bound at client creation, from the first parameter of that name. */
/** A parameter's example, or a placeholder naming it when the document gives none. */
export function parameterExample(doc: OpenApiDocument, parameter: any): unknown {
  const { found, value } = firstExample(doc, parameter);
  return found ? value : `<${parameter.name}>`;
}

/**
 * The request example that stands for the operation (runtime/openapi/examples.ts decides which).
 * A body without any example is a build error, not a sample that cannot work.
 */
export function requestBodyExample(doc: OpenApiDocument, op: Pick<DocumentOperation, "method" | "path" | "operation">): ExampleCall["body"] {
  if (!op.operation.requestBody) return undefined;
  const [first] = requestBodyExamples(doc, op.operation);
  if (first) return { mediaType: first.mediaType, value: first.value };
  const [mediaType] = Object.keys(deref(doc, op.operation.requestBody).content ?? {});
  if (!mediaType) return undefined;
  throw new Error(`${op.method.toUpperCase()} ${op.path} (${op.operation.operationId}): request body ${mediaType} has no example to build code samples from`);
}

export function bindValues(doc: OpenApiDocument, meta: ServiceMeta): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { name, in: location } of meta.bind) {
    for (const op of listOperations(doc)) {
      const p = operationParameters(doc, op).find((q) => q.name === name && q.in === location);
      if (p) {
        values[name] = parameterExample(doc, p);
        break;
      }
    }
  }
  return values;
}

export function exampleCall(doc: OpenApiDocument, meta: ServiceMeta, op: DocumentOperation, bindExamples: Record<string, unknown>): ExampleCall {
  const params: ExampleCall["params"] = {};
  const bound: ExampleCall["bound"] = [];
  for (const p of operationParameters(doc, op)) {
    const binding = meta.bind.find((b) => b.name === p.name && b.in === p.in);
    if (binding) {
      bound.push({ name: p.name, in: binding.in, value: bindExamples[p.name] });
    } else if (p.required) {
      (params[p.in as keyof ExampleCall["params"]] ??= {})[p.name] = parameterExample(doc, p);
    }
  }
  const requirement = (op.operation.security ?? doc.security ?? [])[0] as Record<string, unknown> | undefined;
  return { op, params, bound, body: requestBodyExample(doc, op), schemes: Object.keys(requirement ?? {}) };
}

/** The path (parameters filled in and encoded) and query of a call, as they go on the wire. */
export function requestTarget(meta: ServiceMeta, call: ExampleCall): string {
  const method = call.op.method.toUpperCase();
  const pathValues = { ...Object.fromEntries(call.bound.filter((b) => b.in === "path").map((b) => [b.name, b.value])), ...call.params.path };
  const path = call.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name] ?? `<${name}>`)));
  const query = serializeQuery(call.params.query, meta.operations[`${method} ${call.op.path}`]?.query ?? {});
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
  for (const op of listOperations(doc)) {
    const p = operationParameters(doc, op).find((q) => q.in === scheme.in && q.name.toLowerCase() === scheme.name.toLowerCase());
    if (p) return String(parameterExample(doc, p));
  }
  return `mock-${scheme.in}`;
}

export interface ExampleRequest {
  /** "METHOD /template" */
  operation: string;
  method: string;
  target: string;
  headers: [string, string][];
  body?: string;
  requestMediaTypes: string[];
}

/** Every operation's example call as the request a client sends to the mock (with the mock's credentials). */
export function exampleRequests(doc: OpenApiDocument, meta: ServiceMeta): ExampleRequest[] {
  const bindExamples = bindValues(doc, meta);
  return listOperations(doc).map((op) => {
    const call = exampleCall(doc, meta, op, bindExamples);
    const key = `${op.method.toUpperCase()} ${op.path}`;
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
    return { operation: key, method: op.method.toUpperCase(), target: requestTarget(meta, call), headers, ...(body !== undefined ? { body } : {}), requestMediaTypes: [...(meta.operations[key]?.requestMediaTypes ?? [])] };
  });
}
