import { InputError } from "./errors.js";
import type { QueryParamMeta } from "./service-meta.js";

type Shape = NonNullable<QueryParamMeta["shape"]>;

/** A parameter the operation does not describe travels as OpenAPI's default: form, exploded. */
const DEFAULT: QueryParamMeta = { style: "form", explode: true };
const SCALAR = "a string, number or boolean";
const SHAPES: Record<Shape, string> = { scalar: SCALAR, array: "an array", object: "an object" };

const refuse = (field: string, rule: string, text: string) => new InputError(field, rule, `${field}: ${text}`);

/**
 * Serializes one operation's query parameters as its document declares them (OpenAPI 3.1
 * §4.8.12.4), with the bytes openapi-fetch 0.17 writes for the same style and explode: arrays
 * `a=1&a=2` (exploded) or `a=1,2` / `a=1%202` / `a=1|2`; objects `k1=v1&k2=v2` (form, exploded),
 * `a=k1,v1,k2,v2` (form), `a[k1]=v1&a[k2]=v2` (deepObject). Names, keys and values are
 * percent-encoded (encodeURIComponent, RFC 3986), so nothing a caller passes can add a parameter
 * (openapi-fetch writes object keys as they are). A value the style or the schema cannot carry
 * is an InputError naming `params.query.<name>`; empty arrays and objects send nothing, as
 * openapi-fetch sends nothing for an empty array.
 */
export function serializeQuery(query: Record<string, unknown> | undefined, params: Readonly<Record<string, QueryParamMeta>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value == null) continue;
    const { style, explode, shape } = params[name] ?? DEFAULT;
    const field = `params.query.${name}`;
    const key = encode(field, name);
    const given: Shape = Array.isArray(value) ? "array" : typeof value === "object" ? "object" : "scalar";
    if (shape && shape !== given) throw refuse(field, "type", `must be ${SHAPES[shape]}, as the document's schema says`);
    // What each style carries: OpenAPI 3.1 §4.8.12.4's table where it is not "n/a".
    if (style !== "form" && (given === "scalar" || (style === "deepObject" && given === "array"))) throw refuse(field, "style", `style ${style} cannot carry ${SHAPES[given]}`);
    if (given === "scalar") {
      parts.push(`${key}=${scalar(field, value, "the value")}`);
      continue;
    }
    // [name, item] for an array's items, [key, value] for an object's properties.
    const pairs = given === "array" ? (value as unknown[]).map((v) => [key, scalar(field, v, "each array item")]) : objectPairs(field, value as object);
    if (pairs.length === 0) continue;
    if (style === "deepObject") for (const [k, v] of pairs) parts.push(`${key}[${k}]=${v}`);
    else if (explode) for (const [k, v] of pairs) parts.push(`${k}=${v}`);
    else parts.push(`${key}=${(given === "array" ? pairs.map((p) => p[1]) : pairs.flat()).join(style === "pipeDelimited" ? "|" : style === "spaceDelimited" ? "%20" : ",")}`);
  }
  return parts.join("&");
}

/** A plain object's present properties (an undefined or null one is absent, as at the top level), encoded. */
function objectPairs(field: string, value: object): string[][] {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw refuse(field, "type", "must be a plain object");
  return Object.entries(value)
    .filter(([, v]) => v != null)
    .map(([k, v]) => [encode(field, k), scalar(field, v, "each property value")]);
}

/** No query style serializes a nested array or object. */
function scalar(field: string, value: unknown, what: string): string {
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "bigint") return encode(field, String(value));
  throw refuse(field, "type", `${what} must be ${SCALAR}`);
}

function encode(field: string, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encodeURIComponent's URIError would name no field.
    throw refuse(field, "unicode", "must be well-formed Unicode");
  }
}
