export {
  createKmsClient,
  type CallOptions,
  type CountQuery,
  type CreateOptions,
  type Key,
  type KeyCreate,
  type KeyPage,
  type KmsClient,
  type KmsClientOptions,
  type ListQuery,
  type NewKey,
  type PageQuery,
} from "./client.js";
export { PaginationError } from "../core/pagination-error.js";
export { PERMANENT_CONFLICTS } from "./client.js";
// The Clock and retry options every generated client takes (createKmsV2Client({ clock, retry })).
export type { Clock, RetryOption } from "../core/retry.js";
export type { KeyStateValue } from "./rules.js";
export type { FilterTerm } from "./filter.js";
export type { ParsedSearch } from "./search.js";
// Not re-exported from filter.js, search.js, rules.js and retry-loop.js: see deferred-exports.ts.
export { KEY_STATES, parseFilter, matchesFilter, FilterSyntaxError, parseSearch, matchesSearch, retryAfterMs } from "./deferred-exports.js";
