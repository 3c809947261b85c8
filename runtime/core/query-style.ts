/**
 * How a query parameter travels (OpenAPI 3.1 §4.8.12.4, style and explode): the one place the
 * project states it. The client writes query strings with `serializeQuery`, the verifier and the
 * tests' raw sender write them with the same function, the emulator reads them back with
 * `parseQuery`, and the client generator (scripts/lib/client-meta.ts) takes its defaults and
 * shapes from here, so what is sent and what is understood cannot drift apart.
 */
import { CloudInterfacesError } from "./base-error.js";
import { InputError } from "./masked-error.js";
import type { QueryParamMeta, QueryStyle } from "./service-meta.js";

export type QueryShape = NonNullable<QueryParamMeta["shape"]>;

/** The styles OpenAPI 3.1 defines for a query parameter. */
export const QUERY_STYLES: readonly QueryStyle[] = ["form", "deepObject", "spaceDelimited", "pipeDelimited"];

/** Style as written or defaulted by location (§4.8.12.4: form for query and cookie, simple for path and header); explode defaults to true for form only. */
export function parameterStyle(parameter: { in?: string; style?: string; explode?: boolean }): { style: string; explode: boolean } {
  const style = parameter.style ?? (parameter.in === "query" || parameter.in === "cookie" ? "form" : "simple");
  return { style, explode: parameter.explode ?? style === "form" };
}

/** "scalar", "array" or "object" when the (resolved) schema's `type` says one of them, null aside; otherwise undefined. */
export function schemaShape(schema: unknown): QueryShape | undefined {
  const type = (schema as { type?: unknown } | undefined)?.type;
  const types: unknown[] = Array.isArray(type) ? type : type === undefined ? [] : [type];
  const shapes = new Set(types.filter((t) => t !== "null").map((t) => (t === "array" || t === "object" ? t : "scalar")));
  return shapes.size === 1 ? ([...shapes][0] as QueryShape) : undefined;
}

/** A document giving a query parameter a style OpenAPI does not define; `pointer` names the `style` member. */
export class QueryStyleError extends CloudInterfacesError {
  override readonly name = "QueryStyleError";
  readonly rule = "query-style";
  constructor(
    message: string,
    readonly pointer: string,
  ) {
    super(message);
  }
}

/**
 * A query parameter object's meta: its style and explode as written or defaulted, and the shape
 * of its (resolved) schema when given. A style OpenAPI does not define for the query is a
 * QueryStyleError: reading it as another style would send or understand other bytes.
 */
export function queryParamMeta(parameter: { name: string; style?: string; explode?: boolean }, schema: unknown, pointer: string): QueryParamMeta {
  const { style, explode } = parameterStyle({ ...parameter, in: "query" });
  if (!QUERY_STYLES.includes(style as QueryStyle)) {
    throw new QueryStyleError(`${pointer}/style: query parameter ${parameter.name} has style ${JSON.stringify(style)}; OpenAPI 3.1 defines ${QUERY_STYLES.join(", ")} for query parameters`, `${pointer}/style`);
  }
  const shape = schemaShape(schema);
  return { style: style as QueryStyle, explode, ...(shape ? { shape } : {}) };
}

/** A parameter the operation does not describe travels as OpenAPI's default: form, exploded. */
const DEFAULT: QueryParamMeta = { style: "form", explode: true };
const SCALAR = "a string, number or boolean";
const SHAPES: Record<QueryShape, string> = { scalar: SCALAR, array: "an array", object: "an object" };

const refuse = (field: string, rule: string, text: string) => new InputError(field, rule, `${field}: ${text}`);

/**
 * Serializes one operation's query parameters as its document declares them, with the bytes
 * openapi-fetch 0.17 writes for the same style and explode: arrays `a=1&a=2` (exploded) or
 * `a=1,2` / `a=1%202` / `a=1|2`; objects `k1=v1&k2=v2` (form, exploded), `a=k1,v1,k2,v2` (form),
 * `a[k1]=v1&a[k2]=v2` (deepObject). Names, keys and values are percent-encoded
 * (encodeURIComponent, RFC 3986), so nothing a caller passes can add a parameter (openapi-fetch
 * writes object keys as they are). A value the style or the schema cannot carry is an InputError
 * naming `params.query.<name>`; empty arrays and objects send nothing, as openapi-fetch sends
 * nothing for an empty array.
 */
