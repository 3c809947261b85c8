/**
 * `x-required-when` (openapi/CONVENTIONS.md): a field required only when another value of the
 * same request has a stated value. On a parameter the other value is a parameter of the same
 * request (the identity helpers check it before sending); on a response schema's property it is
 * a value of the request that was answered (a query parameter, form field or top-level JSON
 * member): identity's token response carries `id_token` for every grant but
 * `client_credentials`. A JSON Schema cannot see the request, so whoever holds both (the
 * emulator's contract, `verify`, the proxy) asks this module. The condition is one value or a
 * list of values, any of which makes the field required.
 */
import { RuleViolation } from "./rules.js";

export const REQUIRED_WHEN = "x-required-when";

/** Whether a request's value meets a condition: equal to the stated value, or to one of a stated list. */
export function conditionMet(condition: unknown, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const wanted: readonly unknown[] = Array.isArray(condition) ? condition : [condition];
  const given: readonly unknown[] = Array.isArray(value) ? value : [value];
  return wanted.some((w) => given.some((g) => g === w || (typeof g === "string" && (typeof w === "number" || typeof w === "boolean") && g === String(w))));
}

/** A request's values by name, as the conditions read them (a repeated form field is a list). */
export type RequestValues = Readonly<Record<string, unknown>>;

/** A request's values as `x-required-when` names them: its query parameters, then its form fields or top-level JSON members. */
export function requestValues(query: Readonly<Record<string, unknown>> | undefined, body: unknown): RequestValues {
  return { ...query, ...(body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {}) };
}

/** Resolves a `$ref` schema to the schema it names; the identity when the caller's schemas hold no refs. */
export type SchemaResolver = (schema: unknown) => unknown;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The properties of an object schema (and of its `allOf` members) that `x-required-when` makes
 * required for this request and `body` lacks: one violation each, keyword `requiredWhen`,
 * naming the property and the condition, never a value.
 */
export function requiredWhenViolations(schema: unknown, body: unknown, request: RequestValues, resolve: SchemaResolver = (s) => s, field = ""): RuleViolation[] {
  if (!isObject(body) || !statesRequiredWhen(schema, resolve)) return [];
  const out: RuleViolation[] = [];
  const seen = new Set<unknown>();
  const visit = (raw: unknown, depth: number): void => {
    const s = resolve(raw);
    if (!isObject(s) || seen.has(s) || depth > 16) return;
    seen.add(s);
    for (const [name, rawProperty] of Object.entries(isObject(s.properties) ? s.properties : {})) {
      const property = resolve(rawProperty);
      const conditions = isObject(property) ? property[REQUIRED_WHEN] : undefined;
      if (!isObject(conditions) || (Object.hasOwn(body, name) && body[name] !== undefined)) continue;
      for (const [other, condition] of Object.entries(conditions)) {
        if (!conditionMet(condition, request[other])) continue;
        const where = field ? `${field}.${name}` : name;
        const stated = Array.isArray(condition) ? `one of ${condition.map(String).join(", ")}` : String(condition);
        out.push(new RuleViolation(where, "requiredWhen", `${where} is required when the request's ${other} is ${stated}`));
        break;
      }
    }
    for (const member of Array.isArray(s.allOf) ? s.allOf : []) visit(member, depth + 1);
  };
  visit(schema, 0);
  return out;
}

/** Per schema object: whether any property it (or an allOf member) lists carries x-required-when. Documents do not change under a reader. */
const stating = new WeakMap<object, boolean>();

/** Whether the schema states any x-required-when rule: most answers have none, and are then not walked at all. */
function statesRequiredWhen(schema: unknown, resolve: SchemaResolver): boolean {
  if (!isObject(schema)) return false;
  let known = stating.get(schema);
  if (known === undefined) {
    const seen = new Set<unknown>();
    const visit = (raw: unknown, depth: number): boolean => {
      const s = resolve(raw);
      if (!isObject(s) || seen.has(s) || depth > 16) return false;
      seen.add(s);
      for (const rawProperty of Object.values(isObject(s.properties) ? s.properties : {})) {
        const property = resolve(rawProperty);
        if (isObject(property) && isObject(property[REQUIRED_WHEN])) return true;
      }
      return (Array.isArray(s.allOf) ? s.allOf : []).some((member: unknown) => visit(member, depth + 1));
    };
    stating.set(schema, (known = visit(schema, 0)));
  }
  return known;
}
