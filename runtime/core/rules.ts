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
import { InputError } from "./masked-error.js";

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
/**
 * Object.hasOwn's answer for a key of a for...in over the same object: V8 reduces this form to
 * a check of the object's key cache (about 8 ns a key on Node 22 and 26, against 23 for Object.hasOwn).
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

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

/**
 * A rule compiled to what it checks (compileRule): the first violation of `value`, or undefined.
 * The value's field is `parent` and `key` (none: the parent itself), joined only when a
 * violation names it or a nested value needs it as its parent: no string is built on the passing path.
 */
type Check = (value: unknown, parent: string, key: string | number | undefined, schemas: ServiceRules["schemas"], depth: number) => RuleViolation | undefined;

const fieldOf = (parent: string, key: string | number | undefined) => (key === undefined ? parent : join(parent, key));
/** A violation of the field at `parent` and `key`: its name, then what it breaks (written only on this path). */
const fail = (parent: string, key: string | number | undefined, keyword: string, text: string) => {
  const field = fieldOf(parent, key);
  return new RuleViolation(field, keyword, `${field} ${text}`);
};

const pass: Check = () => undefined;
const refuse: Check = (_, parent, key) => fail(parent, key, "false", `is not allowed`);
/** Each rule object's check, made on its first use: a rule table is read once, not keyword by keyword on every call. */
const compiled = new WeakMap<object, Check>();

/** The check of a rule (undefined and true pass, false refuses); `$ref`s are resolved against the schemas given at each check. */
function checkOf(rule: Rule | boolean | undefined): Check {
  if (rule === undefined || rule === true) return pass;
  if (rule === false) return refuse;
  let check = compiled.get(rule);
  if (!check) compiled.set(rule, (check = compileRule(rule)));
  return check;
}

/**
 * One rule as a closure over the keywords it has, each tested in the order JSON Schema's
 * vocabulary lists them here (the first violation wins, so the order is the checker's contract).
 * Sub-rules are compiled when first reached (a schema may refer to itself).
 */
