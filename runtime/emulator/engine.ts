/**
 * The resource engine: serves every operation a document annotates with `x-resource`
 * (openapi/CONVENTIONS.md, "Resources") with no code of the service's own. It keeps records per
 * partition (the values of the partitioning parameters), creates, lists, gets, updates,
 * replaces, deletes and counts them as the annotation says, sets the fields the service sets,
 * refuses duplicates of unique fields (409) and references to records that do not exist (404),
 * pages lists as `x-pagination` says, and shapes each answer to the documented response schema
 * (with the derived fields the annotation names). Errors are the document's own examples of
 * that status. What a document cannot state is a plug-in of the service's family.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { CapReached, capOf, documentCaps, ENGINE_CAPS, resolveCaps, type Caps } from "./caps.js";
import { AnnotationError, annotationProblems } from "./annotations.js";
import { empty, json, type Context, type Env, type Failure, type Reply, type ServiceDefinition } from "./app.js";
import type { EmulatorOptions } from "./types.js";
import { EMPTY_WORLD, readWorld, type World } from "./world.js";
import { deref, getAt, splitPointer } from "../core/pointer.js";
import { operationTable, type TableOperation, type TableParameter } from "../openapi/operation-table.js";
import { base64 } from "./bytes.js";
import { sortedRecords, touch } from "./record-order.js";
import { reindex, uniqueTaken, uniqueValues } from "./unique-index.js";
import { describeIgnored, keepDeclared, schemaList } from "./declared.js";
import { MOCK_WARNING_HEADER } from "../http/handler.js";
import { getPointer, sample, setPointer, UNIQUE_TRIES, type GenerateChecks, type GenerateRequest } from "./generate.js";
import { StateError } from "./snapshot.js";
import { InputError } from "../core/errors.js";

type Json = any;
export type Rec = Record<string, any>;

type Derive = { count: string } | { referrers: string; field: string } | { size: string } | { const: unknown } | { from: string; by: string; field: string };

export interface ResourceSpec {
  name: string;
  action: "create" | "list" | "get" | "update" | "replace" | "delete" | "count";
  partition?: string[];
  id?: string;
  set?: Record<string, unknown>;
  unique?: string[];
  search?: { param: string; field: string };
  sort?: string;
  page?: { offset?: string; limit?: string; first?: string };
  derive?: Record<string, Derive>;
  /** The cap (by name: the engine's, the document's `x-caps`, or the plug-in's) on records per partition. */
  cap?: string;
  /** Where the record sits in the request body (create), and in the success body (`envelope` holds that body's constants). */
  body?: string;
  at?: string;
  envelope?: Record<string, unknown>;
  /** Like `set`, but only where the request left the field out. */
  fill?: Record<string, unknown>;
  /** Query or header parameters that keep (list, count) the records whose field equals the value, or is one of the values. */
  match?: Record<string, string>;
  /** The query parameter naming the sort fields (comma-separated, `-` descending), default its schema's. */
  sortParam?: string;
  /** Fields the answer never carries (`true`) or not when another field has a value (`{ extractable: false }`). */
  omit?: Record<string, true | Record<string, unknown>>;
  /** Named examples answered as documented: a `unique` conflict, a missing `x-refers` target, an unknown partition. */
  errors?: { unique?: string; refers?: string; partition?: string };
  /** The cap on partitions (default `partitions`). */
  partitionCap?: string;
  /** Named plug-in hooks: `where` narrows a list or count (after `match`), `check` vets a new record. */
  where?: string[];
  check?: string[];
}

/** One partition: a map of records per resource name, and whatever a plug-in keeps beside them. */
export type Partition = Record<string, any> & { records: Map<string, Map<string, Rec>>; bytes?: number };

/** What a `where` hook makes of a list: the records left, and whether the answer is the last (a lookup). */
export type Narrowed = Rec[] | { items: Rec[]; last?: boolean };

export interface EngineState {
  partitions: Map<string, Partition>;
  /** Every declared cap resolved (resolveCaps): the engine's are always there. */
  caps: Caps & Record<keyof typeof ENGINE_CAPS, number>;
  /** The records every partition starts with, per resource (runtime/emulator/world.ts). */
  world: Map<string, Rec[]>;
  /** Bytes of the records held, across partitions (their JSON), charged against `caps.recordBytes`. */
  bytes?: number;
}

/**
 * What a family adds: handlers for the operations no annotation can state, and its own state.
 * An operation annotated `x-resource: { plugin: <name> }` is served by `operations[<name>]`
 * (an operation without `x-resource` by `operations[<operationId>]`).
 */
export interface Plugin<S extends EngineState> {
  operations?: Record<string, (ctx: Context<S>, engine: Engine) => Reply | Promise<Reply>>;
  /** Extra state (given the engine's), e.g. what a send operation records; `engine` can seed partitions. */
  extend?(state: EngineState, options: EmulatorOptions, engine: Engine, env: Env): S;
  /** Called when a partition is made (to add the plug-in's own fields), with the state it joins. */
  partition?(partition: Partition, state: S): void;
  /** Caps the plug-in's own code needs, by name, with their defaults (a caller's `caps` option overrides them). */
  caps?: Readonly<Record<string, number>>;
  /** What this service's partitions are called in a cap's message (default "partitions (instances)"). */
  partitionName?: string;
  /** The caps that bound partitions the plug-in's own code makes (`partitionOf(..., { partitionCap })`): a restored state is held to them too. */
  partitionCaps?: readonly string[];
  /** False when a partition of this key may not appear (a plug-in's own instance list). */
  admits?(state: S, key: string): boolean;
  /** Named hooks of `x-resource` `where` (narrow a list or count; a Reply refuses the request) and `check` (vet a new record). */
  where?: Record<string, (ctx: Context<S>, items: Rec[], engine: Engine) => Narrowed | Reply>;
  check?: Record<string, (ctx: Context<S>, record: Rec, engine: Engine) => Reply | undefined>;
  /** Runs before every operation (a rate limit); a Reply answers instead. */
  before?(ctx: Context<S>): Reply | undefined;
  /** Completes every answer, refusals included (a header the document puts on every response). */
  after?(ctx: Omit<Context<S>, "input"> & { input?: Context<S>["input"] }, reply: Reply): Reply;
  /** The answer to a request the contract refused where the protocol says more than the document's example (an OAuth challenge); default the document's example of that status. */
  reject?: ServiceDefinition<S>["reject"];
}

/** Thrown when a partition may not appear (past its cap, or not admitted): create answers the documented 404, a list is empty. */
export class NoPartition extends CloudInterfacesError {}

const collator = new Intl.Collator();

/** A success answer naming the body fields the write did not store (runtime/emulator/declared.ts). */
function warned(reply: Reply, ignored: readonly string[]): Reply {
  if (ignored.length > 0 && reply.status < 300) reply.headers[MOCK_WARNING_HEADER] = describeIgnored(ignored);
  return reply;
}

type Success = { status: number; schema?: Json; mediaType?: string };

type Paging = NonNullable<TableOperation["pagination"]>;

/**
 * An annotated operation compiled when the engine is made: everything serving it reads from the
 * document, resolved once, so no request walks the document.
 */
