/**
 * Client-side checks from the documents' own rules (generated/<id>/rules.ts): a request that
 * breaks a stated pattern, length, range, enum, item count or required set fails before it is
 * sent, as an InputError naming the field and the JSON Schema keyword it breaks. Values are
 * never echoed: they may be secrets.
 *
 * `format` is left to the service: JSON Schema 2020-12 makes it an annotation by default, and
 * checking the documents' formats (email, uri, date-time, uuid, ...) would put a format library
 * into every browser bundle. The differential test (test/fuzz/checker-vs-ajv.test.ts) holds this
 * checker to Ajv 2020-12 with formats off, over every request schema of the six documents.
 */
import { InputError } from "./errors.js";

/** The validation keywords of a JSON Schema 2020-12 subset; `$ref` names a schema of the same table. */
export interface Rule {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly items?: Rule | boolean;
  readonly prefixItems?: readonly Rule[];
  readonly properties?: Readonly<Record<string, Rule>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: Rule | boolean;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly allOf?: readonly Rule[];
  readonly anyOf?: readonly Rule[];
  readonly oneOf?: readonly Rule[];
  readonly not?: Rule;
}

/** Every keyword the checker checks; the build (scripts/lib/generate-rules.ts) refuses a request schema with a keyword in neither list. */
export const CHECKED_KEYWORDS: readonly string[] = [
  "$ref", "type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "multipleOf", "minItems", "maxItems", "uniqueItems", "items", "prefixItems", "properties", "required", "additionalProperties",
  "minProperties", "maxProperties", "allOf", "anyOf", "oneOf", "not",
];

/**
 * Keywords that constrain nothing a client can check: annotations (and `format`, see above).
 * `unevaluatedProperties: true` and `x-` extensions are annotations too; the build lets those through by value and prefix.
 */
export const IGNORED_KEYWORDS: readonly string[] = [
  "$comment", "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly",
  "format", "contentEncoding", "contentMediaType", "contentSchema",
];

const own = <T extends object>(object: T | undefined, key: PropertyKey): object is T => object !== undefined && Object.hasOwn(object, key);

export interface OperationRules {
  readonly path?: Readonly<Record<string, Rule>>;
  readonly query?: Readonly<Record<string, Rule>>;
  readonly header?: Readonly<Record<string, Rule>>;
  /** Required parameters per location. */
  readonly required?: Readonly<{ path?: readonly string[]; query?: readonly string[]; header?: readonly string[] }>;
  readonly body?: Rule;
  readonly bodyRequired?: boolean;
}

export interface ServiceRules {
  readonly schemas: Readonly<Record<string, Rule>>;
  /** Keyed by "METHOD /path/template", like the operation table. */
  readonly operations: Readonly<Record<string, OperationRules>>;
}

export class RuleViolation {
  constructor(
    readonly field: string,
    readonly keyword: string,
    readonly message: string,
  ) {}
}

const patterns = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    // JSON Schema patterns are ECMA-262 with Unicode semantics; a few documents' patterns are only valid without the flag.
    try {
      compiled = new RegExp(source, "u");
    } catch {
      compiled = new RegExp(source);
    }
    patterns.set(source, compiled);
  }
  return compiled;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === "number" && actual === "integer");
}

/**
 * A text equal for two JSON values exactly when JSON Schema calls them equal: numbers by value
 * (1 and 1.0, 0 and -0), objects whatever their key order. Lets `uniqueItems` use a Set: linear
 * in the size of the array, where pairwise comparison was quadratic.
 */
function canonical(value: unknown): string {
  if (typeof value === "number") return String(value === 0 ? 0 : value);
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(object[k])}`).join(",")}}`;
}

const equal = (a: unknown, b: unknown) => a === b || canonical(a) === canonical(b);

