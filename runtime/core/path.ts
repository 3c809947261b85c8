// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";

const TEMPLATE = /\{([^{}]+)\}/g;

/**
 * One path parameter as one whole path segment. encodeURIComponent escapes `/`, `?`, `#` and
 * `%`, so a value can never add segments or a query; `.` and `..` are refused because URL
 * normalisation (RFC 3986 §5.2.4, done by fetch) would remove them together with the segment
 * before, so the call would address another resource with the same credentials.
 */
export function pathSegment(field: string, value: unknown): string {
  if (value === undefined || value === null) throw new InputError(field, "required", `${field}: is required`);
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
    throw new InputError(field, "type", `${field}: must be a string, number or boolean`);
  }
  const text = String(value);
  if (text === "") throw new InputError(field, "minLength", `${field}: must not be empty`);
  if (text === "." || text === "..") throw new InputError(field, "dotSegment", `${field}: must not be '.' or '..'`);
  return encodeURIComponent(text);
}

/** Fills a path template; a missing parameter is an error, never a literal `{name}` on the wire. */
export function serializePath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return template.replace(TEMPLATE, (_, name: string) => pathSegment(`params.path.${name}`, params?.[name]));
}