export interface CompiledOperation {
  spec: ResourceSpec;
  /** The operation object (for plug-ins that name it). */
  op: Json;
  success: Success;
  /** The schema of one record as the success answer shows it (at `at`). */
  shown: Json;
  /** A list's item schema, and which of its fields are date-times (a sort compares them as dates). */
  item?: Json;
  dates: ReadonlySet<string>;
  paging?: Paging;
  /** The header a count answers with. */
  countHeader: string;
  /** Whether the operation documents a 404 (a missing `x-refers` target answers it). */
  has404: boolean;
  /** The schema of the record a request body carries (at `body`), its defaults, and what a replace empties. */
  body: Json;
  defaults: Rec;
  replaceFields: ReadonlyArray<{ name: string; array: boolean }>;
  /** The fields of the success example marked `x-prefer: return=minimal`. */
  minimal?: string[];
  /** Named examples of each documented status, per media type, in document order. */
  examples: ReadonlyMap<number, ReadonlyArray<{ mediaType: string; values: ReadonlyMap<string, unknown> }>>;
}

/** Status, schema and media type of an operation's first success response (its first media type), resolved. */
function readSuccess(doc: Json, op: Json): Success {
  const [status, responseOrRef] = Object.entries<Json>(op.responses ?? {}).find(([s]) => /^2\d\d$/.test(s)) ?? ["200", undefined];
  const [mediaType, media] = Object.entries<Json>(deref<Json>(doc, responseOrRef)?.content ?? {})[0] ?? [];
  return { status: Number(status), ...(media?.schema ? { schema: media.schema } : {}), ...(mediaType ? { mediaType } : {}) };
}

/** The property names a schema lists (through $ref and allOf). */
function propertiesOf(doc: Json, schemaOrRef: Json, depth = 0): string[] {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || depth > 8) return [];
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((s: Json) => propertiesOf(doc, s, depth + 1))];
}

/** Per schema object and pointer: the documents do not change under an engine, and each answer asks again. */
const schemasAt = new WeakMap<object, Map<string, Json>>();
/** The schema a JSON pointer into instances of `schema` lands on. */
function schemaAt(doc: Json, schemaOrRef: Json, pointer: string): Json {
  if (!schemaOrRef || typeof schemaOrRef !== "object") return findSchemaAt(doc, schemaOrRef, pointer);
  const byPointer = schemasAt.get(schemaOrRef) ?? schemasAt.set(schemaOrRef, new Map()).get(schemaOrRef)!;
  if (byPointer.has(pointer)) return byPointer.get(pointer);
  const found = findSchemaAt(doc, schemaOrRef, pointer);
  // A sort field comes from the request: what is kept stays bounded whatever clients send.
  if (byPointer.size < 256) byPointer.set(pointer, found);
  return found;
}

function findSchemaAt(doc: Json, schemaOrRef: Json, pointer: string): Json {
  let schema = deref<Json>(doc, schemaOrRef);
  for (const key of splitPointer(pointer)) {
    const parts = [schema, ...(schema?.allOf ?? []).map((s: Json) => deref<Json>(doc, s))];
    schema = deref<Json>(doc, parts.map((p) => (/^\d+$|^\*$/.test(key) ? p?.items : p?.properties?.[key])).find(Boolean));
  }
  return schema;
}

/** Where a record holds references (`x-refers`) to records of another resource: pointers with `*` for array items. */
function referencePaths(doc: Json, schemaOrRef: Json, at: string[] = [], depth = 0): Array<{ path: string[]; resource: string }> {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || typeof schema !== "object" || depth > 12) return [];
  const out: Array<{ path: string[]; resource: string }> = [];
  for (const s of schema.allOf ?? []) out.push(...referencePaths(doc, s, at, depth + 1));
  if (schema.items) out.push(...referencePaths(doc, schema.items, [...at, "*"], depth + 1));
  for (const [name, propertyOrRef] of Object.entries<Json>(schema.properties ?? {})) {
    const resource = propertyOrRef?.["x-refers"] ?? deref<Json>(doc, propertyOrRef)?.["x-refers"];
    if (typeof resource === "string") out.push({ path: [...at, name], resource });
    out.push(...referencePaths(doc, propertyOrRef, [...at, name], depth + 1));
  }
  return out;
}

/** Every (parent, key) a pointer with `*` wildcards names in a value, where the parent exists. */
function places(value: unknown, keys: readonly string[]): Array<{ parent: any; key: string }> {
  if (keys.length === 0 || value === null || typeof value !== "object") return [];
  const [head, ...rest] = keys as [string, ...string[]];
  const children = head === "*" ? (Array.isArray(value) ? value.map((_, i) => String(i)) : []) : [head];
  if (rest.length === 0) return children.map((key) => ({ parent: value, key }));
  return children.flatMap((key) => places((value as Rec)[key], rest));
}

const valuesAt = (value: unknown, keys: readonly string[]): unknown[] => places(value, keys).map(({ parent, key }) => parent[key]).filter((v) => v !== undefined);
/** The documents' pointers, split once each (at most 1,024 kept); callers only read the keys. */
const splitKeys = new Map<string, readonly string[]>();
const keysOf = (pointer: string): readonly string[] => {
  let keys = splitKeys.get(pointer);
  if (keys) return keys;
  keys = Object.freeze(splitPointer(pointer.startsWith("/") ? pointer : `/${pointer}`));
  if (splitKeys.size < 1024) splitKeys.set(pointer, keys);
  return keys;
};

function setAt(root: Rec, pointer: string, value: unknown): void {
  const keys = keysOf(pointer);
  let node: Rec = root;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) node = node[keys[i]!] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
  node[keys[last]!] = value;
}

/** A success body's constants (`envelope`), fresh for one answer. */
function envelopeOf(spec: ResourceSpec): Rec {
  const out: Rec = {};
  if (spec.envelope) for (const pointer in spec.envelope) setAt(out, pointer, cloneConstant(spec.envelope[pointer]));
  return out;
}

/** A constant of the document, for one answer or record: only objects need a copy. */
const cloneConstant = (value: unknown): unknown => (value !== null && typeof value === "object" ? structuredClone(value) : value);

/** A create's defaults, its own copy (CompiledOperation.defaults is shared). */
function cloneDefaults(defaults: Rec): Rec {
  const out: Rec = {};
  for (const name in defaults) out[name] = cloneConstant(defaults[name]);
  return out;
}

/** Bytes a record holds: its JSON, what the byte caps charge. */
export const sizeOf = (record: Rec): number => JSON.stringify(record).length;

/** A request's RFC 7240 `return` preference (`return=minimal`), if it states one. */
function returnPreference(header: string | null): string | undefined {
  const m = /(?:^|[,;\s])return\s*=\s*"?(minimal|representation)"?/i.exec(header ?? "");
  return m ? `return=${m[1]!.toLowerCase()}` : undefined;
}

/** Makes one value a write sets or fills (`set`, `fill` of x-resource). */
type Maker = (ctx: Context<EngineState>, record: Rec, body: Rec, now: string) => unknown;
interface StampStep {
  pointer: string;
  keys: readonly string[];
  /** The pointer goes through an array's items (`*`). */
  star: boolean;
  /** `fill`: set only where the record has no value. */
  fill: boolean;
  make: Maker;
}

/** The engine over one document: each annotated operation's spec, and the references between resources. */
export class Engine {
  readonly specs = new Map<string, CompiledOperation>();
  /** Operations the document names a plug-in for (`x-resource: { plugin }`): operationId → the plug-in handler's name. */
  readonly plugged = new Map<string, string>();
  /** Per resource: where its records refer to records of other resources. */
  readonly references = new Map<string, Array<{ path: string[]; resource: string }>>();
  /** Each annotated operation's parameters (path-level ones included), from the operation table. */
  private readonly params = new Map<string, readonly TableParameter[]>();
  /** The same by name: what `param` reads per request. */
  private readonly paramIndex = new Map<string, ReadonlyMap<string, TableParameter>>();
  /** Resources an annotated operation's parameter refers to (`x-refers`): a key ring no operation serves is still a record. */
  private readonly referred = new Map<string, unknown[]>();
  private readonly listedCache = new WeakMap<object, string[]>();
  private readonly stamps = new WeakMap<ResourceSpec, StampStep[]>();