function compileRule(rule: Rule): Check {
  const { $ref, type, pattern, minLength, maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = rule;
  const { minItems, maxItems, uniqueItems, items, prefixItems, properties, additionalProperties, minProperties, maxProperties } = rule;
  const { allOf, anyOf, oneOf, not } = rule;
  // The rule's lists, copied: a check reads nothing of the table after this.
  const allowed = rule.enum && [...rule.enum];
  const required = rule.required && [...rule.required];
  const anyCount = anyOf?.length ?? 0;
  const constant = rule.const;
  const hasConst = constant !== undefined;
  const types = typeof type === "string" || type === undefined ? undefined : [...type];
  const typeText = type === undefined ? "" : typeof type === "string" ? type : type.join(" or ");
  const measures = minLength !== undefined || maxLength !== undefined;
  const strings = measures || pattern !== undefined;
  const numbers = minimum !== undefined || maximum !== undefined || exclusiveMinimum !== undefined || exclusiveMaximum !== undefined || multipleOf !== undefined;
  const eachItem = items !== undefined || prefixItems !== undefined;
  const counts = minProperties !== undefined || maxProperties !== undefined;
  const eachProperty = properties !== undefined || additionalProperties !== undefined;
  // Sub-rules' checks, made on this rule's first use of them.
  let additional: Check | undefined;
  let itemCheck: Check | undefined;
  let prefixChecks: Check[] | undefined;
  let allChecks: Check[] | undefined;
  let anyChecks: Check[] | undefined;
  let oneChecks: Check[] | undefined;
  let notCheck: Check | undefined;
  /** The declared properties by name (one lookup a key), each check compiled on first use. */
  let declared: Map<string, { rule: Rule | boolean | undefined; check?: Check }> | undefined;
  const propertyCheck = (key: string): Check | undefined => {
    if (declared === undefined) {
      declared = new Map();
      // Own keys, as own() reads them (a table may give a property the boolean schemas too).
      if (properties !== undefined) for (const name of Object.getOwnPropertyNames(properties)) declared.set(name, { rule: properties[name] as Rule | boolean | undefined });
    }
    const entry = declared.get(key);
    if (entry === undefined) return additionalProperties === undefined || additionalProperties === true ? undefined : (additional ??= checkOf(additionalProperties));
    if (entry.rule === undefined || entry.rule === true) return undefined;
    return (entry.check ??= checkOf(entry.rule));
  };
  let expression: RegExp | undefined;
  // The schema `$ref` names in the last table it was resolved in, and its check.
  let refTable: ServiceRules["schemas"] | undefined;
  let refRule: Rule | undefined;
  let refCheck: Check = pass;
  return (value, parent, key, schemas, depth) => {
    if (depth > 64) return fail(parent, key, "depth", `is nested too deeply`);
    if ($ref !== undefined) {
      const target = own(schemas, $ref) ? schemas[$ref] : undefined;
      if (schemas !== refTable || target !== refRule) {
        refTable = schemas;
        refRule = target;
        refCheck = checkOf(target);
      }
      const violation = refCheck(value, parent, key, schemas, depth + 1);
      if (violation) return violation;
    }
    const actual = typeOf(value);
    if (type !== undefined) {
      // One type (the usual case) is compared without an array.
      const matches = types === undefined ? typeMatches(type as string, actual) : types.some((t) => typeMatches(t, actual));
      if (!matches) return fail(parent, key, "type", `must be of type ${typeText}`);
    }
    if (hasConst && !equal(constant, value)) return fail(parent, key, "const", `must be ${JSON.stringify(constant)}`);
    if (allowed !== undefined && !allowed.some((e) => equal(e, value))) {
      return fail(parent, key, "enum", `must be one of ${allowed.map((e) => JSON.stringify(e)).join(", ")}`);
    }
    if (strings && typeof value === "string") {
      const length = measures ? codePoints(value) : 0;
      if (minLength !== undefined && length < minLength) return fail(parent, key, "minLength", `must have at least ${minLength} character(s)`);
      if (maxLength !== undefined && length > maxLength) return fail(parent, key, "maxLength", `must have at most ${maxLength} character(s)`);
      if (pattern !== undefined && !(expression ??= regex(pattern)).test(value)) return fail(parent, key, "pattern", `must match the pattern ${pattern}`);
    }
    if (numbers && typeof value === "number") {
      if (minimum !== undefined && value < minimum) return fail(parent, key, "minimum", `must be at least ${minimum}`);
      if (maximum !== undefined && value > maximum) return fail(parent, key, "maximum", `must be at most ${maximum}`);
      if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return fail(parent, key, "exclusiveMinimum", `must be greater than ${exclusiveMinimum}`);
      if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) return fail(parent, key, "exclusiveMaximum", `must be less than ${exclusiveMaximum}`);
      if (multipleOf !== undefined && !Number.isInteger(value / multipleOf)) return fail(parent, key, "multipleOf", `must be a multiple of ${multipleOf}`);
    }
    if (actual === "array") {
      const list = value as unknown[];
      if (minItems !== undefined && list.length < minItems) return fail(parent, key, "minItems", `must have at least ${minItems} item(s)`);
      if (maxItems !== undefined && list.length > maxItems) return fail(parent, key, "maxItems", `must have at most ${maxItems} item(s)`);
      if (uniqueItems && repeats(list)) return fail(parent, key, "uniqueItems", `must not repeat items`);
      if (eachItem && list.length > 0) {
        const field = fieldOf(parent, key);
        const prefix = prefixItems === undefined ? undefined : (prefixChecks ??= prefixItems.map(checkOf));
        for (let i = 0; i < list.length; i++) {
          const check = prefix !== undefined && i < prefix.length ? prefix[i]! : (itemCheck ??= checkOf(items));
          const violation = check(list[i], field, i, schemas, depth + 1);
          if (violation) return violation;
        }
      }
    }
    if (actual === "object") {
      // Own enumerable keys, read in place (no key array on the passing path); undefined is absent.
      const object = value as Record<string, unknown>;
      if (required !== undefined) {
        for (const name of required) {
          if (!own(object, name) || object[name] === undefined) {
            const missing = join(fieldOf(parent, key), name);
            return new RuleViolation(missing, "required", `${missing} is required`);
          }
        }
      }
      if (counts) {
        let count = 0;
        for (const name in object) if (hasOwnProperty.call(object, name) && object[name] !== undefined) count++;
        if (minProperties !== undefined && count < minProperties) return fail(parent, key, "minProperties", `must have at least ${minProperties} field(s)`);
        if (maxProperties !== undefined && count > maxProperties) return fail(parent, key, "maxProperties", `must have at most ${maxProperties} field(s)`);
      }
      if (eachProperty) {
        let field: string | undefined;
        for (const name in object) {
          if (!hasOwnProperty.call(object, name) || object[name] === undefined) continue;
          const check = propertyCheck(name);
          if (check === undefined) continue;
          field ??= fieldOf(parent, key);
          if (check === refuse) {
            const extra = join(field, name);
            return new RuleViolation(extra, "additionalProperties", `${extra} is not a field of ${field || "the body"}`);
          }
          const violation = check(object[name], field, name, schemas, depth + 1);
          if (violation) return violation;
        }
      }
    }
    if (allOf !== undefined) {
      for (const check of (allChecks ??= allOf.map(checkOf))) {
        const violation = check(value, parent, key, schemas, depth + 1);
        if (violation) return violation;
      }
    }
    if (anyOf) {
      // The first passing branch settles anyOf; each branch is checked once (nested anyOf would multiply).
      // The list of failed branches is made only once one fails (the first branch usually passes).
      let violations: RuleViolation[] | undefined;
      for (const check of (anyChecks ??= anyOf.map(checkOf))) {
        const violation = check(value, parent, key, schemas, depth + 1);
        if (!violation) break;
        (violations ??= []).push(violation);
      }
      if ((violations?.length ?? 0) === anyCount) return missingAlternative((violations ??= []), fieldOf(parent, key)) ?? deepest(violations);
    }
    if (oneOf) {
      const violations = (oneChecks ??= oneOf.map(checkOf)).map((check) => check(value, parent, key, schemas, depth + 1));
      const passing = violations.filter((v) => v === undefined).length;
      if (passing === 0) return deepest(violations as RuleViolation[]);
      if (passing > 1) return fail(parent, key, "oneOf", `must match exactly one of its ${oneOf.length} forms, and matches ${passing}`);
    }
    if (not && (notCheck ??= checkOf(not))(value, parent, key, schemas, depth + 1) === undefined) return fail(parent, key, "not", `has a form that is not allowed`);
    return undefined;
  };
}

/** The first rule the value breaks, or undefined. Composition keywords report the branch that came closest. */
export function firstViolation(rule: Rule | boolean | undefined, value: unknown, field: string, schemas: ServiceRules["schemas"], depth = 0): RuleViolation | undefined {
  return checkOf(rule)(value, field, undefined, schemas, depth);
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
    if (!hasOwnProperty.call(values, name)) continue;
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
