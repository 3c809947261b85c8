/**
 * The `filter` grammar of list keys and key total (interface document 3, §4A), as a parser:
 *
 *   filter   = *SP [ term *( 1*SP term ) ] *SP
 *   term     = date-prop "=" ( [ op ] DQUOTE date-time DQUOTE / none )
 *            / "extractable=" ( true / false / none )          ; case-insensitive values
 *            / "state=" ( state *( "," state ) / none )
 *   date-prop = creationDate / deletionDate / expirationDate / lastRotateDate / lastUpdateDate
 *   op       = "lte:" / "lt:" / "gte:" / "gt:"
 *   state    = "0" / "1" / "2" / "3" / "5"
 *   none     = "none"                                           ; case-insensitive
 *
 * At most three terms name the same property; all terms must hold (AND). Shared by the client
 * checks (runtime/kms/rules.ts) and the emulator, so both read a filter the same way.
 */

import { CloudInterfacesError } from "../core/base-error.js";
import { rules } from "../../generated/kms-v2/rules.js";
import { parseDateTime } from "../core/date-time.js";

export const DATE_PROPERTIES = ["creationDate", "deletionDate", "expirationDate", "lastRotateDate", "lastUpdateDate"] as const;
export type DateProperty = (typeof DATE_PROPERTIES)[number];
export type FilterProperty = DateProperty | "extractable" | "state";
export type DateOperator = "eq" | "lte" | "lt" | "gte" | "gt";

export type FilterTerm =
  | { property: FilterProperty; none: true }
  | { property: DateProperty; none: false; operator: DateOperator; value: string; time: number }
  | { property: "extractable"; none: false; value: boolean }
  | { property: "state"; none: false; value: number[] };

export const MAX_TERMS_PER_PROPERTY = 3;
/** The document's `KeyState` enum. */
const STATES = rules.schemas.KeyState!.enum as readonly number[];

/** A filter that breaks the grammar: `position` is the 0-based character where the problem starts. */
export class FilterSyntaxError extends CloudInterfacesError {
  override readonly name = "FilterSyntaxError";
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`filter: ${message} (at character ${position + 1})`);
  }
}

const isNone = (s: string) => s.toLowerCase() === "none";

function parseDate(text: string, at: number): number {
  const time = parseDateTime(text);
  if (time === undefined) throw new FilterSyntaxError(`"${text}" is not an RFC 3339 date-time`, at);
  return time;
}

function parseTerm(word: string, at: number): FilterTerm {
  const eq = word.indexOf("=");
  if (eq <= 0) throw new FilterSyntaxError(`"${word}" is not a property=value term`, at);
  const property = word.slice(0, eq);
  const value = word.slice(eq + 1);
  const valueAt = at + eq + 1;
  if (value === "") throw new FilterSyntaxError(`${property} has no value`, valueAt);
  if ((DATE_PROPERTIES as readonly string[]).includes(property)) {
    if (isNone(value)) return { property: property as DateProperty, none: true };
    const op = /^(lte|lt|gte|gt):/.exec(value);
    const rest = op ? value.slice(op[0].length) : value;
    const restAt = valueAt + (op ? op[0].length : 0);
    if (!(rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"'))) {
      throw new FilterSyntaxError(`the date of ${property} must be in double quotes, after an optional lte:, lt:, gte: or gt:`, restAt);
    }
    const text = rest.slice(1, -1);
    return { property: property as DateProperty, none: false, operator: (op?.[1] ?? "eq") as DateOperator, value: text, time: parseDate(text, restAt + 1) };
  }
  if (property === "extractable") {
    if (isNone(value)) return { property, none: true };
    const lower = value.toLowerCase();
    if (lower !== "true" && lower !== "false") throw new FilterSyntaxError("extractable takes true, false or none", valueAt);
    return { property, none: false, value: lower === "true" };
  }
  if (property === "state") {
    if (isNone(value)) return { property, none: true };
    const states = value.split(",").map((s, i) => {
      if (!/^\d$/.test(s) || !STATES.includes(Number(s))) throw new FilterSyntaxError(`state values are ${STATES.join(", ")}, comma-separated without spaces`, valueAt + i);
      return Number(s);
    });
    return { property, none: false, value: states };
  }
  throw new FilterSyntaxError(`unknown property "${property}"; one of ${[...DATE_PROPERTIES, "extractable", "state"].join(", ")}`, at);
}

/**
 * Splits on spaces outside double quotes (a quoted date may hold a space: "2026-01-01 00:00:00Z").
 */
function words(filter: string): Array<{ word: string; at: number }> {
  const out: Array<{ word: string; at: number }> = [];
  let i = 0;
  while (i < filter.length) {
    if (filter[i] === " ") {
      i++;
      continue;
    }
    const start = i;
    let quoted = false;
    while (i < filter.length && (quoted || filter[i] !== " ")) {
      if (filter[i] === '"') quoted = !quoted;
      i++;
    }
    if (quoted) throw new FilterSyntaxError("unclosed double quote", start);
    out.push({ word: filter.slice(start, i), at: start });
  }
  return out;
}

export function parseFilter(filter: string): FilterTerm[] {
  const terms = words(filter).map(({ word, at }) => parseTerm(word, at));
  const counts = new Map<string, number>();
  for (const t of terms) {
    const n = (counts.get(t.property) ?? 0) + 1;
    counts.set(t.property, n);
    if (n > MAX_TERMS_PER_PROPERTY) throw new FilterSyntaxError(`at most ${MAX_TERMS_PER_PROPERTY} terms may name ${t.property}`, 0);
  }
  return terms;
}

/** The fields a filter reads; a key is any object carrying them. */
export type Filterable = Partial<Record<DateProperty, string>> & { extractable?: boolean; state?: number };

function holds(term: FilterTerm, key: Filterable): boolean {
  const actual = key[term.property];
  if (term.none) return actual === undefined;
  if (actual === undefined) return false;
  if (term.property === "extractable") return actual === term.value;
  if (term.property === "state") return term.value.includes(actual as number);
  const t = Date.parse(actual as string);
  switch (term.operator) {
    case "lte":
      return t <= term.time;
    case "lt":
      return t < term.time;
    case "gte":
      return t >= term.time;
    case "gt":
      return t > term.time;
    default:
      return t === term.time;
  }
}

/** True when every term holds for the key. */
export function matchesFilter(terms: readonly FilterTerm[], key: Filterable): boolean {
  return terms.every((term) => holds(term, key));
}