  constructor(readonly doc: Json) {
    // The document's operation table (the build's, or compiled once here for a caller's own document).
    for (const entry of operationTable(doc).operations) {
      const spec = entry.resource as ResourceSpec | { plugin: string } | undefined;
      if (!spec) continue;
      if ("plugin" in spec) {
        this.plugged.set(entry.operationId, spec.plugin);
        continue;
      }
      const operation = getAt(doc, entry.pointer) as Json;
      this.specs.set(entry.operationId, this.compile(entry, spec, operation));
      this.params.set(entry.operationId, entry.parameters);
      // By name where the name is one parameter's (else `param` reads path, query, header in turn, as for any name).
      const named = entry.parameters.filter((p) => p.in !== "cookie" && entry.parameters.filter((q) => q.name === p.name).length === 1);
      this.paramIndex.set(entry.operationId, new Map(named.map((p) => [p.name, p])));
      for (const p of entry.parameters) {
        if (p.refers === undefined) continue;
        const defaults = this.referred.get(p.refers) ?? this.referred.set(p.refers, []).get(p.refers)!;
        // A request that leaves the parameter out names its default: that record exists too.
        if (p.default !== undefined && !defaults.includes(p.default)) defaults.push(p.default);
      }
      if (spec.action === "create" || spec.action === "replace") {
        const schema = this.specs.get(entry.operationId)!.body;
        if (schema && !this.references.has(spec.name)) this.references.set(spec.name, referencePaths(doc, schema));
      }
    }
  }

  /** One annotated operation, compiled (CompiledOperation). */
  private compile(entry: TableOperation, spec: ResourceSpec, op: Json): CompiledOperation {
    const doc = this.doc;
    const success = readSuccess(doc, op);
    const shown = success.schema && spec.at ? schemaAt(doc, success.schema, spec.at) : success.schema;
    const paging = entry.pagination;
    const item = success.schema && paging?.items ? schemaAt(doc, success.schema, `${paging.items}/*`) : undefined;
    const dates = new Set(item ? propertiesOf(doc, item).filter((name) => schemaAt(doc, item, `/${name}`)?.format === "date-time") : []);
    const body = this.bodySchema(op, spec);
    const examples = new Map<number, Array<{ mediaType: string; values: Map<string, unknown> }>>();
    for (const response of entry.responses) {
      if (!/^\d{3}$/.test(response.status)) continue;
      const content = (getAt(doc, response.pointer) as Json)?.content ?? {};
      examples.set(
        Number(response.status),
        Object.entries<Json>(content).map(([mediaType, media]) => ({
          mediaType,
          values: new Map(Object.entries<Json>(deref<Json>(doc, media)?.examples ?? {}).map(([name, ex]) => [name, deref<Json>(doc, ex)?.value])),
        })),
      );
    }
    const successResponse = entry.responses.find((r) => r.status === String(success.status));
    const minimalExample = Object.values<Json>(Object.values<Json>((successResponse ? (getAt(doc, successResponse.pointer) as Json) : undefined)?.content ?? {})[0]?.examples ?? {})
      .map((e) => deref<Json>(doc, e))
      .find((e) => e?.["x-prefer"] === "return=minimal");
    const minimalValue = minimalExample ? (spec.at ? valuesAt(minimalExample.value, keysOf(spec.at))[0] : minimalExample.value) : undefined;
    return {
      spec,
      op,
      success,
      shown,
      ...(item ? { item } : {}),
      dates,
      ...(paging ? { paging } : {}),
      countHeader: successResponse?.headers[0] === undefined ? "X-Total-Count" : Object.keys(deref<Json>(doc, op.responses?.[String(success.status)])?.headers ?? {})[0]!,
      has404: entry.responses.some((r) => r.status === "404"),
      body,
      defaults: this.schemaDefaults(body),
      replaceFields: propertiesOf(doc, body).map((name) => ({ name, array: schemaAt(doc, body, `/${name}`)?.type === "array" })),
      ...(minimalValue && typeof minimalValue === "object" ? { minimal: Object.keys(minimalValue) } : {}),
      examples,
    };
  }

  /** The schema of the record a request body carries (at `body`). */
  bodySchema(op: Json, spec: ResourceSpec): Json {
    const schema = Object.values<Json>(deref<Json>(this.doc, op.requestBody)?.content ?? {})[0]?.schema;
    return schema && spec.body ? schemaAt(this.doc, schema, spec.body) : schema;
  }

  /** The records a new partition holds: every world value of an engine resource, as the success examples show it. */
  worldRecords(world: World): Map<string, Rec[]> {
    const out = new Map<string, Rec[]>();
    const names = new Set([...[...this.specs.values()].map((s) => s.spec.name), ...this.referred.keys()]);
    for (const name of names) {
      const ids = [...new Set([...(this.referred.get(name) ?? []), ...world.values(name)])];
      const records = ids.map((id) => ({ ...(world.shown(id) ?? {}), id }));
      if (records.length) out.set(name, records);
    }
    return out;
  }

  partitionOf(state: EngineState, ctx: Context<EngineState>, spec: Pick<ResourceSpec, "partition" | "partitionCap" | "errors">, plugin?: Plugin<any>): Partition {
    const key = (spec.partition ?? []).map((name) => String(ctx.input.path[name] ?? ctx.input.header[name] ?? ctx.input.query[name] ?? "")).join("\u0000");
    const existed = state.partitions.has(key);
    const partition = this.partition(state, key, plugin, spec);
    if (existed || !ctx.undo) return partition;
    // A partition that first appears in a request the emulator then answers 500 goes again (app.ts
    // undoes), unless another request has written to it since (its bytes moved).
    const bytes = partition.bytes;
    ctx.undo(() => {
      if (state.partitions.get(key) !== partition || partition.bytes !== bytes) return;
      state.partitions.delete(key);
      state.bytes = (state.bytes ?? 0) - (partition.bytes ?? 0);
    });
    return partition;
  }

  /**
   * The partition of these parameter values (joined by NUL), made with the starting world on
   * first use. One the plug-in does not admit, or one past the cap where the document has an
   * answer for an unknown partition (`errors.partition`), does not exist (NoPartition).
   */
  partition(state: EngineState, key: string, plugin?: Plugin<any>, spec: Pick<ResourceSpec, "partitionCap" | "errors"> = {}): Partition {
    let partition = state.partitions.get(key);
    if (!partition) {
      if (plugin?.admits && !plugin.admits(state, key)) throw new NoPartition(key);
      const cap = capOf(state.caps, spec.partitionCap ?? "partitions");
      if (state.partitions.size >= cap) {
        if (spec.errors?.partition) throw new NoPartition(key);
        throw new CapReached(plugin?.partitionName ?? "partitions (instances)", cap);
      }
      partition = { records: new Map([...state.world].map(([name, records]) => [name, new Map(structuredClone(records).map((r) => [String(r.id), r]))])), bytes: 0 };
      for (const records of state.world.values()) for (const r of records) partition.bytes! += sizeOf(r);
      state.bytes = (state.bytes ?? 0) + partition.bytes!;
      plugin?.partition?.(partition, state);
      state.partitions.set(key, partition);
    }
    return partition;
  }