function repeats(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = canonical(item);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** A string's length in code points, as JSON Schema counts it ([...value].length, without the array). */
function codePoints(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const high = value.charCodeAt(i);
    if (high >= 0xd800 && high <= 0xdbff) {
      const low = value.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

const join = (field: string, key: string | number) => (typeof key === "number" ? `${field}[${key}]` : field ? `${field}.${key}` : key);

/** The first rule the value breaks, or undefined. Composition keywords report the branch that came closest. */
export function firstViolation(rule: Rule | boolean | undefined, value: unknown, field: string, schemas: ServiceRules["schemas"], depth = 0): RuleViolation | undefined {
  if (rule === undefined || rule === true) return undefined;
  if (rule === false) return new RuleViolation(field, "false", `${field} is not allowed`);
  if (depth > 64) return new RuleViolation(field, "depth", `${field} is nested too deeply`);
  if (rule.$ref !== undefined) {
    const violation = firstViolation(own(schemas, rule.$ref) ? schemas[rule.$ref] : undefined, value, field, schemas, depth + 1);
    if (violation) return violation;
  }
  const actual = typeOf(value);
  if (rule.type !== undefined) {
    // One type (the usual case) is compared without an array.
    const matches = typeof rule.type === "string" ? typeMatches(rule.type, actual) : rule.type.some((t) => typeMatches(t, actual));
    if (!matches) return new RuleViolation(field, "type", `${field} must be of type ${typeof rule.type === "string" ? rule.type : rule.type.join(" or ")}`);
  }
  if (rule.const !== undefined && !equal(rule.const, value)) return new RuleViolation(field, "const", `${field} must be ${JSON.stringify(rule.const)}`);
  if (rule.enum !== undefined && !rule.enum.some((e) => equal(e, value))) {
    return new RuleViolation(field, "enum", `${field} must be one of ${rule.enum.map((e) => JSON.stringify(e)).join(", ")}`);
  }
  if (typeof value === "string") {
    const length = rule.minLength !== undefined || rule.maxLength !== undefined ? codePoints(value) : 0;
    if (rule.minLength !== undefined && length < rule.minLength) return new RuleViolation(field, "minLength", `${field} must have at least ${rule.minLength} character(s)`);
    if (rule.maxLength !== undefined && length > rule.maxLength) return new RuleViolation(field, "maxLength", `${field} must have at most ${rule.maxLength} character(s)`);
    if (rule.pattern !== undefined && !regex(rule.pattern).test(value)) return new RuleViolation(field, "pattern", `${field} must match the pattern ${rule.pattern}`);
  }
  if (typeof value === "number") {
    if (rule.minimum !== undefined && value < rule.minimum) return new RuleViolation(field, "minimum", `${field} must be at least ${rule.minimum}`);
    if (rule.maximum !== undefined && value > rule.maximum) return new RuleViolation(field, "maximum", `${field} must be at most ${rule.maximum}`);
    if (rule.exclusiveMinimum !== undefined && value <= rule.exclusiveMinimum) return new RuleViolation(field, "exclusiveMinimum", `${field} must be greater than ${rule.exclusiveMinimum}`);
    if (rule.exclusiveMaximum !== undefined && value >= rule.exclusiveMaximum) return new RuleViolation(field, "exclusiveMaximum", `${field} must be less than ${rule.exclusiveMaximum}`);
    if (rule.multipleOf !== undefined && !Number.isInteger(value / rule.multipleOf)) return new RuleViolation(field, "multipleOf", `${field} must be a multiple of ${rule.multipleOf}`);
  }
  if (Array.isArray(value)) {
    if (rule.minItems !== undefined && value.length < rule.minItems) return new RuleViolation(field, "minItems", `${field} must have at least ${rule.minItems} item(s)`);
    if (rule.maxItems !== undefined && value.length > rule.maxItems) return new RuleViolation(field, "maxItems", `${field} must have at most ${rule.maxItems} item(s)`);
    if (rule.uniqueItems && repeats(value)) return new RuleViolation(field, "uniqueItems", `${field} must not repeat items`);
    for (const [i, item] of value.entries()) {
      const itemRule = rule.prefixItems && i < rule.prefixItems.length ? rule.prefixItems[i] : rule.items;
      const violation = firstViolation(itemRule, item, join(field, i), schemas, depth + 1);
      if (violation) return violation;
    }
  }
  if (actual === "object") {
    // Own enumerable keys, read in place (no key array on the passing path); undefined is absent.
    const object = value as Record<string, unknown>;
    if (rule.required !== undefined) {
      for (const name of rule.required) {
        if (!own(object, name) || object[name] === undefined) return new RuleViolation(join(field, name), "required", `${join(field, name)} is required`);
      }
    }
    if (rule.minProperties !== undefined || rule.maxProperties !== undefined) {
      let count = 0;
      for (const key in object) if (Object.hasOwn(object, key) && object[key] !== undefined) count++;
      if (rule.minProperties !== undefined && count < rule.minProperties) return new RuleViolation(field, "minProperties", `${field} must have at least ${rule.minProperties} field(s)`);
      if (rule.maxProperties !== undefined && count > rule.maxProperties) return new RuleViolation(field, "maxProperties", `${field} must have at most ${rule.maxProperties} field(s)`);
    }
    for (const key in object) {
      if (!Object.hasOwn(object, key) || object[key] === undefined) continue;
      const propertyRule = own(rule.properties, key) ? rule.properties[key] : rule.additionalProperties;
      if (propertyRule === undefined || propertyRule === true) continue;
      const name = join(field, key);
      if (propertyRule === false) return new RuleViolation(name, "additionalProperties", `${name} is not a field of ${field || "the body"}`);
      const violation = firstViolation(propertyRule, object[key], name, schemas, depth + 1);
      if (violation) return violation;
    }
  }
  if (rule.allOf !== undefined) {
    for (const part of rule.allOf) {
      const violation = firstViolation(part, value, field, schemas, depth + 1);
      if (violation) return violation;
    }
  }
  if (rule.anyOf) {
    // The first passing branch settles anyOf; each branch is checked once (nested anyOf would multiply).
    // The list of failed branches is made only once one fails (the first branch usually passes).
    let violations: RuleViolation[] | undefined;
    for (const part of rule.anyOf) {
      const violation = firstViolation(part, value, field, schemas, depth + 1);
      if (!violation) break;
      (violations ??= []).push(violation);
    }
    if ((violations?.length ?? 0) === rule.anyOf.length) return missingAlternative((violations ??= []), field) ?? deepest(violations);
  }
  if (rule.oneOf) {
    const violations = rule.oneOf.map((part) => firstViolation(part, value, field, schemas, depth + 1));
    const passing = violations.filter((v) => v === undefined).length;
    if (passing === 0) return deepest(violations as RuleViolation[]);
    if (passing > 1) return new RuleViolation(field, "oneOf", `${field} must match exactly one of its ${rule.oneOf.length} forms, and matches ${passing}`);
  }
  if (rule.not && firstViolation(rule.not, value, field, schemas, depth + 1) === undefined) return new RuleViolation(field, "not", `${field} has a form that is not allowed`);
  return undefined;
}

/**
 * Branches that each only miss one field of the same object ("one of these lists", notifications'
 * push targets) name no likelier form: the violation is the object's, naming every alternative.
 */
function missingAlternative(violations: RuleViolation[], field: string): RuleViolation | undefined {
  const prefix = field ? `${field}.` : "";
  const names = violations.map((v) => (v.keyword === "required" && v.field.startsWith(prefix) ? v.field.slice(prefix.length) : undefined));
  if (names.some((n) => n === undefined || n.includes(".") || n.includes("["))) return undefined;
  return new RuleViolation(field, "anyOf", `${field || "the body"} must have one of the fields ${names.join(", ")}`);
}

/** Of the failing branches, the one whose violation lies deepest is the likeliest intended form. */
function deepest(violations: RuleViolation[]): RuleViolation {
  return violations.reduce((best, v) => (v.field.length > best.field.length ? v : best));
}

export interface RequestParts {
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  header?: Record<string, unknown> | undefined;
  body?: unknown;
  /**
   * Values bound at creation that already passed this operation's rules (the client checks them
   * on an operation's first call): they count as given for `required` and are not checked again.
   * A value of the same name in `path` or `header` is the call's own, and is checked.
   */
  bound?: { path?: Record<string, unknown> | undefined; header?: Record<string, unknown> | undefined } | undefined;
}

const given = (values: Record<string, unknown> | undefined, name: string) => values !== undefined && own(values, name) && values[name] !== undefined;

function checkLocation(rules: OperationRules, schemas: ServiceRules["schemas"], location: "path" | "query" | "header", values: Record<string, unknown> | undefined, bound: Record<string, unknown> | undefined): void {
  const required = rules.required?.[location];
  if (required !== undefined) {
    for (const name of required) if (!given(values, name) && !given(bound, name)) throw new InputError(name, "required", `${name} (${location} parameter) is required`);
  }
  if (values === undefined) return;
  const located = rules[location];
  // Own enumerable keys in place, as Object.entries would list them, without its arrays.
  for (const name in values) {
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value === undefined) continue;
    const violation = firstViolation(own(located, name) ? located[name] : undefined, value, name, schemas);
    if (violation) throw new InputError(violation.field, violation.keyword, `${violation.message} (${location} parameter)`);
  }
}

/** Throws an InputError for the first documented rule the request breaks. */
export function checkRequest(rules: OperationRules | undefined, schemas: ServiceRules["schemas"], request: RequestParts): void {
  if (!rules) return;
  const { bound } = request;
  checkLocation(rules, schemas, "path", request.path, bound?.path);
  checkLocation(rules, schemas, "query", request.query, undefined);
  checkLocation(rules, schemas, "header", request.header, bound?.header);
  if (request.body === undefined) {
    if (rules.bodyRequired) throw new InputError("body", "required", "the request body is required");
    return;
  }
  const violation = firstViolation(rules.body, request.body, "body", schemas);
  if (violation) throw new InputError(violation.field, violation.keyword, violation.message);
}
