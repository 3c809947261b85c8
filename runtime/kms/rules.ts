/**
 * The rules of openapi/kms-v2.yaml that the generated types cannot carry (patterns, lengths,
 * ranges, counts), checked before a request leaves so that bad input fails as an InputError
 * naming the field and the rule instead of as a 400 from the service.
 */
import { InputError } from "../core/errors.js";
import { FilterSyntaxError, parseFilter, type FilterTerm } from "./filter.js";

export const KEY_MEDIA_TYPE = "application/vnd.svc.kms.key+json";

// Mirror the document; test/kms/rules.test.ts checks they stay equal to it.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const KEY_RING_PATTERN = /^[a-zA-Z0-9-]*$/;
export const SORT_PATTERN =
  /^-?(?:id|state|extractable|imported|creationDate|lastUpdateDate|lastRotateDate|deletionDate|expirationDate)(?:,-?(?:id|state|extractable|imported|creationDate|lastUpdateDate|lastRotateDate|deletionDate|expirationDate))*$/;
export const FILTER_PATTERN =
  /^(?!(?:.* )?([A-Za-z]+)=(?:.* \1=){3}) *(?:(?:(?:creationDate|deletionDate|expirationDate|lastRotateDate|lastUpdateDate)=(?:(?:lte:|lt:|gte:|gt:)?"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})"|[Nn][Oo][Nn][Ee])|extractable=(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Nn][Oo][Nn][Ee])|state=(?:[01235](?:,[01235])*|[Nn][Oo][Nn][Ee]))(?: +|$))*$/u;
export const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const KEY_STATES = [0, 1, 2, 3, 5] as const;
export type KeyStateValue = (typeof KEY_STATES)[number];
export const LIMIT = { min: 1, max: 5000 } as const;
export const MAX_STATES = 5;
export const MAX_SEARCH = 256;
export const MAX_FILTER = 512;
export const KEY_RING_LENGTH = { min: 2, max: 100 } as const;

export function checkUuid(field: string, value: unknown): string {
  if (typeof value !== "string") throw new InputError(field, "type", `${field} must be a string`);
  if (value.length !== 36) throw new InputError(field, "length", `${field} must be 36 characters`);
  if (!UUID_PATTERN.test(value)) throw new InputError(field, "pattern", `${field} must be a lower-case UUID`);
  return value;
}

export function checkKeyRing(value: unknown): string {
  const field = "X-Kms-Key-Ring";
  if (typeof value !== "string") throw new InputError(field, "type", "the key ring id must be a string");
  if (value.length < KEY_RING_LENGTH.min) throw new InputError(field, "minLength", "the key ring id has at least 2 characters");
  if (value.length > KEY_RING_LENGTH.max) throw new InputError(field, "maxLength", "the key ring id has at most 100 characters");
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