export function serializeQuery(query: Record<string, unknown> | undefined, params: Readonly<Record<string, QueryParamMeta>>): string {
  const parts: string[] = [];
  // Own enumerable keys in place, as Object.entries lists them, without its arrays; a
  // parameter's field name (params.query.<name>) is written only for an error.
  for (const name in query) {
    if (!hasOwnProperty.call(query, name)) continue;
    const value = query[name];
    if (value == null) continue;
    const { style, explode, shape } = params[name] ?? DEFAULT;
    const key = encode(name, name);
    const given: QueryShape = Array.isArray(value) ? "array" : typeof value === "object" ? "object" : "scalar";
    if (shape && shape !== given) throw refuse(fieldOf(name), "type", `must be ${SHAPES[shape]}, as the document's schema says`);
    // What each style carries: OpenAPI 3.1 §4.8.12.4's table where it is not "n/a".
    if (style !== "form" && (given === "scalar" || (style === "deepObject" && given === "array"))) throw refuse(fieldOf(name), "style", `style ${style} cannot carry ${SHAPES[given]}`);
    if (given === "scalar") {
      parts.push(`${key}=${scalar(name, value, "the value")}`);
      continue;
    }
    // [name, item] for an array's items, [key, value] for an object's properties.
    const pairs = given === "array" ? (value as unknown[]).map((v) => [key, scalar(name, v, "each array item")]) : objectPairs(name, value as object);
    if (pairs.length === 0) continue;
    if (style === "deepObject") for (const [k, v] of pairs) parts.push(`${key}[${k}]=${v}`);
    else if (explode) for (const [k, v] of pairs) parts.push(`${k}=${v}`);
    else parts.push(`${key}=${(given === "array" ? pairs.map((p) => p[1]) : pairs.flat()).join(style === "pipeDelimited" ? "|" : style === "spaceDelimited" ? "%20" : ",")}`);
  }
  return parts.join("&");
}

const hasOwnProperty = Object.prototype.hasOwnProperty;
/** The field an error about query parameter `name` names. */
const fieldOf = (name: string) => `params.query.${name}`;

/** A plain object's present properties (an undefined or null one is absent, as at the top level), encoded. */
function objectPairs(name: string, value: object): string[][] {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw refuse(fieldOf(name), "type", "must be a plain object");
  return Object.entries(value)
    .filter(([, v]) => v != null)
    .map(([k, v]) => [encode(name, k), scalar(name, v, "each property value")]);
}

/** No query style serializes a nested array or object. */
function scalar(name: string, value: unknown, what: string): string {
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "bigint") return encode(name, String(value));
  throw refuse(fieldOf(name), "type", `${what} must be ${SCALAR}`);
}

/** Percent-encoded text of query parameter `name` (its name, or a key or value it carries). */
function encode(name: string, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encodeURIComponent's URIError would name no field.
    throw refuse(fieldOf(name), "unicode", "must be well-formed Unicode");
  }
}

/** A query parameter as the wire carries it: text (the schema's types are the validator's to coerce). */
export type QueryValue = string | string[] | Record<string, string>;

/** One `key=value` of a query string: key and value as written (percent-encoded), and the key decoded. */
interface Item {
  written: string;
  key: string;
  value: string;
  claimed?: boolean;
}

/**
 * The inverse of serializeQuery: an operation's query parameters read out of a query string
 * (`url.search`), each as its style and explode and its schema's shape say. Delimited values
 * are split where the delimiter is written, before decoding, so an item holding an encoded
 * delimiter (`%2C`, `%7C`) stays whole; spaceDelimited cannot tell a space inside an item from
 * the delimiter, as OpenAPI's own table cannot. A form-exploded object takes the keys no other
 * parameter claims. Bytes the style cannot mean (one value given twice, a deepObject key that
 * nests, an odd list of key/value items) are a problem naming the parameter, never a guess.
 */