  /** Serves an annotated operation. */
  serve(ctx: Context<EngineState>, plugin?: Plugin<any>): Reply {
    const compiled = this.specs.get(ctx.op.operationId)!;
    const { spec, op, success } = compiled;
    let partition: Partition;
    try {
      partition = this.partitionOf(ctx.state, ctx, spec, plugin);
    } catch (error) {
      if (!(error instanceof NoPartition)) throw error;
      // Nothing exists in a partition that does not: a list is empty, anything else its documented 404.
      if (spec.action !== "list" && spec.action !== "count") return this.documented(ctx, op, 404, spec.errors?.partition, `${(spec.partition ?? []).join(", ")} ${error.message} does not exist`);
      partition = { records: new Map() };
    }
    const records = partition.records.get(spec.name) ?? partition.records.set(spec.name, new Map()).get(spec.name)!;
    const id = spec.id === undefined ? undefined : String(ctx.input.path[spec.id]);
    const sent = (ctx.input.body ?? {}) as Rec;
    const given = ((spec.body ? valuesAt(sent, keysOf(spec.body))[0] : sent) ?? {}) as Rec;
    // A write keeps only what its request schema declares and the client owns; what it left out is named in the answer.
    const ignored: string[] = [];
    const body = spec.action === "create" || spec.action === "update" || spec.action === "replace" ? this.storable(compiled, given, ignored) : given;
    const found = id === undefined ? undefined : records.get(id);
    if (spec.action !== "create" && spec.action !== "list" && spec.action !== "count" && !found) return ctx.answer(404, `${spec.name} ${id} does not exist`);
    const missing = this.missingReference(ctx, compiled, partition);
    if (missing) return missing;

    switch (spec.action) {
      case "create": {
        if (spec.cap && records.size >= capOf(ctx.state.caps, spec.cap)) throw new CapReached(`${spec.name}s per partition`, capOf(ctx.state.caps, spec.cap));
        const record: Rec = { ...cloneDefaults(compiled.defaults), ...body };
        const refused = this.checked(ctx, spec, record, plugin) ?? this.refuse(ctx, partition, spec, record, undefined, op);
        if (refused) return refused;
        this.stamp(ctx, spec, record, new Date(ctx.now()).toISOString(), body);
        const size = sizeOf(record);
        this.charge(ctx.state, partition, size);
        this.remember(ctx, partition, spec.name, size, () => {
          if (records.get(String(record.id)) !== record) return;
          records.delete(String(record.id));
          reindex(partition, spec.name, record, true);
        });
        this.insert(partition, spec.name, record);
        return warned(this.answerRecord(ctx, compiled, record, partition), ignored);
      }
      case "update":
      case "replace": {
        const next: Rec = spec.action === "update" ? { ...found, ...body } : this.replaced(compiled, found!, body);
        const refused = this.refuse(ctx, partition, spec, next, id, op);
        if (refused) return refused;
        this.stamp(ctx, spec, next, new Date(ctx.now()).toISOString(), body);
        const delta = sizeOf(next) - sizeOf(found!);
        this.charge(ctx.state, partition, delta);
        const before = ctx.undo ? structuredClone(found!) : undefined;
        this.remember(ctx, partition, spec.name, delta, () => {
          reindex(partition, spec.name, found!, true);
          for (const key of Object.keys(found!)) delete found![key];
          Object.assign(found!, before);
          reindex(partition, spec.name, found!);
        });
        reindex(partition, spec.name, found!, true);
        for (const key of Object.keys(found!)) delete found![key];
        Object.assign(found!, next);
        reindex(partition, spec.name, found!);
        touch(partition, spec.name);
        return warned(this.answerRecord(ctx, compiled, found!, partition), ignored);
      }
      case "get":
        return this.answerRecord(ctx, compiled, found!, partition);
      case "delete": {
        // The records in their order (a list without a sort answers in it): put back as they were.
        const order = ctx.undo ? [...records] : undefined;
        const size = sizeOf(found!);
        this.charge(ctx.state, partition, -size);
        this.remember(ctx, partition, spec.name, -size, () => {
          if (records.has(id!)) return;
          const now = new Map(records);
          records.clear();
          // The old order, less what others deleted since, then what they created since.
          for (const [key] of order!) {
            if (key === id) records.set(key, found!);
            else if (now.has(key)) records.set(key, now.get(key)!);
          }
          for (const [key, record] of now) if (!records.has(key)) records.set(key, record);
          reindex(partition, spec.name, found!);
        });
        reindex(partition, spec.name, found!, true);
        records.delete(id!);
        touch(partition, spec.name);
        this.dropReferences(partition, spec.name, id!, ctx.undo);
        return empty(success.status);
      }
      case "count": {
        const narrowed = this.narrow(ctx, spec, plugin, [...records.values()]);
        if (!("items" in narrowed)) return narrowed;
        return empty(success.status, { [compiled.countHeader]: String(narrowed.items.length) });
      }
      case "list":
        return this.list(ctx, compiled, partition, records, plugin);
    }
  }

  /**
   * Puts a record into a partition as a create would leave it (its `unique` index, its version);
   * a plug-in seeding records calls it. The record's bytes are charged to the partition.
   */
  insert(partition: Partition, resource: string, record: Rec, state?: EngineState): void {
    const records = partition.records.get(resource) ?? partition.records.set(resource, new Map()).get(resource)!;
    if (state) this.charge(state, partition, sizeOf(record));
    records.set(String(record.id), record);
    reindex(partition, resource, record);
    touch(partition, resource);
  }

  /**
   * A record completed as an operation's create would complete it (`set`, `fill`), keeping every
   * field `given` has: a plug-in's seed (a partial key) is stored as the document makes one.
   */
  complete(operationId: string, env: Env, params: Record<string, unknown>, given: Rec): Rec {
    const { spec } = this.specs.get(operationId)!;
    const ctx = { ...env, op: { operationId }, input: { path: {}, query: {}, header: params, body: undefined } } as unknown as Context<EngineState>;
    const record: Rec = structuredClone(given);
    const set = Object.fromEntries(Object.entries(spec.set ?? {}).filter(([pointer]) => valuesAt(given, keysOf(pointer)).length === 0));
    this.stamp(ctx, { ...spec, set }, record, new Date(env.now()).toISOString(), given);
    return record;
  }

  /** The value of a request parameter by name (header names without case), else, with `fallback`, its schema default. */
  param(ctx: Context<EngineState>, name: string, fallback = true): unknown {
    const { path, query, header } = ctx.input;
    // A parameter the operation declares is read where it is declared, by its declared name.
    const declared = this.paramIndex.get(ctx.op.operationId)?.get(name);
    if (declared !== undefined) {
      const value = (ctx.input[declared.in as "path" | "query" | "header"] as Record<string, unknown>)[declared.name];
      return value !== undefined || !fallback ? value : declared.default;
    }
    let value = path[name] ?? query[name] ?? header[name];
    if (value === undefined) {
      const lower = name.toLowerCase();
      for (const k in header) {
        if (k.toLowerCase() !== lower) continue;
        value = header[k];
        break;
      }
    }
    if (value !== undefined || !fallback) return value;
    return (this.params.get(ctx.op.operationId) ?? []).find((p) => p.name === name)?.default;
  }

  /** A parameter marked `x-refers` naming a record that does not exist: the documented 404 (where the operation has one). */
  private missingReference(ctx: Context<EngineState>, { spec, op, has404 }: CompiledOperation, partition: Partition): Reply | undefined {
    if (!has404) return undefined;
    for (const p of this.params.get(op.operationId) ?? []) {
      const resource = p.refers;
      if (resource === undefined) continue;
      const value = this.param(ctx, p.name);
      if (value === undefined || partition.records.get(resource)?.has(String(value))) continue;
      return this.documented(ctx, op, 404, spec.errors?.refers, `${resource} ${String(value)} does not exist`);
    }
    return undefined;
  }

