/**
 * What `cloud-interfaces/kms-v2` exports from modules the clients load on demand: the filter and
 * search grammars and the key states (the rules chunk createKmsClient loads on creation,
 * runtime/kms/rules.ts) and `retryAfterMs` (the retry loop, loaded on the first retry). Bindings
 * of their own, not `export … from`: with code splitting, esbuild puts a module on the first load
 * whenever the entry's barrel re-exports it and a lazily loaded chunk uses it, even when the app
 * imports nothing of it. An unused binding here keeps those modules where they belong.
 */
import { rules } from "../../generated/kms-v2/rules.js";
import * as retryLoop from "../core/retry-loop.js";
import * as filter from "./filter.js";
import * as search from "./search.js";
import type { KeyStateValue } from "./rules.js";

/** The key states the document's `KeyState` enum lists (NIST SP 800-57 phases). */
export const KEY_STATES = rules.schemas.KeyState!.enum as readonly KeyStateValue[];
export const parseFilter = filter.parseFilter;
export const matchesFilter = filter.matchesFilter;
export const FilterSyntaxError = filter.FilterSyntaxError;
export type FilterSyntaxError = filter.FilterSyntaxError;
export const parseSearch = search.parseSearch;
export const matchesSearch = search.matchesSearch;
/** The wait a `Retry-After` value asks for, as the clients' retries read it. */
export const retryAfterMs = retryLoop.retryAfterMs;
