/**
 * The world an emulator starts in, read from the document's own request examples: every value
 * that a parameter, a request-body property or a security scheme marked `x-refers: <resource>`
 * takes in an example names a resource that must already exist (openapi/CONVENTIONS.md). The
 * same reading serves every service; what a resource of each name is made of is the service's
 * business (its plug-in or its resource model), given the example request it came from.
 */
import { deref, getAt } from "../core/pointer.js";
import { exampleRequests as documentedExamples } from "../openapi/example-requests.js";
import { inDocumentOrder, operationTable, type TableOperation } from "../openapi/operation-table.js";

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
export function carriedCredentials(doc: Json, op: TableOperation, mediaType: string | undefined, body: unknown): Set<string> {
  const carried = new Set<string>();
  if (mediaType !== undefined && op.request) walk(doc, bodySchema(doc, op, mediaType), body, (scheme) => carried.add(scheme), 0, "x-credential");
  return carried;
}

const bodySchema = (doc: Json, op: TableOperation, mediaType: string) => (op.request ? (getAt(doc, op.request.pointer) as Json)?.content?.[mediaType]?.schema : undefined);

/**
 * Every documented request example of every operation (runtime/openapi/example-requests.ts),
 * one per named body example of every media type and one more per further example of a
 * parameter, with the credential examples it is sent with: the list the emulators' starting
 * world is read from, and the list `test/emulator/examples.test.ts` sends.
 */
export function exampleRequests(doc: Json): ExampleValues[] {
  const schemes = doc?.components?.securitySchemes ?? {};
  return inDocumentOrder(operationTable(doc)).flatMap((op) => {
    /**
     * The credentials an example is sent with: the first security alternative whose schemes all
     * have an `x-example`, skipping the schemes whose credential the body carries itself.
     */
    const credentialsFor = (mediaType: string | undefined, body: unknown): Record<string, string> => {
      const carried = carriedCredentials(doc, op, mediaType, body);
      const requirement = op.security.find((names) => names.every((name) => schemes[name]?.["x-example"] !== undefined && !carried.has(name)));
      return Object.fromEntries((requirement ?? []).map((name) => [name, String(schemes[name]["x-example"])]));
    };
    return documentedExamples(doc, op, { bodies: "every", variants: true }).requests.map(({ example, params: { path, query, header }, body, variant }): ExampleValues => ({
      operationId: op.operationId,
      // A body example is named by its media type too (a form and a JSON body may share a name).
      example: body && !variant ? `${body.mediaType} ${example}` : example,
      path,
      query,
      header,
      ...(body ? { body: body.value, mediaType: body.mediaType } : {}),
      credentials: credentialsFor(body?.mediaType, body?.value),
    }));
  });
}

const worlds = new WeakMap<object, World>();

/** The starting world of a document (read once per document object). */
export function readWorld(doc: Json): World {
  const known = worlds.get(doc);
  if (known) return known;
  const references = new Map<string, Reference[]>();
  const add = (ref: Reference) => (references.get(ref.resource) ?? references.set(ref.resource, []).get(ref.resource)!).push(ref);
  const schemes = doc?.components?.securitySchemes ?? {};
  const byId = new Map(operationTable(doc).operations.map((op) => [op.operationId, op]));
  for (const example of exampleRequests(doc)) {
    const op = byId.get(example.operationId)!;
    for (const p of op.parameters) {
      const value = (example as unknown as Record<string, Record<string, unknown>>)[p.in]?.[p.name];
      if (p.refers !== undefined && value !== undefined) add({ resource: p.refers, value, example });
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
    if (media !== undefined) walk(doc, bodySchema(doc, op, media), example.body, (resource, value, holder) => add({ resource, value, holder, example }));
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
  for (const op of inDocumentOrder(operationTable(doc))) {
    for (const response of op.responses) {
      if (!response.status.startsWith("2")) continue;
      for (const media of Object.values<Json>((getAt(doc, response.pointer) as Json)?.content ?? {})) {
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
