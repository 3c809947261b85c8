/**
 * fast-check arbitraries for the checker's differential test: values built from a request rule
 * (runtime/core/rules.ts's table), valid by construction as far as a generator can tell, and
 * near-valid variants of them: a field dropped, a leaf swapped for an odd value, a key named
 * after an Object.prototype member, astral characters, a repeated item.
 */
import fc from "fast-check";
import type { Rule } from "../../runtime/core/rules.js";

type Schemas = Readonly<Record<string, Rule>>;
type Arb = fc.Arbitrary<unknown>;

export const INHERITED_NAMES = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];
/** Astral (outside the BMP) and combining characters: one code point, two UTF-16 units. */
const ASTRAL = ["\u{1F511}", "\u{1D7D8}", "\u{20BB7}", "e\u0301", "\u{1F468}\u200D\u{1F469}"];

const ODD: unknown[] = [null, true, 0, -0, 1.5, -1, 2 ** 53, "", "x", "\u{1F511}".repeat(3), [], {}, [null], { toString: 1 }, "toString", "\u0000"];

const astralString = (min = 0, max = 8) => fc.array(fc.oneof(fc.constantFrom(...ASTRAL), fc.string({ maxLength: 2 })), { minLength: min, maxLength: max }).map((parts) => parts.join(""));

/** An object with an own key of any name, `__proto__` included (as JSON.parse makes it). */
function withOwn(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function anyJson(depth: number): Arb {
  if (depth > 2) return fc.constantFrom(...ODD.filter((v) => typeof v !== "object" || v === null));
  return fc.oneof(fc.constantFrom(...ODD), fc.integer(), astralString(), fc.array(anyJson(depth + 1), { maxLength: 2 }));
}

function stringArb(rule: Rule): Arb {
  const min = rule.minLength ?? 0;
  const max = Math.min(rule.maxLength ?? min + 8, min + 40);
  const length = (s: string) => [...s].length;
  if (rule.pattern !== undefined) {
    let regex: RegExp;
    try {
      regex = new RegExp(rule.pattern, "u");
    } catch {
      regex = new RegExp(rule.pattern);
    }
    try {
      // Near the bounds, not filtered to them: filtering a pattern's strings to a length can starve the generator.
      return fc.stringMatching(regex, { size: "small" });
    } catch {
      // fast-check cannot generate from some expressions (lookahead): any string, near-valid by chance.
    }
  }
  return fc.oneof(fc.string({ minLength: min, maxLength: max }), astralString(min, max)).filter((s) => length(s) >= min && length(s) <= max);
}

function numberArb(rule: Rule, integer: boolean): Arb {
  const low = rule.minimum ?? (rule.exclusiveMinimum !== undefined ? rule.exclusiveMinimum + 1 : -1000);
  const high = rule.maximum ?? (rule.exclusiveMaximum !== undefined ? rule.exclusiveMaximum - 1 : low + 2000);
  const ints = fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  const base = integer ? ints : fc.oneof(ints, fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }));
  return rule.multipleOf === undefined ? base : ints.map((n) => n * rule.multipleOf!);
}

