/**
 * The key management client most callers want: the generated client with the instance and key
 * ring bound once, a correlation id on every request (reported on failures), the key total as a
 * number, and paging through lists. Sugar only: the generated client checks every request
 * against the document's rules, retries as its `x-retry` says and walks pages as its
 * `x-pagination` says (one checker, one retry engine, one pager, all in runtime/core), with the
 * same `retry`, `clock` and `validate` options.
 */
import { createKmsV2Client, kmsV2Service } from "../../generated/kms-v2/client.js";
import type { components } from "../../generated/kms-v2/types.js";
import { parseDateTime } from "../core/date-time.js";
import { ApiError, InputError } from "../core/errors.js";
import type { SecretSource } from "../core/credentials.js";
import type { PassedThrough } from "../core/family-options.js";
import type { KeyStateValue } from "./rules.js";

export type Key = components["schemas"]["Key"];
export type KeyCreate = components["schemas"]["KeyCreate"];
/** The create resource without `type`, which is always the key media type. */
export type NewKey = Omit<KeyCreate, "type">;

type GeneratedOptions = NonNullable<Parameters<typeof createKmsV2Client>[0]>;

export interface KmsClientOptions extends PassedThrough<GeneratedOptions> {
  /** `svc-instance`: the instance id, a lower-case UUID. */
  instanceId: string;
  /** `X-Kms-Key-Ring`: sent on every call (faster: the service need not look it up). Omitted: create uses `default`, list and count cover every key ring. */
  keyRing?: string;
  /** IAM access token, or a function returning a fresh one. */
  token: SecretSource;
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
  const newId = options.newCorrelationId ?? (() => crypto.randomUUID());
  // The bound headers are checked with every request by the generated client, against the document's rules.
  const client = createKmsV2Client({
    region: options.region,
    server: options.server,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    credentials: { bearerAuth: options.token },
    bind: { "svc-instance": options.instanceId, ...(options.keyRing === undefined ? {} : { "X-Kms-Key-Ring": options.keyRing }) },
    retry: options.retry,
    clock: options.clock,
    validate: options.validate,
    maxResponseBytes: options.maxResponseBytes,
  });
  // What this helper reads from the document's rules (the filter grammar, the page size, the key
  // media type) is loaded on creation, beside the client's own rules chunk, and not imported:
  // a bundler then keeps it off the first load, and it is on its way before the first call.
  const rules = import("./rules.js");
  rules.catch(() => undefined);

  // A caller's id is checked with the rest of the request by the generated client.
  const correlation = (call: CallOptions | undefined) => (call?.correlationId === undefined ? newId() : call.correlationId);

  /** The correlation id the service echoed, or the one sent if the failure came without it. */
  const failure = (operation: string, result: { error?: unknown; response: Response }, sent: string) =>
    new ApiError(operation, result.response.status, result.error, result.response.headers.get("correlation-ID") ?? sent);

  /** The query as given; its documented rules are checked by the generated client, the filter's grammar and the one cross-parameter rule here. */
  async function listParams(query: PageQuery): Promise<PageQuery> {
    if (typeof query !== "object" || query === null) throw new InputError("query", "type", "query must be an object");
    const { limit, offset, state, extractable, search, sort, filter } = query;
    const out = Object.fromEntries(Object.entries({ limit, offset, state, extractable, search, sort, filter }).filter(([, v]) => v !== undefined)) as PageQuery;
    if (typeof filter === "string") {
      const { checkFilterConflict, checkParameter } = await rules;
      // The filter's documented pattern first, so a filter outside it is reported by its rule, not by the grammar's parser.
      checkFilterConflict(checkParameter("query", "filter", filter), state, extractable);
    }
    return out;
  }

