/**
 * The rules of openapi/kms-v2.yaml that the KMS helper checks with its own field names
 * (patterns, lengths, ranges, counts), read from the generated rules, checked before a request leaves so that bad input fails as an InputError
 * naming the field and the rule instead of as a 400 from the service.
 */
import { InputError } from "../core/errors.js";
import type { Rule } from "../core/rules.js";
import { rules } from "../../generated/kms-v2/rules.js";
import type { components } from "../../generated/kms-v2/types.js";
import { FilterSyntaxError, parseFilter, type FilterTerm } from "./filter.js";

// Read from the rules generated from the document (generated/kms-v2/rules.ts), never copied.
const list = rules.operations["GET /api/v2/keys"]!;
const create = rules.operations["POST /api/v2/keys"]!;
const pattern = (rule: Rule | undefined, flags = ""): RegExp => new RegExp(rule!.pattern!, flags);

/** The `type` every key resource carries (the document's const of KeyCreate.type), also the key media type. */
export const KEY_MEDIA_TYPE = rules.schemas.KeyCreate!.properties!.type!.const as components["schemas"]["KeyCreate"]["type"];

export const UUID_PATTERN = pattern(list.header!["svc-instance"]);
export const KEY_RING_PATTERN = pattern(list.header!["X-Kms-Key-Ring"]);
export const SORT_PATTERN = pattern(list.query!.sort);
export const FILTER_PATTERN = pattern(list.query!.filter, "u");
export const BASE64_PATTERN = pattern(rules.schemas.KeyCreate!.properties!.payload);

/** The key states the document's `KeyState` enum lists (NIST SP 800-57 phases). */
export const KEY_STATES = rules.schemas.KeyState!.enum as readonly KeyStateValue[];
export type KeyStateValue = components["schemas"]["KeyState"];
export const LIMIT = { min: list.query!.limit!.minimum!, max: list.query!.limit!.maximum! } as const;
export const MAX_STATES = list.query!.state!.maxItems!;
export const MAX_SEARCH = list.query!.search!.maxLength!;
export const MAX_FILTER = list.query!.filter!.maxLength!;
export const KEY_RING_LENGTH = { min: create.header!["X-Kms-Key-Ring"]!.minLength!, max: create.header!["X-Kms-Key-Ring"]!.maxLength! } as const;

export function checkUuid(field: string, value: unknown): string {
  if (typeof value !== "string") throw new InputError(field, "type", `${field} must be a string`);
  if (value.length !== 36) throw new InputError(field, "length", `${field} must be 36 characters`);
  if (!UUID_PATTERN.test(value)) throw new InputError(field, "pattern", `${field} must be a lower-case UUID`);
  return value;
}

export function checkKeyRing(value: unknown): string {
  const field = "X-Kms-Key-Ring";
  if (typeof value !== "string") throw new InputError(field, "type", "the key ring id must be a string");
  if (value.length < KEY_RING_LENGTH.min) throw new InputError(field, "minLength", `the key ring id has at least ${KEY_RING_LENGTH.min} characters`);
  if (value.length > KEY_RING_LENGTH.max) throw new InputError(field, "maxLength", `the key ring id has at most ${KEY_RING_LENGTH.max} characters`);
  if (!KEY_RING_PATTERN.test(value)) throw new InputError(field, "pattern", "the key ring id allows only letters, digits and '-'");
  return value;
}

export function checkInteger(field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new InputError(field, "integer", `${field} must be an integer`);
  if (value < min) throw new InputError(field, "minimum", `${field} must be at least ${min}`);
  if (value > max) throw new InputError(field, "maximum", `${field} must be at most ${max}`);
  return value;
}

export function checkStates(value: unknown): KeyStateValue[] {
  if (!Array.isArray(value)) throw new InputError("state", "type", "state must be an array of key states");
  if (value.length > MAX_STATES) throw new InputError("state", "maxItems", `state takes at most ${MAX_STATES} values`);
  for (const s of value) {
    if (!KEY_STATES.includes(s)) throw new InputError("state", "enum", `state values are ${KEY_STATES.join(", ")}`);
  }
  return value as KeyStateValue[];
}

export function checkText(field: string, value: unknown, maxLength: number, pattern?: RegExp): string {
  if (typeof value !== "string") throw new InputError(field, "type", `${field} must be a string`);
  if (value.length > maxLength) throw new InputError(field, "maxLength", `${field} has at most ${maxLength} characters`);
  if (pattern && !pattern.test(value)) throw new InputError(field, "pattern", `${field} does not follow its grammar`);
  return value;
}

export function checkBoolean(field: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw new InputError(field, "type", `${field} must be a boolean`);
  return value;
}

/**
 * Reads the filter with the grammar's parser (runtime/kms/filter.ts, shared with the emulator),
 * then applies the rule that `filter` and the deprecated parameter may not both constrain the
 * same property (the service answers 400).
 */
export function checkFilterConflict(filter: string | undefined, state: unknown, extractable: unknown): void {
  if (filter === undefined) return;
  let terms: FilterTerm[];
  try {
    terms = parseFilter(filter);
  } catch (error) {
    if (error instanceof FilterSyntaxError) throw new InputError("filter", "grammar", error.message);
    throw error;
  }
  for (const [name, given] of [["state", state], ["extractable", extractable]] as const) {
    if (given !== undefined && terms.some((t) => t.property === name)) {
      throw new InputError("filter", "filterConflict", `${name} cannot be in filter and a separate parameter at once`);
    }
  }
}