  /** The operation's named example of this status as documented, else the document's answer of that status with `message`. */
  documented(ctx: Context<EngineState>, op: Json, status: number, example: string | undefined, message: string): Reply {
    if (example !== undefined) {
      for (const { mediaType, values } of this.specs.get(op.operationId)?.examples.get(status) ?? []) {
        const value = values.get(example);
        if (value !== undefined) return json(status, structuredClone(value), mediaType);
      }
    }
    return ctx.answer(status, message);
  }

  /**
   * What a write may store of the record a body carries: a copy with the fields the request
   * schema declares, less those the engine owns (the `id`, what `set` sets at the top); each
   * field left out is named in `ignored` (pointers into the whole body).
   */
  private storable({ spec, body: schema }: CompiledOperation, given: Rec, ignored: string[]): Rec {
    const kept = (schema ? keepDeclared(this.doc, schemaList(schema), given, spec.body ?? "", ignored) : structuredClone(given)) as Rec;
    if (kept === null || typeof kept !== "object" || Array.isArray(kept)) return {};
    for (const owned of ["id", ...Object.keys(spec.set ?? {}).filter((p) => keysOf(p).length === 1).map((p) => keysOf(p)[0]!)]) {
      if (owned in kept) delete kept[owned];
    }
    return kept;
  }

  /**
   * Registers how to take back a write whose `charged` bytes are already counted (app.ts runs it
   * when the answer is refused as an emulator bug or the handler throws): `undo`, the bytes given
   * back (a difference, not the old totals: another request may have written since), and the
   * resource's kept order outdated. Nothing is kept when no one asks (`ctx.undo`).
   */
  private remember(ctx: Context<EngineState>, partition: Partition, resource: string, charged: number, undo: () => void): void {
    if (!ctx.undo) return;
    ctx.undo(() => {
      undo();
      this.adjust(ctx.state, partition, -charged);
      touch(partition, resource);
    });
  }

  /** The request schema's defaults for what the body leaves out (create), read once per operation (CompiledOperation). */
  private schemaDefaults(schema: Json): Rec {
    const out: Rec = {};
    const visit = (s: Json, depth: number) => {
      const resolved = deref<Json>(this.doc, s);
      if (!resolved || depth > 8) return;
      for (const [name, p] of Object.entries<Json>(resolved.properties ?? {})) {
        const d = deref<Json>(this.doc, p)?.default;
        if (d !== undefined) out[name] = d;
      }
      for (const part of resolved.allOf ?? []) visit(part, depth + 1);
    };
    visit(schema, 0);
    return out;
  }

  /** A replacement: what the body leaves out of the request schema is gone (a list is empty), but a unique field (a name) stays. */
  private replaced({ spec, replaceFields }: CompiledOperation, current: Rec, body: Rec): Rec {
    const next: Rec = { ...current };
    for (const { name, array } of replaceFields) {
      if ((spec.unique ?? []).includes(name) && !(name in body)) continue;
      if (array) next[name] = [];
      else delete next[name];
    }
    // The body is already the write's own copy (storable).
    return { ...next, ...body };
  }

  /** The plug-in's `check` hooks on a new record. */
  private checked(ctx: Context<EngineState>, spec: ResourceSpec, record: Rec, plugin?: Plugin<any>): Reply | undefined {
    for (const name of spec.check ?? []) {
      const hook = plugin?.check?.[name];
      const refused = hook!(ctx, record, this);
      if (refused) return refused;
    }
    return undefined;
  }

  /** Charges bytes to a partition and the state, refusing (CapReached) past either byte cap. */
  charge(state: EngineState, partition: Partition, delta: number): void {
    if (delta > 0) {
      if ((partition.bytes ?? 0) + delta > state.caps.recordBytesPerPartition) throw new CapReached("bytes of records per partition (their JSON)", state.caps.recordBytesPerPartition);
      if ((state.bytes ?? 0) + delta > state.caps.recordBytes) throw new CapReached("bytes of records in all partitions (their JSON)", state.caps.recordBytes);
    }
    this.adjust(state, partition, delta);
  }

  /** Moves the byte counts without a cap check (an undo giving back what a write charged). */
  private adjust(state: EngineState, partition: Partition, delta: number): void {
    partition.bytes = (partition.bytes ?? 0) + delta;
    state.bytes = (state.bytes ?? 0) + delta;
  }

  /**
   * 409 on a duplicate unique field (a list field: any value another record holds, or one given
   * twice); 404 on a reference to a record that does not exist. Uniqueness is read from an index.
   */
  private refuse(ctx: Context<EngineState>, partition: Partition, spec: ResourceSpec, record: Rec, self?: string, op?: Json): Reply | undefined {
    for (const field of spec.unique ?? []) {
      if (uniqueTaken(partition, spec.name, field, record, self)) return this.documented(ctx, op, 409, spec.errors?.unique, `a ${spec.name} with this ${field} already exists`);
    }
    for (const { path, resource } of this.references.get(spec.name) ?? []) {
      const target = partition.records.get(resource);
      if (!this.isResource(resource)) continue;
      for (const value of valuesAt(record, path)) if (!target?.has(String(value))) return ctx.answer(404, `${resource} ${String(value)} does not exist`);
    }
    return undefined;
  }

  private isResource(name: string): boolean {
    for (const { spec } of this.specs.values()) if (spec.name === name) return true;
    return false;
  }

