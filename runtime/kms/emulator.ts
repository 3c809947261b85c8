/**
 * Key management v2 on the resource engine (runtime/emulator/engine.ts): create, list and HEAD
 * total are the document's `x-resource` annotations (openapi/kms-v2/operations/*.yaml: the
 * instance partitions, the key ring refers, aliases are unique, the fields the service sets).
 * This plug-in holds only what a document cannot state, each entry named where the document
 * names it: the `where` hooks `keyFilter` (the filter grammar, runtime/kms/filter.ts, and the
 * default key states) and `keySearch` (the search grammar, runtime/kms/search.ts, and the
 * searchable space), the `check` hook `aliasQuota` (a number the interface document does not
 * show), and the hooks `before` (the optional rate-limit window), `after` (the correlation-ID
 * every answer carries), `admits` (seed.knownInstancesOnly) and `reject` (a refused filter
 * explained by its parser).
 */
import { FilterSyntaxError, matchesFilter, parseFilter, type FilterTerm } from "./filter.js";
import { KEY_MEDIA_TYPE } from "./rules.js";
import { isLookedUpKey, isLookupSearch, matchesSearch, parseSearch } from "./search.js";
import type { Context, Failure } from "../emulator/app.js";
import { engineDefinition, type Engine, type EngineState, type Plugin } from "../emulator/engine.js";
import type { TableOperation } from "../openapi/operation-table.js";

/** The searchable space the document states ("at most 5000 keys"). */
export const SEARCH_SPACE_LIMIT = 5000;
/** Aliases one key may carry; beyond it KEY_ALIAS_QUOTA_ERR (the number is not shown: ASSUMPTIONS.md). */
export const ALIAS_QUOTA = 5;

/** A key as the emulator holds it (the document's Key, with its material). */
export interface KmsKey {
  type: typeof KEY_MEDIA_TYPE;
  id: string;
  name?: string;
  description?: string;
  aliases: string[];
  state: number;
  extractable: boolean;
  keyRingID: string;
  crn: string;
  imported: boolean;
  creationDate: string;
  createdBy: string;
  lastUpdateDate: string;
  lastRotateDate?: string;
  expirationDate?: string;
  deletionDate?: string;
  keyVersion: { id: string; creationDate: string };
  dualAuthDelete: { enabled: boolean; keySetForDeletion?: boolean };
  deleted: boolean;
  /** Key material; kept in state, returned only by create with return=representation for standard keys. */
  payload?: string;
  [field: string]: unknown;
}

/**
 * The engine's state (`partitions` by instance id, each holding the `key` and `keyRing` records)
 * with the rate-limit windows and the instance rule of the seed.
 */
export interface KmsState extends EngineState {
  /** Per instance, method and endpoint: the current window (see KmsSeed.rateLimit). */
  windows: Map<string, { start: number; count: number }>;
  rateLimit?: { requests: number; windowMs: number };
  /** When set, only the seeded instances exist (others: INSTANCE_NOT_FOUND_ERR); otherwise instances appear on first use. */
  knownInstancesOnly: boolean;
}

export interface KmsSeed {
  /** Instances by id, each with extra key rings and keys (partial keys are completed as createKey completes a key). */
  instances?: Record<string, { keyRings?: string[]; keys?: Array<Partial<KmsKey>> }>;
  /** Only the seeded instances exist. Default false. */
  knownInstancesOnly?: boolean;
  /**
   * Enforce a rate limit per instance, method and endpoint, as the document describes it: after
   * `requests` accepted requests in a window of `windowMs`, 429 until the window ends; the next
   * accepted request starts a new window. Off by default (the numbers are not shown).
   */
  rateLimit?: { requests: number; windowMs: number };
}

/** JSON Schema's `uuid` format (RFC 9562 §4 textual form). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The operation's document object (the engine holds it by operationId). */
const operationOf = (engine: Engine, ctx: { op: TableOperation }) => engine.specs.get(ctx.op.operationId)!.op;

/** A filter the document's pattern refused, explained by the parser (which names the place). */
function grammarProblem(url: URL): string | undefined {
  const filter = url.searchParams.get("filter");
  if (filter === null) return undefined;
  try {
    parseFilter(filter);
    return undefined;
  } catch (error) {
    return error instanceof FilterSyntaxError ? error.message : undefined;
  }
}

/** True when the request fits in its instance's current window for this method and endpoint. */
function admitted(ctx: Context<KmsState>): boolean {
  const limit = ctx.state.rateLimit;
  if (!limit) return true;
  const key = `${ctx.input.header["svc-instance"]} ${ctx.op.key}`;
  const now = ctx.now();
  const window = ctx.state.windows.get(key);
  if (!window || now >= window.start + limit.windowMs) {
    ctx.state.windows.set(key, { start: now, count: 1 });
    return true;
  }
  if (window.count >= limit.requests) return false;
  window.count++;
  return true;
}

