/**
 * The key management client most callers want: the generated client with the instance and key
 * ring bound once, a correlation id on every request (reported on failures), the document's
 * retry policy, the key total as a number, and paging through lists.
 */
import { createKmsV2Client } from "../../generated/kms-v2/client.js";
import type { components } from "../../generated/kms-v2/types.js";
import { ApiError, InputError } from "../core/errors.js";
import { PaginationError } from "../core/paginate.js";
import type { SecretSource } from "../core/credentials.js";
import { retryPolicy, systemClock, withRetry, type Clock, type RetryOptions } from "./retry.js";
import {
  BASE64_PATTERN,
  FILTER_PATTERN,
  KEY_MEDIA_TYPE,
  LIMIT,
  MAX_FILTER,
  MAX_SEARCH,
  SORT_PATTERN,
  checkBoolean,
  checkFilterConflict,
  checkInteger,
  checkKeyRing,
  checkStates,
  checkText,
  checkUuid,
  type KeyStateValue,
} from "./rules.js";

export type Key = components["schemas"]["Key"];
export type KeyCreate = components["schemas"]["KeyCreate"];
/** The create resource without `type`, which is always the key media type. */
export type NewKey = Omit<KeyCreate, "type">;

type GeneratedOptions = NonNullable<Parameters<typeof createKmsV2Client>[0]>;

export interface KmsClientOptions {
  /** `svc-instance`: the instance id, a lower-case UUID. */
  instanceId: string;
  /** `X-Kms-Key-Ring`: sent on every call (faster: the service need not look it up). Omitted: create uses `default`, list and count cover every key ring. */
  keyRing?: string;
  /** IAM access token, or a function returning a fresh one. */
  token: SecretSource;
  region?: GeneratedOptions["region"];
  server?: GeneratedOptions["server"];
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: GeneratedOptions["fetch"];
  retry?: RetryOptions;
  /** For tests: waits and time. */
  clock?: Clock;
  /** For tests: the correlation id generator (default crypto.randomUUID, a v4 UUID). */
  newCorrelationId?: () => string;
}

export interface CallOptions {
  /** Correlation id of this call (a lower-case v4 UUID); generated when omitted. Kept across retries. */
  correlationId?: string;
}

export interface CreateOptions extends CallOptions {
  /** `Prefer: return=...`: `minimal` returns only the id; `representation` metadata and (standard keys only) material. */
  return?: "minimal" | "representation";
}

export interface CountQuery {
  /** Deprecated by the service in favour of `filter`. */
  state?: KeyStateValue[];
  /** Deprecated by the service in favour of `filter`. */
  extractable?: boolean;
  filter?: string;
}

export interface ListQuery extends CountQuery {
  search?: string;
  sort?: string;
}

export interface PageQuery extends ListQuery {
  limit?: number;
  offset?: number;
}

export interface KeyPage {
  keys: Key[];
  /** True when the search space exceeded 5000 keys and a single-key lookup answered instead. */
  incompleteSearch: boolean;
  /** `metadata.collectionTotal`: the number of key resources the service says this page holds. */
  collectionTotal: number;
}

