/**
 * The requests a document's own examples spell out, per operation of its table
 * (runtime/openapi/operation-table.ts): the one reader of example requests. The verifier starts
 * its checks from them, the emulator's starting world is read from them (and every one is sent
 * to a fresh emulator by test/emulator/examples.test.ts), the reference site's code samples and
 * the load benchmark send them. Which example stands for a value is runtime/openapi/examples.ts's
 * precedence; this module says which values a request carries and which bodies it is sent with.
 *
 * A request carries the operation's required parameters and the ones a client binds once
 * (`x-client.bind`), from the values given for them or their examples; the standing body example
 * (or every body example of every media type) comes first and each one is a request.
 */
import { deref, getAt } from "../core/pointer.js";
import { firstExample, requestBodyExamples, type BodyExample } from "./examples.js";
import type { ParameterLocation, TableOperation, TableParameter } from "./operation-table.js";

type Json = any;

export type RequestParams = Record<ParameterLocation, Record<string, unknown>>;

export interface ExampleRequest {
  /**
   * Name of the body example ("standardKey"; "example" for a media type's `example`, "schema"
   * for its schema's), "parameters" for a bodiless request, "<parameter>=<example name>" for a
   * further example of one parameter.
   */
  example: string;
  /** Parameter values by location, as the document names them. */
  params: RequestParams;
  /** The bound parameters among them. */
  bound: TableParameter[];
  body?: { mediaType: string; value: unknown };
  /** For a further example of one parameter (`variants`): that parameter. */
  variant?: TableParameter;
}

export interface ExampleOptions {
  /** Values given for parameters (a client's bound values), by name, case-insensitively; they win over examples. */
  bind?: Record<string, unknown>;
  /** "standing" (the default): the bodies that stand for the operation (examples.ts requestBodyExamples); "every": each `example` and named example of every media type, in document order. */
  bodies?: "standing" | "every";
  /** A required value without any example as `<name>` (a code sample shows where it goes) instead of left out and listed in `missing`. */
  placeholder?: boolean;
  /** Carry required cookie parameters too (the verifier and the emulator's world send none). */
  cookies?: boolean;
  /** Also one request per further example of a parameter (each named example after the first, every example of an optional one), with the first body. */
  variants?: boolean;
}

/** Parameter names the document's clients bind once at creation (`x-client.bind`). */
export function boundNames(doc: Json): string[] {
  return (doc?.["x-client"]?.bind ?? []) as string[];
}

/** Whether a client binds the parameter: a path or header parameter `x-client.bind` names (a query parameter of that name is not bound). */
const isBound = (doc: Json, p: TableParameter) => (p.in === "path" || p.in === "header") && boundNames(doc).some((n) => n.toLowerCase() === p.name.toLowerCase());

/** The document's example value of a parameter (examples.ts decides which), or undefined. */
export function parameterExample(doc: Json, p: TableParameter): unknown {
  return firstExample(doc, getAt(doc, p.pointer)).value;
}

/**
 * Every example of a parameter with its name: its `example`, each named example, else its
 * schema's own example ("schema"). Not a `default` or `enum` value: a further example is a
 * value someone chose to show, and a default is what leaving the parameter out means already.
 */
export function parameterExamples(doc: Json, p: TableParameter): Array<{ name: string; value: unknown }> {
  const raw = getAt(doc, p.pointer) as Json;
  if (raw?.example !== undefined) return [{ name: "example", value: raw.example }];
  const named = Object.entries<Json>(raw?.examples ?? {})
    .map(([name, e]) => ({ name, value: deref<Json>(doc, e)?.value }))
    .filter((e) => e.value !== undefined);
  if (named.length > 0) return named;
  const schema = deref<Json>(doc, raw?.schema);
  const value = schema?.examples?.[0] ?? schema?.example;
  return value === undefined ? [] : [{ name: "schema", value }];
}