  /** What one `set` or `fill` value makes (`uuid`, `now`, `{ template }`, `{ random: bytes }`, `{ has: field }`, `{ param }`, or a constant), read once per value: a constant is copied only when it is an object. */
  private makerOf(value: unknown): Maker {
    if (value === "uuid") return (ctx) => ctx.uuid();
    if (value === "now") return (_ctx, _record, _body, now) => now;
    if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 1) {
      const v = value as Rec;
      if (typeof v.template === "string") {
        const template = v.template;
        return (ctx, record) => template.replace(/\{([^}]+)\}/g, (_: string, name: string) => String(record[name] ?? this.param(ctx, name) ?? ""));
      }
      if (typeof v.random === "number") {
        const count = v.random;
        return (ctx) => base64(ctx.bytes(count));
      }
      if (typeof v.has === "string") {
        const field = v.has;
        return (_ctx, _record, body) => body[field] !== undefined;
      }
      if (typeof v.param === "string") {
        const name = v.param;
        return (ctx) => this.param(ctx, name);
      }
    }
    return value !== null && typeof value === "object" ? () => structuredClone(value) : () => value;
  }

  /** A spec's `set` then `fill`, compiled once per spec object: the pointer's keys, its form and its maker. */
  private stampSteps(spec: ResourceSpec): StampStep[] {
    let steps = this.stamps.get(spec);
    if (!steps) {
      const step = (fill: boolean) => ([pointer, value]: [string, unknown]): StampStep => {
        const keys = keysOf(pointer);
        return { pointer, keys, star: keys.length > 1 && keys.includes("*"), fill, make: this.makerOf(value) };
      };
      steps = [...Object.entries(spec.set ?? {}).map(step(false)), ...Object.entries(spec.fill ?? {}).map(step(true))];
      this.stamps.set(spec, steps);
    }
    return steps;
  }

  /** The fields the service sets (`set`), then those it fills where the request left them out (`fill`). */
  private stamp(ctx: Context<EngineState>, spec: ResourceSpec, record: Rec, now: string, body: Rec = {}): void {
    for (const { pointer, keys, star, fill, make } of this.stampSteps(spec)) {
      if (fill) {
        if (valuesAt(record, keys).length === 0) setAt(record, pointer, make(ctx, record, body, now));
      } else if (star) for (const { parent, key } of places(record, keys)) parent[key] = make(ctx, record, body, now);
      else setAt(record, pointer, make(ctx, record, body, now));
    }
  }

  /** A deleted record leaves no reference behind: the array entry (or the property) that named it goes. */
  private dropReferences(partition: Partition, resource: string, id: string, undo?: (fn: () => void) => void): void {
    for (const [name, paths] of this.references) {
      for (const { path, resource: target } of paths) {
        if (target !== resource) continue;
        const star = path.lastIndexOf("*");
        for (const record of partition.records.get(name)?.values() ?? []) {
          if (star < 0) {
            for (const { parent, key } of places(record, path)) {
              if (String(parent[key]) !== id) continue;
              const was = parent[key];
              undo?.(() => (parent[key] = was));
              delete parent[key];
            }
            continue;
          }
          const tail = path.slice(star + 1);
          for (const { parent, key } of places(record, path.slice(0, star))) {
            const list = parent[key];
            if (!Array.isArray(list)) continue;
            const kept = list.filter((item) => !valuesAt(item, tail).some((v) => String(v) === id));
            if (kept.length === list.length) continue;
            undo?.(() => (parent[key] = list));
            parent[key] = kept;
          }
        }
      }
    }
  }

  /** The success answer carrying one record (at `at` in the envelope), shaped by the request's `return=minimal` preference (RFC 7240). */
  private answerRecord(ctx: Context<EngineState> | undefined, { spec, success, shown: schema, minimal }: CompiledOperation, record: Rec, partition: Partition): Reply {
    let shown = this.view(partition, spec, record, schema);
    if (minimal && ctx && returnPreference(ctx.request.headers.get("prefer")) === "return=minimal") shown = Object.fromEntries(minimal.filter((k) => shown[k] !== undefined).map((k) => [k, shown[k]]));
    if (!spec.at) return json(success.status, shown, success.mediaType);
    const out = envelopeOf(spec);
    setAt(out, spec.at, shown);
    return json(success.status, out, success.mediaType);
  }

  /** The answer a create of this record gives (its full representation): what a restored record is checked with. */
  recordReply(operationId: string, record: Rec, partition: Partition): Reply {
    return this.answerRecord(undefined, this.specs.get(operationId)!, record, partition);
  }

  /** A list or count's records: `match` parameters, then the plug-in's `where` hooks in order. */
  private narrow(ctx: Context<EngineState>, spec: ResourceSpec, plugin: Plugin<any> | undefined, all: Rec[]): { items: Rec[]; last?: boolean } | Reply {
    let items = all;
    for (const [param, field] of Object.entries(spec.match ?? {})) {
      const given = this.param(ctx, param, false);
      if (given === undefined) continue;
      items = items.filter((r) => (Array.isArray(given) ? given.includes(r[field]) : r[field] === given));
    }
    let last = false;
    for (const name of spec.where ?? []) {
      const hook = plugin?.where?.[name];
      // Every hook a document names was checked when the engine was defined (annotations.ts).
      const out = hook!(ctx, items, this);
      if (Array.isArray(out)) items = out;
      else if ("items" in out) {
        items = out.items;
        last ||= out.last === true;
      } else return out;
    }
    return { items, ...(last ? { last } : {}) };
  }

  private list(ctx: Context<EngineState>, { spec, success, paging, item: itemSchema, dates }: CompiledOperation, partition: Partition, records: Map<string, Rec>, plugin?: Plugin<any>): Reply {
    const q = ctx.input.query;
    const itemsAt = paging?.items ?? "";
    const isDate = (field: string) => dates.has(field);
    const ordered = spec.sortParam ? sortedRecords(partition, spec.name, records, String(this.param(ctx, spec.sortParam) ?? "id"), isDate) : [...records.values()];
    const narrowed = this.narrow(ctx, spec, plugin, ordered);
    if (!("items" in narrowed)) return narrowed;
    const search = spec.search ? (q[spec.search.param] as string | undefined)?.toLowerCase() : undefined;
    let items = search === undefined ? narrowed.items : narrowed.items.filter((r) => String(r[spec.search!.field] ?? "").toLowerCase().includes(search));
    if (spec.sort) items = [...items].sort((a, b) => collator.compare(String(a[spec.sort!] ?? ""), String(b[spec.sort!] ?? "")));
    const offset = paging ? ((this.param(ctx, paging.offsetParam) as number | undefined) ?? 0) : 0;
    const limit = paging ? ((this.param(ctx, paging.limitParam) as number | undefined) ?? items.length) : items.length;
    const index = new Map<string, unknown>();
    const page = items.slice(offset, offset + limit).map((r) => this.view(partition, spec, r, itemSchema, index));
    if (!itemsAt) return json(success.status, page, success.mediaType);
    const out = envelopeOf(spec);
    const href = (at: number) => {
      const url = new URL(ctx.url.pathname, ctx.url.origin);
      url.searchParams.set(paging!.limitParam, String(limit));
      url.searchParams.set(paging!.offsetParam, String(at));
      if (spec.search && q[spec.search.param] !== undefined) url.searchParams.set(spec.search.param, String(q[spec.search.param]));
      return url.toString();
    };
    if (paging?.total) setAt(out, paging.total, items.length);
    if (paging?.pageCount) setAt(out, paging.pageCount, page.length);
    if (paging?.last && narrowed.last) setAt(out, paging.last, true);
    if (spec.page?.offset) setAt(out, spec.page.offset, offset);
    if (spec.page?.limit) setAt(out, spec.page.limit, limit);
    setAt(out, itemsAt, page);
    if (spec.page?.first) setAt(out, spec.page.first, href(0));
    if (paging?.next && offset + limit < items.length) setAt(out, paging.next, href(offset + limit));
    return json(success.status, out, success.mediaType);
  }

  /**
   * A record as the response schema shows it: its listed properties only, with the derived
   * fields (`derive`) computed from the partition's records, less what `omit` withholds.
   * `index` caches the reverse references over one list answer.
   */
  view(partition: Partition, spec: ResourceSpec, record: Rec, schema: Json, index = new Map<string, unknown>()): Rec {
    // Derived fields may be written into nested objects, so only then is the record copied deeply.
    const out: Rec = spec.derive ? this.derived(partition, spec, record, index) : record;
    const omitted = spec.omit ? Object.entries(spec.omit).filter(([, when]) => when === true || Object.entries(when).every(([k, v]) => record[k] === v)).map(([field]) => field) : [];
    const listed = schema ? this.listed(schema) : [];
    if (listed.length === 0) {
      const all = out === record ? { ...record } : out;
      for (const field of omitted) delete all[field];
      return all;
    }
    const shown: Rec = {};
    for (const k of listed) if (out[k] !== undefined && !omitted.includes(k)) shown[k] = out[k];
    return shown;
  }

  /** A deep copy of the record with the derived fields (`derive`) computed from the partition's records. */
  private derived(partition: Partition, spec: ResourceSpec, record: Rec, index: Map<string, unknown>): Rec {
    const out: Rec = structuredClone(record);
    for (const [target, derive] of Object.entries(spec.derive ?? {})) {
      if ("const" in derive) setAt(out, target, structuredClone(derive.const));
      else if ("size" in derive) {
        const list = valuesAt(out, keysOf(derive.size))[0];
        setAt(out, target, Array.isArray(list) ? list.length : 0);
      }
      else if ("count" in derive || "referrers" in derive) {
        const referrers = this.referrers(partition, "count" in derive ? derive.count : derive.referrers, spec.name, index).get(String(record.id)) ?? [];
        setAt(out, target, "count" in derive ? referrers.length : referrers.map((r) => r[derive.field]));
      } else {
        const source = partition.records.get(derive.from);
        const keys = keysOf(target);
        if (keys.length === 1) setAt(out, target, valuesAt(out, keysOf(derive.by)).map((v) => source?.get(String(v))?.[derive.field] ?? ""));
        else for (const { parent, key } of places(out, keys)) parent[key] = source?.get(String(parent[derive.by]))?.[derive.field] ?? "";
      }
    }
    return out;
  }

  /** The properties a response schema lists, read once per schema object (a list answer shapes every item by it). */
  private listed(schema: Json): string[] {
    let names = this.listedCache.get(schema);
    if (!names) this.listedCache.set(schema, (names = propertiesOf(this.doc, schema)));
    return names;
  }

  /** Records of `from` that refer to records of `to`, by the referred id (built once per answer). */
  private referrers(partition: Partition, from: string, to: string, index: Map<string, unknown>): Map<string, Rec[]> {
    const key = `${from}->${to}`;
    let byId = index.get(key) as Map<string, Rec[]> | undefined;
    if (!byId) {
      byId = new Map();
      const paths = (this.references.get(from) ?? []).filter((p) => p.resource === to);
      for (const record of partition.records.get(from)?.values() ?? []) {
        const ids = new Set(paths.flatMap((p) => valuesAt(record, p.path).map(String)));
        for (const id of ids) (byId.get(id) ?? byId.set(id, []).get(id)!).push(record);
      }
      index.set(key, byId);
    }
    return byId;
  }
}