export function createKmsClient(options: KmsClientOptions) {
  if (typeof options !== "object" || options === null) throw new InputError("options", "type", "options are required");
  const instanceId = checkUuid("svc-instance", options.instanceId);
  const keyRing = options.keyRing === undefined ? undefined : checkKeyRing(options.keyRing);
  const policy = retryPolicy(options.retry);
  const clock = options.clock ?? systemClock;
  const newId = options.newCorrelationId ?? (() => crypto.randomUUID());
  const client = createKmsV2Client({
    region: options.region,
    server: options.server,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    credentials: { bearerAuth: options.token },
    bind: { "svc-instance": instanceId, ...(keyRing === undefined ? {} : { "X-Kms-Key-Ring": keyRing }) },
    // This client applies the document's policy itself (with its injectable clock and per-kind
    // options, retry.ts); the generated client's own x-retry would retry each attempt again.
    retry: false,
  });

  const correlation = (call: CallOptions | undefined) =>
    checkUuid("correlation-id", call?.correlationId === undefined ? newId() : call.correlationId);

  /** The correlation id the service echoed, or the one sent if the failure came without it. */
  const failure = (operation: string, result: { error?: unknown; response: Response }, sent: string) =>
    new ApiError(operation, result.response.status, result.error, result.response.headers.get("correlation-ID") ?? sent);

  async function listPage(query: PageQuery = {}, call?: CallOptions): Promise<KeyPage> {
    const params = listParams(query);
    const id = correlation(call);
    const result = await withRetry(
      "listKeys",
      () => client.GET("/api/v2/keys", { params: { header: { "correlation-id": id }, query: params } }),
      policy,
      clock,
    );
    if (!result.response.ok || !result.data) throw failure("listKeys", result, id);
    const { metadata, resources } = result.data;
    return { keys: resources, incompleteSearch: metadata.incompleteSearch === true, collectionTotal: metadata.collectionTotal };
  }

  return {
    /** The generated client, for calls that need the raw `{data, error, response}`. */
    raw: client,

    /** Creates one key (the envelope with exactly one resource is built here). Retries per the document. */
    async createKey(key: NewKey, call?: CreateOptions): Promise<Key> {
      const resource = checkNewKey(key);
      const id = correlation(call);
      const prefer = call?.return;
      // The Prefer header's enum is checked by the generated client with the rest of the request.
      const header = { "correlation-id": id, ...(prefer ? { Prefer: `return=${prefer}` as const } : {}) };
      const body = { metadata: { collectionType: KEY_MEDIA_TYPE, collectionTotal: 1 as const }, resources: [resource] };
      const result = await withRetry("createKey", () => client.POST("/api/v2/keys", { params: { header }, body }), policy, clock);
      const created = result.data?.resources[0];
      if (!result.response.ok || !created) throw failure("createKey", result, id);
      return created;
    },

    /** One page of keys (`limit` 1 to 5000, default 200 at the service). */
    listPage,

    /**
     * Every matching key, fetched `pageSize` (1 to 5000, default 5000) at a time. A page that
     * holds more keys than asked for, or repeats the previous page (a server or a static mock
     * ignoring `limit`/`offset`), ends the walk with a PaginationError instead of a loop.
     */
    async *listKeys(query: ListQuery = {}, pageSize: number = LIMIT.max, call?: CallOptions): AsyncGenerator<Key, void, undefined> {
      const limit = checkInteger("limit", pageSize, LIMIT.min, LIMIT.max);
      listParams(query); // fail before the first request, not when iteration starts to matter
      let previousFirst: string | undefined;
      for (let offset = 0; ; offset += limit) {
        const page = await listPage({ ...query, limit, offset }, call);
        if (page.keys.length > limit) {
          throw new PaginationError(`listKeys: the page at offset ${offset} holds ${page.keys.length} keys for limit ${limit}`);
        }
        const first = page.keys[0]?.id;
        if (first !== undefined && first === previousFirst) {
          throw new PaginationError(`listKeys: the page at offset ${offset} repeats the previous page (it does not advance)`);
        }
        yield* page.keys;
        // A single-key lookup has no further pages; a short page is the last one, whether the
        // resources or the service's own count (collectionTotal: the resources of this page) say so.
        if (page.incompleteSearch || page.keys.length < limit || page.collectionTotal < limit) return;
        previousFirst = first;
      }
    },

    /** The number of matching keys, from the `Key-Total` header of HEAD. */
    async countKeys(query: CountQuery = {}, call?: CallOptions): Promise<number> {
      const { state, extractable, filter } = listParams(query);
      const id = correlation(call);
      const result = await withRetry(
        "getKeyTotal",
        () => client.HEAD("/api/v2/keys", { params: { header: { "correlation-id": id }, query: { state, extractable, filter } } }),
        policy,
        clock,
      );
      if (!result.response.ok) throw failure("getKeyTotal", result, id);
      const raw = result.response.headers.get("Key-Total");
      if (raw === null || !/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(Number(raw))) {
        // A success without a usable total breaks the document's contract: report it like any failed call.
        throw failure("getKeyTotal", { ...result, error: { errorMsg: `Key-Total header ${raw === null ? "missing" : "not a non-negative integer"}` } }, id);
      }
      return Number(raw);
    },
  };
}

export type KmsClient = ReturnType<typeof createKmsClient>;

function listParams(query: PageQuery) {
  if (typeof query !== "object" || query === null) throw new InputError("query", "type", "query must be an object");
  const out: {
    limit?: number;
    offset?: number;
    state?: KeyStateValue[];
    extractable?: boolean;
    search?: string;
    sort?: string;
    filter?: string;
  } = {};
  if (query.limit !== undefined) out.limit = checkInteger("limit", query.limit, LIMIT.min, LIMIT.max);
  if (query.offset !== undefined) out.offset = checkInteger("offset", query.offset, 0);
  if (query.state !== undefined) out.state = checkStates(query.state);
  if (query.extractable !== undefined) out.extractable = checkBoolean("extractable", query.extractable);
  if (query.search !== undefined) out.search = checkText("search", query.search, MAX_SEARCH);
  if (query.sort !== undefined) out.sort = checkText("sort", query.sort, Number.MAX_SAFE_INTEGER, SORT_PATTERN);
  if (query.filter !== undefined) out.filter = checkText("filter", query.filter, MAX_FILTER, FILTER_PATTERN);
  checkFilterConflict(out.filter, out.state, out.extractable);
  return out;
}

function checkNewKey(key: NewKey): KeyCreate {
  const field = "resources[0]";
  if (typeof key !== "object" || key === null || Array.isArray(key)) {
    throw new InputError(field, "type", "createKey takes one key object");
  }
  if (typeof key.name !== "string" || key.name.length === 0) throw new InputError(`${field}.name`, "required", "a key needs a name");
  if (key.extractable !== undefined) checkBoolean(`${field}.extractable`, key.extractable);
  if (key.payload !== undefined) checkText(`${field}.payload`, key.payload, Number.MAX_SAFE_INTEGER, BASE64_PATTERN);
  if (key.aliases !== undefined && (!Array.isArray(key.aliases) || key.aliases.some((a) => typeof a !== "string"))) {
    throw new InputError(`${field}.aliases`, "type", "aliases is an array of strings");
  }
  if (key.expirationDate !== undefined && (typeof key.expirationDate !== "string" || Number.isNaN(Date.parse(key.expirationDate)))) {
    throw new InputError(`${field}.expirationDate`, "format", "expirationDate is an RFC 3339 date-time");
  }
  return { ...key, type: KEY_MEDIA_TYPE };
}