/** Each `example` and named example of every request media type, in document order. */
function everyBodyExample(doc: Json, op: TableOperation): BodyExample[] {
  const content = Object.entries<Json>((op.request ? (getAt(doc, op.request.pointer) as Json) : undefined)?.content ?? {});
  return content.flatMap(([mediaType, media]) => [
    ...(media?.example !== undefined ? [{ name: "example", mediaType, value: media.example }] : []),
    ...Object.entries<Json>(media?.examples ?? {})
      .map(([name, ex]) => ({ name, mediaType, value: deref<Json>(doc, ex)?.value }))
      .filter((ex) => ex.value !== undefined),
  ]);
}

/** The body examples of an operation, the one that stands for it first (examples.ts). */
export function bodyExamples(doc: Json, op: TableOperation, which: "standing" | "every" = "standing"): BodyExample[] {
  if (!op.request) return [];
  return which === "every" ? everyBodyExample(doc, op) : requestBodyExamples(doc, { requestBody: getAt(doc, op.request.pointer) });
}

/**
 * The documented requests of an operation and the required values no example gives
 * ("query.size", "body" for a required body). With `placeholder` nothing is missing but a body.
 */
export function exampleRequests(doc: Json, op: TableOperation, options: ExampleOptions = {}): { requests: ExampleRequest[]; missing: string[] } {
  const given = Object.entries(options.bind ?? {});
  const givenValue = (name: string) => given.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const params: RequestParams = { path: {}, query: {}, header: {}, cookie: {} };
  const bound: TableParameter[] = [];
  const missing: string[] = [];
  const variants: Array<{ name: string; parameter: TableParameter; value: unknown }> = [];
  for (const p of op.parameters) {
    if (p.in === "cookie" && !options.cookies) continue;
    const binds = isBound(doc, p);
    const carried = p.required || binds || p.in === "path";
    if (options.variants) for (const [i, e] of parameterExamples(doc, p).entries()) if (i > 0 || !carried) variants.push({ name: `${p.name}=${e.name}`, parameter: p, value: e.value });
    if (!carried) continue;
    const value = givenValue(p.name) ?? parameterExample(doc, p) ?? (options.placeholder ? `<${p.name}>` : undefined);
    if (value === undefined) {
      // A bound value the caller did not give is the caller's to report (the verifier's hint names the option).
      if (p.required || p.in === "path") missing.push(`${p.in}.${p.name}`);
      continue;
    }
    params[p.in][p.name] = value;
    if (binds) bound.push(p);
  }
  const bodies = bodyExamples(doc, op, options.bodies);
  if (op.request?.required && bodies.length === 0) missing.push("body");
  const request = (example: string, body?: BodyExample): ExampleRequest => ({
    example,
    params: structuredClone(params),
    bound,
    ...(body ? { body: { mediaType: body.mediaType, value: structuredClone(body.value) } } : {}),
  });
  const requests = bodies.length === 0 ? [request("parameters")] : bodies.map((b) => request(b.name, b));
  for (const v of variants) {
    const r = { ...request(v.name, bodies[0]), variant: v.parameter };
    r.params[v.parameter.in][v.parameter.name] = structuredClone(v.value);
    requests.push(r);
  }
  return { requests, missing };
}

/**
 * The value of each parameter a client binds, from the first operation (in document order)
 * that takes it: its example, the value given in `bind`, or (with `placeholder`) `<name>`.
 */
export function bindValues(doc: Json, operations: readonly TableOperation[], options: { placeholder?: boolean } = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of boundNames(doc)) {
    const p = [...operations].sort((a, b) => a.order - b.order).flatMap((op) => op.parameters).find((q) => isBound(doc, q) && q.name.toLowerCase() === name.toLowerCase());
    if (!p) continue;
    const value = parameterExample(doc, p);
    if (value !== undefined) values[name] = value;
    else if (options.placeholder) values[name] = `<${name}>`;
  }
  return values;
}
