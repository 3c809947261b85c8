/**
 * The `search` grammar of list keys (interface document 3, §4A), as a parser:
 *
 *   search  = *prefix text
 *   prefix  = "not:" / "exact:" / "alias:" / "name:" / "escape:"   ; escape: ends the prefixes
 *   text    = *CHAR                                                 ; matched as plain text
 *
 * Options: `not:` inverts, `exact:` matches whole values only, `escape:` takes the rest as
 * plain text. Scopes: `alias:` and `name:` combine with OR; the default scope is both, and
 * there a full key id also matches by id. A prefix seen a second time is plain text from there
 * on (see runtime/emulator/ASSUMPTIONS.md). Shared by the client checks and the emulator.
 */

import { CloudInterfacesError } from "../core/base-error.js";
import { rules } from "../../generated/kms-v2/rules.js";

export type SearchScope = "alias" | "name";

export interface ParsedSearch {
  /** The text to look for, after the prefixes. */
  text: string;
  not: boolean;
  exact: boolean;
  escaped: boolean;
  /** Scopes named by prefixes; empty means the default (name and alias, plus id). */
  scopes: SearchScope[];
}

/** The document's `maxLength` of `search`. */
export const MAX_SEARCH_LENGTH: number = rules.operations["GET /api/v2/keys"]!.query!.search!.maxLength!;
export const SEARCH_PREFIXES = ["not:", "exact:", "alias:", "name:", "escape:"] as const;
const KEY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SearchSyntaxError extends CloudInterfacesError {
  override readonly name = "SearchSyntaxError";
}

export function parseSearch(search: string): ParsedSearch {
  // Code points, as JSON Schema counts maxLength (and the client checker with it).
  if ([...search].length > MAX_SEARCH_LENGTH) throw new SearchSyntaxError(`search: at most ${MAX_SEARCH_LENGTH} characters`);
  const out: ParsedSearch = { text: "", not: false, exact: false, escaped: false, scopes: [] };
  const seen = new Set<string>();
  let rest = search;
  for (;;) {
    const prefix = SEARCH_PREFIXES.find((p) => rest.startsWith(p));
    if (!prefix || seen.has(prefix)) break;
    seen.add(prefix);
    rest = rest.slice(prefix.length);
    if (prefix === "escape:") {
      out.escaped = true;
      break;
    }
    if (prefix === "not:") out.not = true;
    else if (prefix === "exact:") out.exact = true;
    else out.scopes.push(prefix === "alias:" ? "alias" : "name");
  }
  out.text = rest;
  return out;
}

/** The fields a search reads. */
export interface Searchable {
  id: string;
  name?: string;
  aliases?: string[];
}

/** A full key id in the default scope: the search that also matches by id. */
export function isKeyIdSearch(search: ParsedSearch): boolean {
  return search.scopes.length === 0 && KEY_ID.test(search.text);
}

/**
 * The search names one key directly (a key id, or an alias scope): the service can look that
 * key up alone, returns it first, and can answer with it when the space is too large to search.
 */
export function isLookupSearch(search: ParsedSearch): boolean {
  return !search.not && (isKeyIdSearch(search) || search.scopes.includes("alias"));
}

/** The key a lookup search names, if this key is it (exact id or exact alias). */
export function isLookedUpKey(search: ParsedSearch, key: Searchable): boolean {
  if (!isLookupSearch(search)) return false;
  if (isKeyIdSearch(search)) return key.id.toLowerCase() === search.text.toLowerCase();
  return (key.aliases ?? []).includes(search.text);
}

function textMatches(search: ParsedSearch, value: string): boolean {
  // exact: the whole value, as written; otherwise a case-insensitive substring.
  return search.exact ? value === search.text : value.toLowerCase().includes(search.text.toLowerCase());
}

export function matchesSearch(search: ParsedSearch, key: Searchable): boolean {
  if (search.text === "" && !search.exact) return !search.not;
  const scopes = search.scopes.length ? search.scopes : (["name", "alias"] as const);
  let hit = false;
  if (scopes.includes("name") && key.name !== undefined) hit = textMatches(search, key.name);
  if (!hit && scopes.includes("alias")) hit = (key.aliases ?? []).some((a) => textMatches(search, a));
  if (!hit && isKeyIdSearch(search)) hit = key.id.toLowerCase() === search.text.toLowerCase();
  return search.not ? !hit : hit;
}
