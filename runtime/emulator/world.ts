/**
 * The world an emulator starts in, read from the document's own request examples: every value
 * that a parameter, a request-body property or a security scheme marked `x-refers: <resource>`
 * takes in an example names a resource that must already exist (openapi/CONVENTIONS.md). The
 * same reading serves every service; what a resource of each name is made of is the service's
 * business (its plug-in or its resource model), given the example request it came from.
 */
import { deref } from "../core/pointer.js";
import { listOperations, parametersOf } from "../core/router.js";

type Json = any;

/** One documented request example, flattened: where each of its values travels. */
export interface ExampleValues {
  operationId: string;
  /** The example's name ("rootKey"), "parameters" for one that is parameters only. */
  example: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body?: unknown;
  /** The media type of `body`. */
  mediaType?: string;
  /** The security scheme examples (`x-example`) it is sent with, by scheme name. */
  credentials: Record<string, string>;
}

/** A value an example says exists, with the example it came from (its siblings often say more: a code's redirect_uri). */
export interface Reference {
  resource: string;
  value: unknown;
  /** The body object that holds the value (or undefined for a parameter or a credential). */
  holder?: Record<string, unknown>;
  /** What the reference says of the resource beside its id: an HTTP Basic credential's password is its `secret`. */
  fields?: Record<string, unknown>;
  example: ExampleValues;
}

export interface World {
  /** Resource name → the references to it, in document order, duplicates kept (each with its example). */
  references: Map<string, Reference[]>;
  /** The distinct values referred to as a resource, in document order. */
  values(resource: string): unknown[];
  /**
   * What the document's success examples show of the resource with this id: the objects of
   * every 2xx response example whose `id` is the value, later ones filling what earlier ones
   * lack (a list item, then the full representation of a get).
   */
  shown(id: unknown): Record<string, unknown> | undefined;
  /** Every value of the document's 2xx response examples, in document order. */
  successExamples(): unknown[];
}

export const EMPTY_WORLD: World = { references: new Map(), values: () => [], shown: () => undefined, successExamples: () => [] };

/** Walks a value beside its schema, calling `visit` for every property marked `mark` (`x-refers`, `x-credential`). */
function walk(doc: Json, schemaOrRef: Json, value: unknown, visit: (resource: string, value: unknown, holder: Record<string, unknown>) => void, depth = 0, mark = "x-refers"): void {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || typeof schema !== "object" || depth > 16 || value === null || typeof value !== "object") return;
  for (const key of ["allOf", "anyOf", "oneOf"]) for (const branch of schema[key] ?? []) walk(doc, branch, value, visit, depth + 1, mark);
  if (Array.isArray(value)) {
    if (schema.items) for (const item of value) walk(doc, schema.items, item, visit, depth + 1, mark);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const [name, propertyOrRef] of Object.entries<Json>(schema.properties ?? {})) {
    if (!(name in object)) continue;
    const property = deref<Json>(doc, propertyOrRef);
    // `x-refers` may stand beside a `$ref` (OpenAPI 3.1 schemas allow siblings) or in the schema it names.
    const resource = propertyOrRef?.[mark] ?? property?.[mark];
    if (typeof resource === "string") visit(resource, object[name], object);
    walk(doc, property, object[name], visit, depth + 1, mark);
  }
}

/**
 * The security schemes a request body carries the credential of itself (`x-credential: <scheme>`
 * on a property it sets: a public client's client_id in the form stands for Basic); a request
 * with such a body is sent without those schemes. The emulators' examples and `verify` read it here.
 */
export function carriedCredentials(doc: Json, operation: Json, mediaType: string | undefined, body: unknown): Set<string> {
  const carried = new Set<string>();
  if (mediaType !== undefined) walk(doc, deref<Json>(doc, operation.requestBody)?.content?.[mediaType]?.schema, body, (scheme) => carried.add(scheme), 0, "x-credential");
  return carried;
}

