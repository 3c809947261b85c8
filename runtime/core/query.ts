import { InputError } from "./errors.js";
import type { QueryParamMeta, QueryStyle } from "./service-meta.js";

/** A parameter the operation does not describe travels as OpenAPI's default: form, exploded. */
const DEFAULT: QueryParamMeta = { style: "form", explode: true };

/** What joins the items of a non-exploded value; the same bytes openapi-fetch writes. */
const DELIMITER: Record<Exclude<QueryStyle, "deepObject">, string> = { form: ",", spaceDelimited: "%20", pipeDelimited: "|" };

type Scalar = string | number | boolean | bigint;

/**
 * Serializes one operation's query parameters as its document declares them (OpenAPI 3.1
 * §4.8.12.4), with the bytes openapi-fetch 0.17 writes for the same style and explode:
 * arrays `a=1&a=2` (form, exploded) or `a=1,2` / `a=1%202` / `a=1|2`; objects `k1=v1&k2=v2`
 * (form, exploded), `a=k1,v1,k2,v2` (form), `a[k1]=v1&a[k2]=v2` (deepObject). Names, keys and
 * values are percent-encoded (encodeURIComponent, RFC 3986), so nothing a caller passes can add
 * a parameter, which openapi-fetch does not guarantee for object keys. A value the style or the
 * schema cannot carry is refused with an InputError naming `params.query.<name>`; empty arrays
 * and objects send nothing, as openapi-fetch sends nothing for an empty array.
 */
export function serializeQuery(query: Record<string, unknown> | undefined, params: Readonly<Record<string, QueryParamMeta>>): string {
  if (!query) return "";
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const meta = params[name] ?? DEFAULT;
    const field = `params.query.${name}`;
    const key = encode(field, name);
    const shape = Array.isArray(value) ? "array" : typeof value === "object" ? "object" : "scalar";
    if (meta.shape !== undefined && meta.shape !== shape) {
      throw new InputError(field, "type", `${field}: must be ${SHAPE_TEXT[meta.shape]}, as the document's schema says`);
    }
    if (shape === "scalar") {
      if (meta.style !== "form") throw new InputError(field, "style", `${field}: style ${meta.style} carries ${meta.style === "deepObject" ? "an object" : "an array or an object"}, not a single value`);
      parts.push(`${key}=${scalar(field, value)}`);
    } else if (Array.isArray(value)) {
      if (meta.style === "deepObject") throw new InputError(field, "style", `${field}: style deepObject carries an object, not an array`);
      if (value.length === 0) continue;
      const items = value.map((item) => scalar(field, item, "array items"));
      if (meta.style === "form" && meta.explode) for (const item of items) parts.push(`${key}=${item}`);
      else parts.push(`${key}=${items.join(DELIMITER[meta.style])}`);
    } else {
      const entries = objectEntries(field, value, meta.style);
      if (entries.length === 0) continue;
      if (meta.style === "deepObject") for (const [k, v] of entries) parts.push(`${key}[${k}]=${v}`);
      else if (meta.style === "form" && meta.explode) for (const [k, v] of entries) parts.push(`${k}=${v}`);
      else parts.push(`${key}=${entries.flat().join(DELIMITER[meta.style])}`);
    }
  }
  return parts.join("&");
}

const SHAPE_TEXT = { scalar: "a string, number or boolean", array: "an array", object: "an object" } as const;

/** A plain object's present properties, keys and values encoded; nested arrays and objects have no serialization in any query style. */
function objectEntries(field: string, value: object, style: QueryStyle): [string, string][] {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new InputError(field, "type", `${field}: an object value must be a plain object`);
  const entries: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) {
    // An absent property, as at the top level.
    if (v === undefined || v === null) continue;
    entries.push([encode(field, k), scalar(field, v, `property values under style ${style}`)]);
  }
  return entries;
}

/** `within` names the container (array items, property values): no query style serializes a nested array or object. */
function scalar(field: string, value: unknown, within?: string): string {
  const type = typeof value;
  if (type === "string" || type === "number" || type === "boolean" || type === "bigint") return encode(field, String(value as Scalar));
  throw within === undefined
    ? new InputError(field, "type", `${field}: must be a string, number, boolean, array or object`)
    : new InputError(field, "style", `${field}: ${within} must be strings, numbers or booleans (a nested array or object has no query serialization)`);
}

function encode(field: string, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: URIError, which would name no field.
    throw new InputError(field, "unicode", `${field}: must be well-formed Unicode (no lone surrogates)`);
  }
}
