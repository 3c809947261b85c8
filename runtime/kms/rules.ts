/**
 * What the KMS helper reads from openapi/kms-v2.yaml's generated rules: the key media type, the
 * page size range, and the filter grammar's one cross-parameter rule. Every documented rule is
 * checked by the one checker (runtime/core/rules.ts); nothing is copied here. The helper loads
 * this module on creation (a dynamic import in ./client.ts), so the rule tables and the filter
 * parser stay off a browser app's first load.
 */
import { InputError } from "../core/errors.js";
import { firstViolation, type Rule } from "../core/rules.js";
import { rules } from "../../generated/kms-v2/rules.js";
import type { components } from "../../generated/kms-v2/types.js";
import { FilterSyntaxError, parseFilter, type FilterTerm } from "./filter.js";

// Read from the rules generated from the document (generated/kms-v2/rules.ts), never copied.
const list = rules.operations["GET /api/v2/keys"]!;
const pattern = (rule: Rule | undefined, flags = ""): RegExp => new RegExp(rule!.pattern!, flags);

/** The `type` every key resource carries (the document's const of KeyCreate.type), also the key media type. */
export const KEY_MEDIA_TYPE = rules.schemas.KeyCreate!.properties!.type!.const as NonNullable<components["schemas"]["KeyCreate"]["type"]>;

export const FILTER_PATTERN = pattern(list.query!.filter, "u");

export type KeyStateValue = components["schemas"]["KeyState"];
export const LIMIT = { min: list.query!.limit!.minimum!, max: list.query!.limit!.maximum! } as const;

/** One parameter of list keys, checked by the document's rule with the checker every call uses (runtime/core/rules.ts). */
export function checkParameter<T>(location: "query" | "header", name: string, value: T): T {
  const violation = firstViolation(list[location]?.[name], value, name, rules.schemas);
  if (violation) throw new InputError(violation.field, violation.keyword, `${violation.message} (${location} parameter)`);
  return value;
}

/**
 * Reads the filter with the grammar's parser (runtime/kms/filter.ts, shared with the emulator),
 * then applies the rule that `filter` and the deprecated parameter may not both constrain the
 * same property (the service answers 400).
 */
export function checkFilterConflict(filter: string, state: unknown, extractable: unknown): void {
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