/** Every named example of a parameter (its `example`, or each of its `examples`), else its schema's first. */
function parameterValues(doc: Json, p: Json): unknown[] {
  if (p.example !== undefined) return [p.example];
  const named = Object.values<Json>(p.examples ?? {}).map((e) => deref<Json>(doc, e)?.value).filter((v) => v !== undefined);
  if (named.length) return named;
  const schema = deref<Json>(doc, p.schema);
  const value = schema?.examples?.[0] ?? schema?.example;
  return value === undefined ? [] : [value];
}

/**
 * Every documented request example of every operation, one per named body example of every
 * media type and one more per further named example of a parameter: the list the emulators'
 * starting world is read from, and the list `test/emulator/examples.test.ts` sends.
 */
export function exampleRequests(doc: Json): ExampleValues[] {
  const out: ExampleValues[] = [];
  const schemes = doc?.components?.securitySchemes ?? {};
  for (const entry of listOperations(doc)) {
    const op = entry.operation;
    const params = parametersOf(doc, entry).map((x) => x.parameter).filter((p) => p.in !== "cookie");
    const requirements = (op.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
    /**
     * The credentials an example is sent with: the first security alternative whose schemes all
     * have an `x-example`, skipping the schemes whose credential the body carries itself
     * (`x-credential: <scheme>`: a public client's client_id in the form stands for Basic).
     */
    const credentialsFor = (mediaType: string | undefined, body: unknown): Record<string, string> => {
      const carried = carriedCredentials(doc, op, mediaType, body);
      const requirement = requirements.find((r) => Object.keys(r).every((name) => schemes[name]?.["x-example"] !== undefined && !carried.has(name)));
      return Object.fromEntries(Object.keys(requirement ?? {}).map((name) => [name, String(schemes[name]["x-example"])]));
    };
    const base: Omit<ExampleValues, "example" | "body"> = { operationId: op.operationId, path: {}, query: {}, header: {}, credentials: credentialsFor(undefined, undefined) };
    const variants: Array<{ name: string; location: "path" | "query" | "header"; param: string; value: unknown }> = [];
    for (const p of params) {
      const values = parameterValues(doc, p);
      // Required parameters, path parameters and the ones a client binds travel in every example.
      const bound = (doc["x-client"]?.bind ?? []).some((n: string) => n.toLowerCase() === String(p.name).toLowerCase());
      if (values.length && (p.required || p.in === "path" || bound)) (base[p.in as "path"] as Record<string, unknown>)[p.name] = values[0];
      const names = p.example !== undefined ? ["example"] : Object.keys(p.examples ?? {});
      values.forEach((value, i) => {
        if (i === 0 && (p.required || p.in === "path" || bound)) return;
        variants.push({ name: `${p.name}=${names[i] ?? "schema"}`, location: p.in, param: p.name, value });
      });
    }
    const body = op.requestBody ? deref<Json>(doc, op.requestBody) : undefined;
    const bodies: Array<{ name: string; mediaType: string; value: unknown }> = [];
    for (const [mediaType, media] of Object.entries<Json>(body?.content ?? {})) {
      if (media?.example !== undefined) bodies.push({ name: `${mediaType} example`, mediaType, value: media.example });
      for (const [name, ex] of Object.entries<Json>(media?.examples ?? {})) {
        const value = deref<Json>(doc, ex)?.value;
        if (value !== undefined) bodies.push({ name: `${mediaType} ${name}`, mediaType, value });
      }
    }
    const clone = () => structuredClone({ path: base.path, query: base.query, header: base.header });
    if (bodies.length === 0) out.push({ ...base, ...clone(), example: "parameters" });
    for (const b of bodies) out.push({ ...base, ...clone(), example: b.name, body: structuredClone(b.value), mediaType: b.mediaType, credentials: credentialsFor(b.mediaType, b.value) });
    for (const v of variants) {
      const request: ExampleValues = { ...base, ...clone(), example: v.name };
      request[v.location][v.param] = structuredClone(v.value);
      if (bodies[0]) Object.assign(request, { body: structuredClone(bodies[0].value), mediaType: bodies[0].mediaType, credentials: credentialsFor(bodies[0].mediaType, bodies[0].value) });
      out.push(request);
    }
  }
  return out;
}

const worlds = new WeakMap<object, World>();

/** The starting world of a document (read once per document object). */
export function readWorld(doc: Json): World {
  const known = worlds.get(doc);
  if (known) return known;
  const references = new Map<string, Reference[]>();
  const add = (ref: Reference) => (references.get(ref.resource) ?? references.set(ref.resource, []).get(ref.resource)!).push(ref);
  const schemes = doc?.components?.securitySchemes ?? {};
  for (const example of exampleRequests(doc)) {
    const entry = listOperations(doc).find((o) => o.operation.operationId === example.operationId)!;
    for (const { parameter: p } of parametersOf(doc, entry)) {
      const value = (example as unknown as Record<string, Record<string, unknown>>)[p.in]?.[p.name];
      if (typeof p["x-refers"] === "string" && value !== undefined) add({ resource: p["x-refers"], value, example });
    }
    for (const [name, credential] of Object.entries(example.credentials)) {
      const resource = schemes[name]?.["x-refers"];
      if (typeof resource !== "string") continue;
      // RFC 7617 §2: a Basic credential is user-id ":" password; the user-id names the resource, the password is its secret.
      const colon = credential.indexOf(":");
      const basic = schemes[name]?.type === "http" && String(schemes[name]?.scheme).toLowerCase() === "basic" && colon > 0;
      add(basic ? { resource, value: credential.slice(0, colon), fields: { secret: credential.slice(colon + 1) }, example } : { resource, value: credential, example });
    }
    const media = example.mediaType;
    if (media !== undefined) {
      const schema = deref<Json>(doc, entry.operation.requestBody)?.content?.[media]?.schema;
      walk(doc, schema, example.body, (resource, value, holder) => add({ resource, value, holder, example }));
    }
  }
  const shownCache = new Map<unknown, Record<string, unknown> | undefined>();
  let successes: unknown[] | undefined;
  const world: World = {
    references,
    values: (resource) => [...new Set((references.get(resource) ?? []).map((r) => r.value))],
    shown(id) {
      if (!shownCache.has(id)) shownCache.set(id, shownIn(doc, id));
      return shownCache.get(id);
    },
    successExamples: () => (successes ??= successValues(doc)),
  };
  worlds.set(doc, world);
  return world;
}

function successValues(doc: Json): unknown[] {
  const out: unknown[] = [];
  for (const entry of listOperations(doc)) {
    for (const [status, responseOrRef] of Object.entries<Json>(entry.operation.responses ?? {})) {
      if (!status.startsWith("2")) continue;
      for (const media of Object.values<Json>(deref<Json>(doc, responseOrRef)?.content ?? {})) {
        for (const ex of Object.values<Json>(media?.examples ?? {})) out.push(deref<Json>(doc, ex)?.value);
      }
    }
  }
  return out;
}

/** Merges every object with this `id` found in the document's 2xx response examples. */
function shownIn(doc: Json, id: unknown): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    const object = value as Record<string, unknown>;
    if (object.id === id) found = { ...object, ...found };
    for (const v of Object.values(object)) visit(v, depth + 1);
  };
  for (const value of successValues(doc)) visit(value, 0);
  return found ? structuredClone(found) : undefined;
}

/**
 * The first `x-example-verifier` of a document (openapi/CONVENTIONS.md): the public key (a JWK)
 * its signed examples verify with, which the starting world trusts.
 */
export function exampleVerifier(doc: Json): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (found || depth > 24 || value === null || typeof value !== "object") return;
    const verifier = (value as Record<string, unknown>)["x-example-verifier"];
    if (verifier && typeof verifier === "object") found = verifier as Record<string, unknown>;
    else for (const v of Object.values(value)) visit(v, depth + 1);
  };
  visit(doc?.components, 0);
  return found;
}
