/**
 * The filter and search grammars and the key states, as `cloud-interfaces/kms-v2` exports them.
 * Bindings of their own, not `export … from`: with code splitting, esbuild loads a module that
 * the entry reaches through a re-export on first load whenever a lazily loaded chunk uses it,
 * and the filter parser is used by the rules chunk createKmsClient loads on creation
 * (runtime/kms/rules.ts). An unused binding here keeps the parsers off the first load.
 */
import { rules } from "../../generated/kms-v2/rules.js";
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
