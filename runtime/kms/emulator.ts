import { FilterSyntaxError, matchesFilter, parseFilter, type FilterTerm } from "./filter.js";
import { KEY_MEDIA_TYPE } from "./rules.js";
import { isLookedUpKey, isLookupSearch, matchesSearch, parseSearch } from "./search.js";
import { base64 } from "../emulator/bytes.js";
import { empty, json, type Reply, type Context, type Env, type Failure, type ServiceDefinition } from "../emulator/app.js";
import type { EmulatorOptions } from "../emulator/types.js";
import { capsOf, type Caps } from "../emulator/caps.js";
import { readWorld } from "../emulator/world.js";

/** Key management v2: create, list (search, filter, sort, paging) and HEAD total, per instance and key ring. */

const KEY_TYPE = KEY_MEDIA_TYPE;
const COLLECTION_TYPE = "application/vnd.svc.collection+json";
const ERROR_TYPE = "application/vnd.svc.kms.error+json";
export const SEARCH_SPACE_LIMIT = 5000;
/** Aliases one key may carry; beyond it KEY_ALIAS_QUOTA_ERR (the number is not shown: ASSUMPTIONS.md). */
export const ALIAS_QUOTA = 5;

export interface KmsKey {
  type: typeof KEY_TYPE;
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

export interface KmsInstance {
  keyRings: Set<string>;
  keys: Map<string, KmsKey>;
  /** Alias -> id of the key holding it: create asks "is it taken" without scanning every key. */
  aliases: Map<string, string>;
}

function newInstance(state: Pick<KmsState, "world">): KmsInstance {
  // Every instance has the key rings the document's examples name (x-refers: keyRing).
  return { keyRings: new Set(["default", ...state.world]), keys: new Map(), aliases: new Map() };
}

function store(instance: KmsInstance, key: KmsKey): void {
  instance.keys.set(key.id, key);
  for (const alias of key.aliases) instance.aliases.set(alias, key.id);
}

export interface KmsState {
  instances: Map<string, KmsInstance>;
  /** Per instance, method and endpoint: the current window (see KmsSeed.rateLimit). */
  windows: Map<string, { start: number; count: number }>;
  rateLimit?: { requests: number; windowMs: number };
  /** When set, only these instances exist (others: INSTANCE_NOT_FOUND_ERR); otherwise instances appear on first use. */
  knownInstancesOnly: boolean;
  caps: Caps;
  /** The key rings of the starting world (runtime/emulator/world.ts): every instance starts with them. */
  world: string[];
}

export interface KmsSeed {
  /** Instances by id, each with extra key rings and keys (partial keys are completed). */
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

const ACCOUNT = "a/f047b55a3362ac06afad8a3f2f5586ea";

function errorBody(status: number, message: string, code?: string): Reply {
  const resource: Record<string, unknown> = { errorMsg: message };
  if (code) resource.reasons = [{ code }];
  return json(status, { metadata: { collectionType: ERROR_TYPE, collectionTotal: 1 }, resources: [resource] }, ERROR_TYPE);
}

function completeKey(env: Env, instanceId: string, partial: Partial<KmsKey>): KmsKey {
  const id = partial.id ?? env.uuid();
  const now = new Date(env.now()).toISOString();
  const created = partial.creationDate ?? now;
  return {
    type: KEY_TYPE,
    aliases: [],
    state: 1,
    extractable: false,
    keyRingID: "default",
    crn: `crn:v1:public:kms:us-south:${ACCOUNT}:${instanceId}:key:${id}`,
    imported: false,
    createdBy: "emulator-user",
    lastUpdateDate: created,
    keyVersion: { id, creationDate: created },
    dualAuthDelete: { enabled: false },
    deleted: false,
    ...partial,
    id,
    creationDate: created,
  };
}

function instanceOf(state: KmsState, id: string): KmsInstance | undefined {
  let instance = state.instances.get(id);
  // Past the instance cap an unknown instance does not exist, as with knownInstancesOnly.
  if (!instance && !state.knownInstancesOnly && state.instances.size < state.caps.kmsInstances) {
    instance = newInstance(state);
    state.instances.set(id, instance);
  }
  return instance;
}

function initialState(env: Env, options: EmulatorOptions & { documentValue?: unknown }): KmsState {
  const seed = (options.seed ?? {}) as KmsSeed;
  const world = options.seedFromExamples === false ? [] : (readWorld(options.documentValue).values("keyRing") as string[]);
  const state: KmsState = { instances: new Map(), knownInstancesOnly: seed.knownInstancesOnly === true, windows: new Map(), caps: capsOf(options), world, ...(seed.rateLimit ? { rateLimit: seed.rateLimit } : {}) };
  const add = (instanceId: string, rings: string[], keys: Array<Partial<KmsKey>>) => {
    let instance = state.instances.get(instanceId);
    if (!instance) state.instances.set(instanceId, (instance = newInstance(state)));
    rings.forEach((r) => instance!.keyRings.add(r));
    for (const partial of keys) {
      const key = completeKey(env, instanceId, partial);
      instance.keyRings.add(key.keyRingID);
      store(instance, key);
    }
  };
  for (const [id, s] of Object.entries(seed.instances ?? {})) add(id, s.keyRings ?? [], s.keys ?? []);
  return state;
}

function correlation(ctx: { input?: { header: Record<string, unknown> }; uuid(): string }): Record<string, string> {
  return { "correlation-ID": (ctx.input?.header["correlation-id"] as string | undefined) ?? ctx.uuid() };
}

/** The public form of a key: never its material. */
function publicKey(key: KmsKey): Record<string, unknown> {
  const { payload: _payload, ...rest } = key;
  return rest;
}

/** `sort` has passed the document's pattern (the contract checks it first), so it names sortable properties only. */
function compareBy(sort: string): (a: KmsKey, b: KmsKey) => number {
  const fields = sort.split(",").map((f) => ({ name: f.replace(/^-/, ""), sign: f.startsWith("-") ? -1 : 1 }));
  return (a, b) => {
    for (const { name, sign } of fields) {
      const x = a[name];
      const y = b[name];
      if (x === y) continue;
      // Keys lacking the property come last whatever the direction.
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      const order = typeof x === "string" && name.endsWith("Date") ? Date.parse(x) - Date.parse(y as string) : x! < y! ? -1 : 1;
      if (order !== 0) return order * sign;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

type Narrowed = { keys: KmsKey[] } | { error: Reply };

/** Keys of the instance after key ring, state, extractable and filter: the searchable space. */
function narrow(ctx: Context<KmsState>, head: boolean): Narrowed {
  const { query, header } = ctx.input;
  const bad = (message: string, code?: string): Narrowed => ({ error: head ? empty(400, correlation(ctx)) : withCorrelation(errorBody(400, `Bad Request: ${message}`, code), ctx) });
  let terms: FilterTerm[] = [];
  if (typeof query.filter === "string") {
    try {
      terms = parseFilter(query.filter);
    } catch (error) {
      if (error instanceof FilterSyntaxError) return bad(error.message);
      throw error;
    }
  }
  for (const name of ["state", "extractable"] as const) {
    if (query[name] !== undefined && terms.some((t) => t.property === name)) {
      return bad("state and extractable cannot be used in filter together with the state or extractable parameter");
    }
  }
  const instance = instanceOf(ctx.state, header["svc-instance"] as string);
  if (!instance) return { keys: [] };
  const ring = header["X-Kms-Key-Ring"] as string | undefined;
  // The default state set applies unless filter speaks about state itself.
  const states = (query.state as number[] | undefined) ?? (terms.some((t) => t.property === "state") ? undefined : [0, 1, 2, 3]);
  const keys = [...instance.keys.values()].filter(
    (k) =>
      (ring === undefined || k.keyRingID === ring) &&
      (states === undefined || states.includes(k.state)) &&
      (query.extractable === undefined || k.extractable === query.extractable) &&
      matchesFilter(terms, k),
  );
  return { keys };
}

function withCorrelation(response: Reply, ctx: { input?: { header: Record<string, unknown> }; uuid(): string }): Reply {
  Object.assign(response.headers, correlation(ctx));
  return response;
}

function createKey(ctx: Context<KmsState>): Reply {
  const { header, body } = ctx.input;
  const instanceId = header["svc-instance"] as string;
  const instance = instanceOf(ctx.state, instanceId);
  if (!instance) return withCorrelation(errorBody(404, "Not Found: the instance does not exist", "INSTANCE_NOT_FOUND_ERR"), ctx);
  const ring = (header["X-Kms-Key-Ring"] as string | undefined) ?? "default";
  if (!instance.keyRings.has(ring)) return withCorrelation(errorBody(404, "Not Found: the key ring does not exist", "KEY_RING_NOT_FOUND_ERR"), ctx);
  if (instance.keys.size >= ctx.state.caps.kmsKeysPerInstance) {
    return withCorrelation(errorBody(400, `Bad Request: the instance holds ${ctx.state.caps.kmsKeysPerInstance} keys, the emulator's cap (runtime/emulator/ASSUMPTIONS.md)`), ctx);
  }
  const resource = (body as { resources: Array<Record<string, any>> }).resources[0]!;
  const aliases: string[] = resource.aliases ?? [];
  if (aliases.length > ALIAS_QUOTA) return withCorrelation(errorBody(400, "Bad Request: the alias quota has been reached", "KEY_ALIAS_QUOTA_ERR"), ctx);
  if (aliases.some((a) => instance.aliases.has(a)) || new Set(aliases).size !== aliases.length) {
    return withCorrelation(errorBody(409, "Conflict: an alias is already used by a key in the instance", "KEY_ALIAS_NOT_UNIQUE_ERR"), ctx);
  }
  const extractable = resource.extractable === true;
  const imported = resource.payload !== undefined;
  const key = completeKey(ctx, instanceId, {
    name: resource.name,
    ...(resource.description !== undefined ? { description: resource.description } : {}),
    ...(resource.expirationDate !== undefined ? { expirationDate: resource.expirationDate } : {}),
    aliases,
    extractable,
    imported,
    keyRingID: ring,
    payload: imported ? resource.payload : base64(ctx.bytes(32)),
  });
  store(instance, key);
  const prefer = String(header.Prefer ?? "");
  const minimal = /(?:^|[,;\s])return\s*=\s*"?minimal"?/i.test(prefer);
  const shown = minimal ? { id: key.id } : extractable ? { ...key } : publicKey(key);
  return json(201, { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [shown] }, KEY_TYPE, correlation(ctx));
}

function listKeys(ctx: Context<KmsState>): Reply {
  const narrowed = narrow(ctx, false);
  if ("error" in narrowed) return narrowed.error;
  const { query } = ctx.input;
  const search = parseSearch((query.search as string | undefined) ?? "");
  const searching = search.text !== "" || search.exact;
  let incomplete = false;
  let matches: KmsKey[];
  if (searching && narrowed.keys.length > SEARCH_SPACE_LIMIT) {
    if (!isLookupSearch(search)) {
      return withCorrelation(
        errorBody(400, "Bad Request: the search covers more than 5000 keys; narrow it with state, extractable or the key ring header", "KEY_SEARCH_TOO_BROAD"),
        ctx,
      );
    }
    // Single-key lookup: the named key alone, and the answer says the search was not complete.
    matches = narrowed.keys.filter((k) => isLookedUpKey(search, k)).slice(0, 1);
    incomplete = true;
  } else {
    matches = narrowed.keys.filter((k) => matchesSearch(search, k)).sort(compareBy((query.sort as string | undefined) ?? "id"));
    const first = matches.findIndex((k) => isLookedUpKey(search, k));
    if (first > 0) matches.unshift(...matches.splice(first, 1));
  }
  const offset = (query.offset as number | undefined) ?? 0;
  const limit = (query.limit as number | undefined) ?? 200;
  const page = matches.slice(offset, offset + limit).map(publicKey);
  const metadata: Record<string, unknown> = { collectionType: KEY_TYPE, collectionTotal: page.length };
  if (incomplete) metadata.incompleteSearch = true;
  return json(200, { metadata, resources: page }, COLLECTION_TYPE, correlation(ctx));
}

function getKeyTotal(ctx: Context<KmsState>): Reply {
  const narrowed = narrow(ctx, true);
  if ("error" in narrowed) return narrowed.error;
  return empty(200, { "Key-Total": String(narrowed.keys.length), ...correlation(ctx) });
}

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

/** JSON Schema's `uuid` format (RFC 9562 §4 textual form). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reject(failure: Failure, op: { method: string }, ctx: Omit<Context<KmsState>, "input">): Reply {
  const [status, message] =
    failure.kind === "security"
      ? [401, "Unauthorized: the credentials are invalid or do not have the permissions this request needs"]
      : failure.kind === "error"
        ? [500, "Internal Server Error: the request could not be completed; report it with its correlation-ID"]
        : [400, `Bad Request: ${grammarProblem(ctx.url) ?? failure.problems.join("; ")}`];
  // The answer's correlation-ID is documented as `format: uuid`: a malformed request value (the
  // reason for this 400, perhaps) is not echoed into an answer the document would reject.
  const sent = ctx.request.headers.get("correlation-id");
  const headers = { "correlation-ID": sent !== null && UUID.test(sent) ? sent : ctx.uuid() };
  if (op.method === "HEAD") return empty(status, headers);
  return withCorrelation(errorBody(status, message), { input: { header: { "correlation-id": headers["correlation-ID"] } }, uuid: ctx.uuid });
}

/** True when the request fits in its instance's current window for this method and endpoint. */
function admitted(ctx: Context<KmsState>): boolean {
  const limit = ctx.state.rateLimit;
  if (!limit) return true;
  const key = `${ctx.input.header["svc-instance"]} ${ctx.op.method} ${ctx.op.template}`;
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

function limited(handler: (ctx: Context<KmsState>) => Reply): (ctx: Context<KmsState>) => Reply {
  return (ctx) => {
    if (admitted(ctx)) return handler(ctx);
    if (ctx.op.method === "HEAD") return empty(429, correlation(ctx));
    return withCorrelation(errorBody(429, "Too Many Requests: the rate limit of this instance for this method and endpoint is reached; retry after the current window"), ctx);
  };
}

export function kmsDefinition(document: unknown): ServiceDefinition<KmsState> {
  return {
    serviceId: "kms-v2",
    initialState: (env, options) => initialState(env, { ...options, documentValue: document }),
    operations: { createKey: limited(createKey), listKeys: limited(listKeys), getKeyTotal: limited(getKeyTotal) },
    reject,
  };
}

/** The kms-v2 emulator (runtime/emulator/registry.ts loads it by the service's family). */
export const defineEmulator = (_serviceId: string, document: unknown) => kmsDefinition(document);