/** A value the rule should accept (generators cannot promise it for every combination; the verdicts are compared either way). */
export function valid(rule: Rule | boolean | undefined, schemas: Schemas, depth = 0): Arb {
  if (rule === undefined || rule === true) return anyJson(depth);
  if (rule === false || depth > 16) return fc.constant(null);
  if (rule.const !== undefined) return fc.constant(rule.const);
  if (rule.enum !== undefined) return fc.constantFrom(...rule.enum);
  const branches = rule.oneOf ?? rule.anyOf;
  if (branches) return fc.oneof(...branches.map((b) => valid({ ...rule, oneOf: undefined, anyOf: undefined, ...b }, schemas, depth + 1)));
  if (rule.$ref !== undefined) {
    const { $ref, ...rest } = rule;
    return valid({ ...schemas[$ref], ...rest }, schemas, depth + 1);
  }
  if (rule.allOf) {
    const parts = [{ ...rule, allOf: undefined }, ...rule.allOf].map((p) => valid(p, schemas, depth + 1));
    return fc.tuple(...parts).map((values) => (values.every((v) => v !== null && typeof v === "object" && !Array.isArray(v)) ? Object.assign({}, ...values) : values[values.length - 1]));
  }
  const type = typeof rule.type === "string" ? rule.type : (rule.type?.[0] ?? (rule.properties || rule.required ? "object" : rule.items || rule.prefixItems ? "array" : undefined));
  switch (type) {
    case "string":
      return stringArb(rule);
    case "integer":
    case "number":
      return numberArb(rule, type === "integer");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = rule.minItems ?? 0;
      const max = Math.min(rule.maxItems ?? min + 3, min + 3);
      const item = valid(rule.items, schemas, depth + 1);
      const prefix = (rule.prefixItems ?? []).map((p) => valid(p, schemas, depth + 1));
      const rest = rule.uniqueItems ? fc.uniqueArray(item, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength: min, maxLength: max });
      return fc.tuple(fc.tuple(...prefix), rest).map(([head, tail]) => [...head, ...tail]);
    }
    case "object": {
      const properties = Object.entries(rule.properties ?? {});
      const required = new Set(rule.required ?? []);
      const record: Record<string, Arb> = {};
      for (const [name, p] of properties) record[name] = valid(p, schemas, depth + 1);
      for (const name of required) record[name] ??= anyJson(depth + 1);
      const requiredKeys = [...required];
      return fc.record(record, { requiredKeys }).map((value) => {
        let out = value as Record<string, unknown>;
        // fc.record defines `__proto__` by assignment; make every key an own data property.
        for (const key of Object.keys(record)) if (Object.hasOwn(value, key)) out = withOwn(out, key, (value as any)[key]);
        return out;
      });
    }
    default:
      return anyJson(depth);
  }
}

type Path = (string | number)[];

function leaves(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leaves(v, [...prefix, k]))];
}

function change(root: unknown, path: Path, edit: (parent: any, key: string | number) => void): unknown {
  if (path.length === 0) return root;
  const copy = JSON.parse(JSON.stringify(root ?? null));
  const parent = path.slice(0, -1).reduce((node: any, key) => node?.[key], copy);
  if (parent !== null && typeof parent === "object") edit(parent, path.at(-1)!);
  return copy;
}

/** `value` with `name` added as an own key to each of its objects in turn (one variant per object). */
export function withInheritedName(value: unknown, name: string, added: unknown = "x"): unknown[] {
  return leaves(value).flatMap((path) => {
    const target = path.reduce((node: any, key) => node?.[key], value);
    if (target === null || typeof target !== "object" || Array.isArray(target)) return [];
    const widened = withOwn(target as Record<string, unknown>, name, added);
    return [path.length === 0 ? widened : change(value, path, (parent, key) => (parent[key] = widened))];
  });
}

/** One small step away from `value`: what a caller's typo or an attacker would send. */
export function nearValid(value: unknown): Arb {
  const paths = leaves(value);
  return fc.oneof(
    fc.constantFrom(...ODD),
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...ODD)).map(([path, odd]) => (path.length === 0 ? odd : change(value, path, (parent, key) => (parent[key] = odd)))),
    fc.constantFrom(...paths).map((path) => change(value, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key]))),
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...INHERITED_NAMES), fc.constantFrom(...ODD)).map(([path, name, odd]) => {
      const target = path.length === 0 ? value : path.reduce((node: any, key) => node?.[key], value);
      if (target === null || typeof target !== "object" || Array.isArray(target)) return value;
      const added = withOwn(target as Record<string, unknown>, name, odd);
      return path.length === 0 ? added : change(value, path, (parent, key) => (parent[key] = added));
    }),
    fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...ASTRAL)).map(([path, astral]) => {
      const leaf = path.reduce((node: any, key) => node?.[key], value);
      if (typeof leaf !== "string") return value;
      const edited = leaf.length > 0 ? `${astral}${leaf.slice([...leaf][0]!.length)}` : astral;
      return path.length === 0 ? edited : change(value, path, (parent, key) => (parent[key] = edited));
    }),
    fc.constantFrom(...paths).map((path) => {
      const array = path.reduce((node: any, key) => node?.[key], value);
      if (!Array.isArray(array) || array.length === 0) return value;
      const doubled = [...array, array[0]];
      return path.length === 0 ? doubled : change(value, path, (parent, key) => (parent[key] = doubled));
    }),
  );
}