  async function listPage(query: PageQuery = {}, call?: CallOptions): Promise<KeyPage> {
    const params = await listParams(query);
    const id = correlation(call);
    const result = await client.GET("/api/v2/keys", { params: { header: { "correlation-id": id }, query: params } });
    if (!result.response.ok || !result.data) throw failure("listKeys", result, id);
    const { metadata, resources } = result.data;
    // The service leaves `resources` out when there is nothing to list (kms-v2 KeyList).
    return { keys: resources ?? [], incompleteSearch: metadata.incompleteSearch === true, collectionTotal: metadata.collectionTotal };
  }

  return {
    /** The generated client, for calls that need the raw `{data, error, response}`. */
    raw: client,

    /** Creates one key (the envelope with exactly one resource is built here). Retries per the document. */
    async createKey(key: NewKey, call?: CreateOptions): Promise<Key> {
      const { KEY_MEDIA_TYPE } = await rules;
      const resource = newKey(key, KEY_MEDIA_TYPE);
      const id = correlation(call);
      const prefer = call?.return;
      // The Prefer header's enum is checked by the generated client with the rest of the request.
      const header = { "correlation-id": id, ...(prefer ? { Prefer: `return=${prefer}` as const } : {}) };
      const body = { metadata: { collectionType: KEY_MEDIA_TYPE, collectionTotal: 1 as const }, resources: [resource] };
      const result = await client.POST("/api/v2/keys", { params: { header }, body });
      const created = result.data?.resources[0];
      if (!result.response.ok || !created) throw failure("createKey", result, id);
      return created;
    },

    /** One page of keys (`limit` 1 to 5000, default 200 at the service). */
    listPage,

    /**
     * Every matching key, fetched `pageSize` (1 to 5000, default 5000) at a time, by the generated
     * client's `paginate` as the document's `x-pagination` says: a short page (by its resources or
     * by `collectionTotal`), an empty one or a single-key lookup (`incompleteSearch`) is the last.
     * A page that holds more keys than asked for, or repeats the previous page (a server or a
     * static mock ignoring `limit`/`offset`), ends the walk with a PaginationError, not a loop.
     * One correlation id covers the whole walk.
     */
    async *listKeys(query: ListQuery = {}, pageSize?: number, call?: CallOptions): AsyncGenerator<Key, void, undefined> {
      const { LIMIT } = await rules;
      // The walk starts at the first key and sets its own page size; `limit` and `offset` are not the caller's here.
      const { limit: _limit, offset: _offset, ...params } = await listParams(query);
      const id = correlation(call);
      const pageQuery = { ...params, offset: 0, limit: pageSize ?? LIMIT.max };
      try {
        yield* client.paginate("/api/v2/keys", { params: { header: { "correlation-id": id }, query: pageQuery } });
      } catch (error) {
        if (error instanceof ApiError && error.correlationId === undefined) throw new ApiError(error.operation, error.status, error.body, id);
        throw error;
      }
    },

    /** The number of matching keys, from the `Key-Total` header of HEAD. */
    async countKeys(query: CountQuery = {}, call?: CallOptions): Promise<number> {
      const { state, extractable, filter } = await listParams(query);
      const id = correlation(call);
      const result = await client.HEAD("/api/v2/keys", { params: { header: { "correlation-id": id }, query: { state, extractable, filter } } });
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

/** The resource with its constant `type`; its fields are checked against KeyCreate with the rest of the body. */
function newKey(key: NewKey, type: KeyCreate["type"]): KeyCreate {
  if (typeof key !== "object" || key === null || Array.isArray(key)) throw new InputError("body.resources[0]", "type", "createKey takes one key object");
  // `format: date-time` is left to the service by the checker; the helper refuses what is no RFC 3339 date-time.
  if (typeof key.expirationDate === "string" && parseDateTime(key.expirationDate) === undefined) {
    throw new InputError("body.resources[0].expirationDate", "format", "expirationDate is an RFC 3339 date-time");
  }
  return { ...key, type };
}

/** 409 reasons of create that a retry cannot cure: `x-retry.except` of the document's create 409. */
export const PERMANENT_CONFLICTS: readonly string[] = kmsV2Service.operations["POST /api/v2/keys"].retry?.except?.["409"]?.reasons ?? [];