const engines = new WeakMap<object, Engine>();
export const engineOf = (doc: object): Engine => engines.get(doc) ?? engines.set(doc, new Engine(doc)).get(doc)!;

/**
 * The document's own answer to a refused request: 401, 415, 400 or 500, each its documented
 * example with the problem as its message. A media type the operation does not take is its 400
 * where it documents no 415.
 */
export function documentedReject(failure: Failure, op: TableOperation, ctx: Omit<Context<unknown>, "input">): Reply {
  const mediaType = op.responses.some((r) => r.status === "415") ? 415 : 400;
  const status = failure.kind === "security" ? 401 : failure.kind === "mediaType" ? mediaType : failure.kind === "invalid" ? 400 : 500;
  return ctx.answer(status, failure.problems.join("; "));
}

/**
 * A service whose operations the engine serves from the document's `x-resource` annotations,
 * with a family plug-in for the rest (named by operationId in the plug-in).
 */
export function engineDefinition<S extends EngineState>(serviceId: string, document: Json, plugin: Plugin<S> = {}): ServiceDefinition<S> {
  const engine = engineOf(document);
  const declaredCaps: Caps = { ...ENGINE_CAPS, ...documentCaps(document), ...plugin.caps };
  // A document the family cannot serve as written is refused here, before any request meets it.
  const problems = annotationProblems(document, plugin, declaredCaps);
  if (problems.length > 0) throw new AnnotationError(serviceId, problems);
  const operations: ServiceDefinition<S>["operations"] = {};
  const after = (ctx: Parameters<NonNullable<Plugin<S>["after"]>>[0], reply: Reply) => (plugin.after ? plugin.after(ctx, reply) : reply);
  // The plug-in's `before` and `after` hooks wrap every operation, the engine's and its own.
  const wrap = (run: (ctx: Context<S>) => Reply | Promise<Reply>) => (ctx: Context<S>) => {
    const early = plugin.before?.(ctx);
    const reply = early ?? run(ctx);
    return reply instanceof Promise ? reply.then((r) => after(ctx, r)) : after(ctx, reply);
  };
  for (const operationId of engine.specs.keys()) operations[operationId] = wrap((ctx) => engine.serve(ctx as unknown as Context<EngineState>, plugin));
  for (const [operationId, handler] of Object.entries(plugin.operations ?? {})) operations[operationId] = wrap((ctx) => handler(ctx, engine));
  for (const [operationId, name] of engine.plugged) {
    const handler = plugin.operations![name]!;
    operations[operationId] = wrap((ctx) => handler(ctx, engine));
  }
  const reject = (plugin.reject ?? documentedReject) as ServiceDefinition<S>["reject"];
  return {
    serviceId,
    initialState(env, options) {
      const world = engine.worldRecords(options.seedFromExamples === false ? EMPTY_WORLD : readWorld(document));
      const state: EngineState = { partitions: new Map(), caps: resolveCaps(declaredCaps, options.caps) as EngineState["caps"], world, bytes: 0 };
      return plugin.extend ? plugin.extend(state, options, engine, env) : (state as S);
    },
    operations,
    generate: (state, env, request, checks) => generateRecords(engine, state, env, plugin, request, checks),
    restored: (state) => checkRestored(engine, state, plugin.partitionCaps),
    reject: (failure, op, ctx) => {
      const reply = reject(failure, op, ctx);
      return reply instanceof Promise ? reply.then((r) => after(ctx, r)) : after(ctx, reply);
    },
  };
}

/** The create operation of a resource. */
function creatorOf(engine: Engine, resource: string): { operationId: string; spec: ResourceSpec; op: Json } {
  for (const [operationId, { spec, op }] of engine.specs) if (spec.name === resource && spec.action === "create") return { operationId, spec, op };
  const known = [...new Set([...engine.specs.values()].filter((s) => s.spec.action === "create").map((s) => s.spec.name))];
  throw new InputError("resource", "unknown", `resource: no x-resource "${resource.slice(0, 60)}" with a create operation; known: ${known.join(", ") || "(none)"}`);
}