export function parseQuery(search: string, params: Readonly<Record<string, QueryParamMeta>>): { values: Record<string, QueryValue>; problems: string[] } {
  // No query: nothing is given, so nothing is read and nothing is wrong (most requests).
  if (search === "" || search === "?") return { values: {}, problems: [] };
  const items: Item[] = search
    .replace(/^\?/, "")
    .split("&")
    .filter((part) => part !== "")
    .map((part) => {
      const at = part.indexOf("=");
      const written = at < 0 ? part : part.slice(0, at);
      return { written, key: decode(written), value: at < 0 ? "" : part.slice(at + 1) };
    });
  const values: Record<string, QueryValue> = {};
  const problems: string[] = [];
  const spread: string[] = [];
  for (const [name, { style, explode, shape }] of Object.entries(params)) {
    const where = `query parameter ${name}`;
    const given = items.filter((item) => item.key === name);
    // An exploded object's property may share the parameter's name: the second pass reads it.
    if (shape === "object" && explode && style !== "deepObject") {
      spread.push(name);
      continue;
    }
    for (const item of given) item.claimed = true;
    if (style === "deepObject") {
      if (given.length > 0) problems.push(`${where} is given without a [key]; style deepObject sends ${name}[key]=value`);
      const pairs: [string, string][] = [];
      for (const item of items) {
        if (!item.key.startsWith(`${name}[`) || !item.key.endsWith("]")) continue;
        item.claimed = true;
        // Brackets as written are structure; encoded ones belong to the key.
        if (item.written.replace(/[^[\]]/g, "").length > 2) problems.push(`${where}: ${item.key} nests an object, which style deepObject does not define`);
        else pairs.push([item.key.slice(name.length + 1, -1), decode(item.value)]);
      }
      if (pairs.length > 0) values[name] = objectOf(where, pairs, problems);
      continue;
    }
    if (given.length === 0) continue;
    const list = shape === "array" || (shape === undefined && (style !== "form" || (explode && given.length > 1)));
    if (list && explode) {
      values[name] = given.map((item) => decode(item.value));
      continue;
    }
    if (given.length > 1) {
      problems.push(`${where} is given ${given.length} times; ${list || shape === "object" ? `style ${style} without explode sends it once` : "it is one value"}`);
      continue;
    }
    const written = given[0]!.value;
    if (!list && shape !== "object") {
      values[name] = decode(written);
      continue;
    }
    const parts = written.split(style === "pipeDelimited" ? "|" : style === "spaceDelimited" ? /%20|\+/i : ",").map(decode);
    if (list) values[name] = parts;
    else if (parts.length % 2 !== 0) problems.push(`${where}: style ${style} sends an object as key and value items; got ${parts.length} items`);
    else values[name] = objectOf(where, parts.flatMap((part, i) => (i % 2 === 0 ? [[part, parts[i + 1]!] as [string, string]] : [])), problems);
  }
  const rest = items.filter((item) => !item.claimed);
  if (rest.length > 0 && spread.length > 1) {
    problems.push(`query parameters ${spread.join(", ")} are exploded objects: which of them ${rest.map((item) => item.key).join(", ")} belongs to is not defined`);
  } else if (rest.length > 0 && spread.length === 1) {
    values[spread[0]!] = objectOf(`query parameter ${spread[0]}`, rest.map((item) => [item.key, decode(item.value)]), problems);
  }
  return { values, problems };
}

/** Key/value pairs as an object (own properties, "__proto__" included); a key given twice is a problem. */
function objectOf(where: string, pairs: [string, string][], problems: string[]): Record<string, string> {
  const keys = new Set<string>();
  for (const [key] of pairs) {
    if (keys.has(key)) problems.push(`${where}: key ${key} is given twice`);
    keys.add(key);
  }
  return Object.fromEntries(pairs);
}

/** As application/x-www-form-urlencoded reads it (`+` is a space); bytes that do not decode are kept as URLSearchParams keeps them. */
function decode(text: string): string {
  // Most values hold nothing encoded: the emulator parses every request's query, and the decoder is its costly part.
  if (!/[%+]/.test(text)) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return new URLSearchParams(`v=${text}`).get("v")!;
  }
}
