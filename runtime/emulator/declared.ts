/**
 * What a write may store of a request body: the fields its request schema declares (issue 43).
 * The documents keep request objects open (openapi/CONVENTIONS.md), so a body with a field the
 * schema does not name is a valid request (the Prism mock and the real services accept it), but
 * the field is not the client's to store: it would overwrite what the engine sets, or be shown
 * in an answer whose schema it breaks. The copy leaves it out, and names it so the answer can
 * say what was ignored (X-Mock-Warning): nothing is dropped silently.
 */
import { deref, escapeToken } from "../core/pointer.js";

type Json = any;

/** What one place of a body may hold: its declared names (undefined: any) and its item schemas. */
interface Shape {
  names: Map<string, Json[]> | undefined;
  items: Json[];
}

/** Per list of schemas (the lists are the cache's own, so each place is read once per document). */
const shapes = new WeakMap<Json[], Shape>();
/** The one-schema list of a request schema, so that its shape is cached too. */
const lists = new WeakMap<object, Json[]>();

/** The list holding just `schema`, the same array each time. */
export function schemaList(schema: Json): Json[] {
  if (!schema || typeof schema !== "object") return [];
  return lists.get(schema) ?? lists.set(schema, [schema]).get(schema)!;
}

function shapeOf(doc: Json, schemas: Json[]): Shape {
  let shape = shapes.get(schemas);
  if (!shape) shapes.set(schemas, (shape = readShape(schemas.flatMap((s) => collect(doc, s, 0)))));
  return shape;
}

/** A schema and everything it is made of (through $ref, allOf, oneOf, anyOf). */
function collect(doc: Json, schemaOrRef: Json, depth: number): Json[] {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || typeof schema !== "object" || depth > 16) return [];
  const branches = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return [schema, ...branches.flatMap((b: Json) => collect(doc, b, depth + 1))];
}

/**
 * Property name -> the schemas that describe it, or undefined where the schemas admit any name:
 * a map (`additionalProperties` a schema or `true` stated), `patternProperties`, or no
 * `properties` stated at all (nothing to compare with).
 */
function readShape(all: Json[]): Shape {
  const items = all.flatMap((s) => (s.items && typeof s.items === "object" ? [s.items] : []));
  if (all.some((s) => s.patternProperties || (s.additionalProperties !== undefined && s.additionalProperties !== false))) return { names: undefined, items };
  if (!all.some((s) => s.properties)) return { names: undefined, items };
  const names = new Map<string, Json[]>();
  for (const s of all) for (const [name, sub] of Object.entries<Json>(s.properties ?? {})) (names.get(name) ?? names.set(name, []).get(name)!).push(sub);
  return { names, items };
}

const NONE: Json[] = [];

/** Sets an own property even for `__proto__` (a JSON body may carry one as a plain key). */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `value` with only what `schemas` declare, at every depth; `ignored` receives the
 * JSON pointer (prefixed by `at`) of each field left out. Arrays follow their `items` schemas.
 */
export function keepDeclared(doc: Json, schemas: Json[], value: unknown, at: string, ignored: string[]): unknown {
  if (value === null || typeof value !== "object") return value;
  const shape = shapeOf(doc, schemas);
  if (Array.isArray(value)) return value.map((item, i) => keepDeclared(doc, shape.items, item, `${at}/${i}`, ignored));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const sub = shape.names === undefined ? NONE : shape.names.get(key);
    if (sub === undefined) ignored.push(`${at}/${escapeToken(key)}`);
    else put(out, key, keepDeclared(doc, sub, v, `${at}/${escapeToken(key)}`, ignored));
  }
  return out;
}

/** `ignored body field "/resources/0/deletionDate"; …`: ASCII only and short, so it fits a header. */
export function describeIgnored(pointers: readonly string[], max = 20): string {
  const shown = pointers.slice(0, max).map((p) => `ignored body field ${JSON.stringify(p.slice(0, 80)).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}`);
  if (pointers.length > max) shown.push(`and ${pointers.length - max} more`);
  return `${shown.join("; ")} (not declared by the request schema, or set by the service: not stored)`;
}