/** Makes and stores `request.count` records (all or none); resolves the number made. */
export function generateRecords<S extends EngineState>(engine: Engine, state: S, env: Env, plugin: Plugin<S>, request: GenerateRequest, checks: GenerateChecks): number {
  const { operationId, spec, op } = creatorOf(engine, request.resource);
  const given = request.partition ?? {};
  const names = spec.partition ?? [];
  for (const key of Object.keys(given)) if (!names.includes(key)) throw new InputError(`partition.${key.slice(0, 60)}`, "unknown", `partition.${key.slice(0, 60)}: not a partitioning parameter of ${request.resource} (${names.join(", ") || "it has none"})`);
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = given[name] ?? (engineParamDefault(engine, operationId, name) as string | undefined);
    if (value === undefined) throw new InputError(`partition.${name}`, "required", `partition.${name}: required (the ${request.resource} records are kept per ${names.join(", ")})`);
    const problems = checks.param(operationId, name, String(value));
    if (problems.length) throw new InputError(`partition.${name}`, "invalid", `partition.${name}: ${problems.join("; ").slice(0, 300)}`);
    params[name] = String(value);
  }
  const key = names.map((n) => params[n] ?? "").join("\u0000");
  const existed = state.partitions.has(key);
  let partition: Partition;
  try {
    partition = engine.partition(state, key, plugin, spec);
  } catch (error) {
    if (error instanceof NoPartition) throw new InputError("partition", "unknown", `partition: ${names.join(", ")} ${JSON.stringify(Object.values(params)).slice(0, 80)} does not exist here (the emulator admits no such partition)`);
    if (error instanceof CapReached) throw new InputError("partition", "cap", `partition: ${error.message}`);
    throw error;
  }
  const undoPartition = () => {
    if (!existed && state.partitions.get(key) === partition) {
      state.partitions.delete(key);
      state.bytes = (state.bytes ?? 0) - (partition.bytes ?? 0);
    }
  };
  try {
    const records = partition.records.get(spec.name) ?? new Map<string, Rec>();
    if (spec.cap) {
      const cap = capOf(state.caps, spec.cap);
      if (records.size + request.count > cap) throw new InputError("count", "cap", `count: ${request.count} more ${spec.name} records would make ${records.size + request.count}; the emulator holds at most ${cap} per partition (cap ${spec.cap})`);
    }
    const bodySchema = Object.values<Json>(deref<Json>(engine.doc, op.requestBody)?.content ?? {})[0];
    const example = bodySchema ? Object.values<Json>(bodySchema.examples ?? {}).map((e) => deref<Json>(engine.doc, e)?.value).find((v) => v !== undefined) ?? bodySchema.example : undefined;
    const references = (engine.references.get(spec.name) ?? []).filter((r) => r.path.length === 1);
    const taken = new Map<string, Set<string>>();
    const made: Rec[] = [];
    let bytes = 0;
    for (let i = 0; i < request.count; i++) {
      let record: Rec | undefined;
      for (let attempt = 0; attempt < UNIQUE_TRIES && !record; attempt++) {
        const body = sample(engine.doc, bodySchema?.schema, spec.name, example, env) as Rec;
        const candidate = { ...cloneDefaults(engine.specs.get(operationId)!.defaults), ...((spec.body ? getPointer(body, spec.body) : body) as Rec) };
        delete candidate.id;
        for (const { path, resource } of references) {
          const field = path[0]!;
          if (candidate[field] === undefined) continue;
          const targets = [...(partition.records.get(resource)?.keys() ?? [])];
          if (targets.length === 0) throw new InputError("resource", "refers", `resource: a ${spec.name} names a ${resource} (${field}), and this partition holds none`);
          candidate[field] = targets[Math.floor(env.random() * targets.length)];
        }
        if (spec.body) setPointer(body, spec.body, candidate);
        const problems = checks.body(operationId, spec.body ? body : candidate);
        if (problems.length) throw new InputError("resource", "invalid", `resource: a generated ${spec.name} breaks the document (${problems.join("; ").slice(0, 300)}); it cannot be generated`);
        const clash = (spec.unique ?? []).some((field) => uniqueTaken(partition, spec.name, field, candidate) || uniqueValues(candidate[field]).some((v) => taken.get(field)?.has(v)));
        if (!clash) record = candidate;
      }
      if (!record) throw new InputError("resource", "unique", `resource: no ${spec.name} with ${(spec.unique ?? []).join(", ")} unlike every other could be generated in ${UNIQUE_TRIES} tries`);
      for (const field of spec.unique ?? []) for (const v of uniqueValues(record[field])) (taken.get(field) ?? taken.set(field, new Set()).get(field)!).add(v);
      const complete = engine.complete(operationId, env, params, record);
      if (records.has(String(complete.id)) || made.some((r) => r.id === complete.id)) {
        i--;
        continue;
      }
      made.push(complete);
      bytes += sizeOf(complete);
    }
    if ((partition.bytes ?? 0) + bytes > state.caps.recordBytesPerPartition) throw new InputError("count", "cap", `count: ${bytes} more bytes of records would pass the emulator's cap of ${state.caps.recordBytesPerPartition} per partition`);
    if ((state.bytes ?? 0) + bytes > state.caps.recordBytes) throw new InputError("count", "cap", `count: ${bytes} more bytes of records would pass the emulator's cap of ${state.caps.recordBytes} in all`);
    for (const record of made) engine.insert(partition, spec.name, record, state);
    return made.length;
  } catch (error) {
    undoPartition();
    throw error;
  }
}

function engineParamDefault(engine: Engine, operationId: string, name: string): unknown {
  return engine.param({ op: { operationId }, input: { path: {}, query: {}, header: {} } } as never, name);
}

const isPlainRecord = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * Vets the engine's part of a restored state (each partition a `records` map of known resources,
 * each record an object whose `id` is its key, counts within the caps) and computes its byte
 * counts again; StateError names the first thing wrong.
 */
export function checkRestored(engine: Engine, state: EngineState, pluginPartitionCaps: readonly string[] = []): RestoredAnswer[] {
  const answers: RestoredAnswer[] = [];
  const creators = new Map<string, string>();
  for (const [operationId, { spec }] of engine.specs) if (spec.action === "create" && !creators.has(spec.name)) creators.set(spec.name, operationId);
  if (!(state.partitions instanceof Map)) throw new StateError("state.partitions", "must be a map");
  const resources = new Map<string, ResourceSpec>();
  for (const { spec } of engine.specs.values()) if (spec.action === "create" || !resources.has(spec.name)) resources.set(spec.name, spec);
  for (const name of state.world.keys()) if (!resources.has(name)) resources.set(name, { name, action: "get" });
  // The caps of the document's resources and those of the plug-in's own partitions (identity's tenants have no x-resource of their own: without them the cap read 0).
  const partitionCaps = [...new Set([...[...engine.specs.values()].map((s) => s.spec.partitionCap ?? "partitions"), ...pluginPartitionCaps])].map((name) => capOf(state.caps, name));
  const partitionCap = Math.max(...partitionCaps, 0);
  if (state.partitions.size > partitionCap) throw new StateError("state.partitions", `${state.partitions.size} partitions; the emulator holds at most ${partitionCap}`);
  let total = 0;
  for (const [key, partition] of state.partitions) {
    const at = `state.partitions[${JSON.stringify(String(key)).slice(0, 80)}]`;
    if (typeof key !== "string") throw new StateError(at, "a partition's key must be a string");
    if (!isPlainRecord(partition) || !(partition.records instanceof Map)) throw new StateError(at, "must be an object with a records map");
    let bytes = 0;
    for (const [resource, records] of partition.records as Map<unknown, unknown>) {
      const where = `${at}.records[${JSON.stringify(String(resource)).slice(0, 60)}]`;
      const spec = typeof resource === "string" ? resources.get(resource) : undefined;
      if (!spec) throw new StateError(where, `not a resource of this emulator (${[...resources.keys()].join(", ")})`);
      if (!(records instanceof Map)) throw new StateError(where, "must be a map of id to record");
      const cap = spec.cap ? capOf(state.caps, spec.cap) : undefined;
      if (cap !== undefined && records.size > cap) throw new StateError(where, `${records.size} records; the emulator holds at most ${cap} (cap ${spec.cap})`);
      for (const [id, record] of records) {
        if (!isPlainRecord(record)) throw new StateError(`${where}[${JSON.stringify(String(id)).slice(0, 60)}]`, "must be an object");
        if (typeof id !== "string" || String(record.id) !== id) throw new StateError(`${where}[${JSON.stringify(String(id)).slice(0, 60)}]`, "the record's id must equal its key");
        bytes += sizeOf(record);
        const creator = creators.get(resource as string);
        if (creator) answers.push({ operationId: creator, where: `${where}[${JSON.stringify(id).slice(0, 60)}]`, reply: () => engine.recordReply(creator, record, partition as Partition) });
      }
    }
    if (bytes > state.caps.recordBytesPerPartition) throw new StateError(at, `${bytes} bytes of records; the emulator holds at most ${state.caps.recordBytesPerPartition} per partition`);
    partition.bytes = bytes;
    total += bytes;
  }
  if (total > state.caps.recordBytes) throw new StateError("state.partitions", `${total} bytes of records; the emulator holds at most ${state.caps.recordBytes}`);
  state.bytes = total;
  return answers;
}

/** A restored record as its create would answer it, for the emulator to check against the document before the state is used. */
export interface RestoredAnswer {
  operationId: string;
  where: string;
  reply(): Reply;
}