export const kmsPlugin: Plugin<KmsState> = {
  extend(base, options, engine, env) {
    const seed = (options.seed ?? {}) as KmsSeed;
    const state: KmsState = { ...base, windows: new Map(), knownInstancesOnly: seed.knownInstancesOnly === true, ...(seed.rateLimit ? { rateLimit: seed.rateLimit } : {}) };
    for (const [instance, given] of Object.entries(seed.instances ?? {})) {
      const partition = engine.partition(state, instance, undefined, { partitionCap: "kmsInstances" });
      const addRing = (id: string) => partition.records.get("keyRing")?.has(id) || engine.insert(partition, "keyRing", { id });
      for (const ring of given.keyRings ?? []) addRing(ring);
      for (const partial of given.keys ?? []) {
        const key = engine.complete("createKey", env, { "svc-instance": instance }, partial);
        addRing(String(key.keyRingID));
        engine.insert(partition, "key", key, state);
      }
    }
    return state;
  },
  admits: (state) => !state.knownInstancesOnly,
  before(ctx) {
    if (admitted(ctx)) return undefined;
    return ctx.answer(429, "the rate limit of this instance for this method and endpoint is reached; retry after the current window");
  },
  after(ctx, reply) {
    // The answer's correlation-ID is documented as `format: uuid`: a malformed request value (the
    // reason for a 400, perhaps) is not echoed into an answer the document would reject.
    const sent = ctx.request.headers.get("correlation-id");
    reply.headers["correlation-ID"] = sent !== null && UUID.test(sent) ? sent : ctx.uuid();
    return reply;
  },
  reject(failure: Failure, _op, ctx) {
    if (failure.kind === "security") return ctx.answer(401, "the credentials are invalid or do not have the permissions this request needs");
    if (failure.kind === "error") return ctx.answer(500, "the request could not be completed; report it with its correlation-ID");
    return ctx.answer(400, grammarProblem(ctx.url) ?? failure.problems.join("; "));
  },
  check: {
    aliasQuota(ctx, record, engine) {
      if (((record.aliases as unknown[] | undefined) ?? []).length <= ALIAS_QUOTA) return undefined;
      return engine.documented(ctx as never, operationOf(engine, ctx), 400, "aliasQuotaReached", "the alias quota has been reached");
    },
  },
  where: {
    /** `filter` (its grammar), the deprecated `state` parameter, and the default states 0-3 unless the filter speaks of state. */
    keyFilter(ctx, items, engine) {
      const { query } = ctx.input;
      let terms: FilterTerm[] = [];
      if (typeof query.filter === "string") {
        try {
          terms = parseFilter(query.filter);
        } catch (error) {
          if (error instanceof FilterSyntaxError) return ctx.answer(400, error.message);
          throw error;
        }
      }
      for (const name of ["state", "extractable"] as const) {
        if (query[name] !== undefined && terms.some((t) => t.property === name)) {
          return ctx.answer(400, "state and extractable cannot be used in filter together with the state or extractable parameter");
        }
      }
      const states = terms.some((t) => t.property === "state") ? (query.state as number[] | undefined) : (engine.param(ctx as never, "state") as number[] | undefined);
      if (states === undefined && terms.length === 0) return items;
      return items.filter((k) => (states === undefined || states.includes(k.state)) && matchesFilter(terms, k));
    },
    /** `search` over the searchable space; above it only a lookup by key id or alias, answered as the last page. */
    keySearch(ctx, items, engine) {
      const search = parseSearch((ctx.input.query.search as string | undefined) ?? "");
      if (search.text === "" && !search.exact) return search.not ? [] : items;
      if (items.length > SEARCH_SPACE_LIMIT) {
        if (!isLookupSearch(search)) return engine.documented(ctx as never, operationOf(engine, ctx), 400, "keySearchTooBroad", "the search covers more than 5000 keys");
        const found = items.find((k) => isLookedUpKey(search, k as never));
        return { items: found ? [found] : [], last: true };
      }
      const matches = items.filter((k) => matchesSearch(search, k as never));
      // The key a lookup names comes first, the rest in the asked order.
      const first = matches.findIndex((k) => isLookedUpKey(search, k as never));
      if (first > 0) matches.unshift(...matches.splice(first, 1));
      return matches;
    },
  },
};

/** The kms-v2 emulator (runtime/emulator/registry.ts loads it by the service's family). */
export const defineEmulator = (serviceId: string, document: unknown) => engineDefinition(serviceId, document, kmsPlugin);

