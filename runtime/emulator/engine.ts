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
import { CapReached, capsOf, type Caps } from "./caps.js";
import { empty, json, type Context, type Env, type Failure, type Reply, type ServiceDefinition } from "./app.js";
import type { OperationSpec } from "./contract.js";
import type { EmulatorOptions } from "./types.js";
import { EMPTY_WORLD, readWorld, type World } from "./world.js";
import { deref, splitPointer } from "../openapi/pointer.js";
import { listOperations } from "../openapi/router.js";

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
  cap?: keyof Caps;
}

/** One partition: a map of records per resource name, and whatever a plug-in keeps beside them. */
export type Partition = Record<string, any> & { records: Map<string, Map<string, Rec>> };

export interface EngineState {
  partitions: Map<string, Partition>;
  caps: Caps;
  /** The records every partition starts with, per resource (runtime/emulator/world.ts). */
  world: Map<string, Rec[]>;
}

/**
 * What a family adds: handlers for the operations no annotation can state, and its own state.
 * An operation annotated `x-resource: { plugin: <name> }` is served by `operations[<name>]`
 * (an operation without `x-resource` by `operations[<operationId>]`).
 */
export interface Plugin<S extends EngineState> {
  operations?: Record<string, (ctx: Context<S>, engine: Engine) => Reply | Promise<Reply>>;
  /** The cap that limits this service's partitions, and what they are called (default `partitions`, "partitions (instances)"). */
  partitionCap?: { cap: keyof Caps; what: string };
  /** The answer to a refused request where the protocol says more than the document's example (an OAuth challenge); default documentedReject. */
  reject?: ServiceDefinition<S>["reject"];
  /** Extra state (given the engine's), e.g. what a send operation records; `engine` can seed partitions. */
  extend?(state: EngineState, options: EmulatorOptions, engine: Engine): S;
  /** Called when a partition is made (to add the plug-in's own fields), with the state it joins. */
  partition?(partition: Partition, state: S): void;
}

const collator = new Intl.Collator();

/** Schema of an operation's first success response (its first media type), resolved. */
function successOf(doc: Json, op: Json): { status: number; schema?: Json } {
  const [status, responseOrRef] = Object.entries<Json>(op.responses ?? {}).find(([s]) => /^2\d\d$/.test(s)) ?? ["200", undefined];
  const media = Object.values<Json>(deref<Json>(doc, responseOrRef)?.content ?? {})[0];
  return { status: Number(status), ...(media?.schema ? { schema: media.schema } : {}) };
}

/** The property names a schema lists (through $ref and allOf). */
function propertiesOf(doc: Json, schemaOrRef: Json, depth = 0): string[] {
  const schema = deref<Json>(doc, schemaOrRef);
  if (!schema || depth > 8) return [];
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((s: Json) => propertiesOf(doc, s, depth + 1))];
}

/** The schema a JSON pointer into instances of `schema` lands on. */
function schemaAt(doc: Json, schemaOrRef: Json, pointer: string): Json {
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
const keysOf = (pointer: string) => splitPointer(pointer.startsWith("/") ? pointer : `/${pointer}`);

function setAt(root: Rec, pointer: string, value: unknown): void {
  const keys = keysOf(pointer);
  let node: Rec = root;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)!] = value;
}

/** The engine over one document: each annotated operation's spec, and the references between resources. */
export class Engine {
  readonly specs = new Map<string, { spec: ResourceSpec; op: Json }>();
  /** Operations the document names a plug-in for (`x-resource: { plugin }`): operationId → the plug-in handler's name. */
  readonly plugged = new Map<string, string>();
  /** Per resource: where its records refer to records of other resources. */
  readonly references = new Map<string, Array<{ path: string[]; resource: string }>>();

  constructor(readonly doc: Json) {
    for (const { operation } of listOperations(doc)) {
      const spec = operation["x-resource"] as ResourceSpec | { plugin: string } | undefined;
      if (!spec) continue;
      if ("plugin" in spec) {
        this.plugged.set(operation.operationId, spec.plugin);
        continue;
      }
      this.specs.set(operation.operationId, { spec, op: operation });
      if (spec.action === "create" || spec.action === "replace") {
        const schema = Object.values<Json>(deref<Json>(doc, operation.requestBody)?.content ?? {})[0]?.schema;
        if (schema && !this.references.has(spec.name)) this.references.set(spec.name, referencePaths(doc, schema));
      }
    }
  }

  /** The records a new partition holds: every world value of an engine resource, as the success examples show it. */
  worldRecords(world: World): Map<string, Rec[]> {
    const out = new Map<string, Rec[]>();
    const names = new Set([...this.specs.values()].map((s) => s.spec.name));
    for (const name of names) {
      const records = world.values(name).map((id) => ({ ...(world.shown(id) ?? {}), id }));
      if (records.length) out.set(name, records);
    }
    return out;
  }

  partitionOf(state: EngineState, ctx: Context<EngineState>, spec: Pick<ResourceSpec, "partition">, plugin?: Plugin<any>): Partition {
    const key = (spec.partition ?? []).map((name) => String(ctx.input.path[name] ?? ctx.input.header[name] ?? ctx.input.query[name] ?? "")).join("\u0000");
    return this.partition(state, key, plugin);
  }

  /** The partition of these parameter values (joined by NUL), made with the starting world on first use. */
  partition(state: EngineState, key: string, plugin?: Plugin<any>): Partition {
    let partition = state.partitions.get(key);
    if (!partition) {
      const { cap, what } = plugin?.partitionCap ?? { cap: "partitions", what: "partitions (instances)" };
      if (state.partitions.size >= state.caps[cap]) throw new CapReached(what, state.caps[cap]);
      partition = { records: new Map([...state.world].map(([name, records]) => [name, new Map(structuredClone(records).map((r) => [String(r.id), r]))])) };
      plugin?.partition?.(partition, state);
      state.partitions.set(key, partition);
    }
    return partition;
  }

  /** Serves an annotated operation. */
  serve(ctx: Context<EngineState>, plugin?: Plugin<any>): Reply {
    const { spec, op } = this.specs.get(ctx.op.operationId)!;
    const partition = this.partitionOf(ctx.state, ctx, spec, plugin);
    const records = partition.records.get(spec.name) ?? partition.records.set(spec.name, new Map()).get(spec.name)!;
    const success = successOf(this.doc, op);
    const id = spec.id === undefined ? undefined : String(ctx.input.path[spec.id]);
    const body = (ctx.input.body ?? {}) as Rec;
    const now = new Date(ctx.now()).toISOString();
    const view = (record: Rec, schema = success.schema) => this.view(partition, spec, record, schema);
    const found = id === undefined ? undefined : records.get(id);
    if (spec.action !== "create" && spec.action !== "list" && spec.action !== "count" && !found) return ctx.answer(404, `${spec.name} ${id} does not exist`);

    switch (spec.action) {
      case "create": {
        if (spec.cap && records.size >= ctx.state.caps[spec.cap]) throw new CapReached(`${spec.name}s per partition`, ctx.state.caps[spec.cap]);
        const record: Rec = { ...this.defaults(op), ...structuredClone(body) };
        const refused = this.refuse(ctx, partition, spec, records, record);
        if (refused) return refused;
        this.stamp(ctx, spec, record, now);
        records.set(String(record.id), record);
        return json(success.status, view(record));
      }
      case "update":
      case "replace": {
        const next: Rec = spec.action === "update" ? { ...found, ...structuredClone(body) } : this.replaced(op, spec, found!, body);
        const refused = this.refuse(ctx, partition, spec, records, next, id);
        if (refused) return refused;
        this.stamp(ctx, spec, next, now);
        for (const key of Object.keys(found!)) delete found![key];
        Object.assign(found!, next);
        return json(success.status, view(found!));
      }
      case "get":
        return json(success.status, view(found!));
      case "delete":
        records.delete(id!);
        this.dropReferences(partition, spec.name, id!);
        return empty(success.status);
      case "count":
        return empty(success.status, { [Object.keys(deref<Json>(this.doc, op.responses[String(success.status)])?.headers ?? {})[0] ?? "X-Total-Count"]: String(records.size) });
      case "list":
        return this.list(ctx, spec, op, partition, [...records.values()], success);
    }
  }

  /** The request schema's defaults for what the body leaves out (create). */
  private defaults(op: Json): Rec {
    const schema = Object.values<Json>(deref<Json>(this.doc, op.requestBody)?.content ?? {})[0]?.schema;
    const out: Rec = {};
    const visit = (s: Json, depth: number) => {
      const resolved = deref<Json>(this.doc, s);
      if (!resolved || depth > 8) return;
      for (const [name, p] of Object.entries<Json>(resolved.properties ?? {})) {
        const d = deref<Json>(this.doc, p)?.default;
        if (d !== undefined) out[name] = structuredClone(d);
      }
      for (const part of resolved.allOf ?? []) visit(part, depth + 1);
    };
    visit(schema, 0);
    return out;
  }

  /** A replacement: what the body leaves out of the request schema is gone (a list is empty), but a unique field (a name) stays. */
  private replaced(op: Json, spec: ResourceSpec, current: Rec, body: Rec): Rec {
    const schema = Object.values<Json>(deref<Json>(this.doc, op.requestBody)?.content ?? {})[0]?.schema;
    const next: Rec = { ...current };
    for (const name of propertiesOf(this.doc, schema)) {
      if ((spec.unique ?? []).includes(name) && !(name in body)) continue;
      if (schemaAt(this.doc, schema, `/${name}`)?.type === "array") next[name] = [];
      else delete next[name];
    }
    return { ...next, ...structuredClone(body) };
  }

  /** 409 on a duplicate unique field; 404 on a reference to a record that does not exist. */
  private refuse(ctx: Context<EngineState>, partition: Partition, spec: ResourceSpec, records: Map<string, Rec>, record: Rec, self?: string): Reply | undefined {
    for (const field of spec.unique ?? []) {
      if (record[field] === undefined) continue;
      for (const other of records.values()) {
        if (other[field] === record[field] && String(other.id) !== self) return ctx.answer(409, `a ${spec.name} with this ${field} already exists`);
      }
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

  /** The fields the service sets (`set`): `uuid`, `now`, or a constant. */
  private stamp(ctx: Env, spec: ResourceSpec, record: Rec, now: string): void {
    for (const [pointer, value] of Object.entries(spec.set ?? {})) {
      const make = () => (value === "uuid" ? ctx.uuid() : value === "now" ? now : structuredClone(value));
      const keys = keysOf(pointer);
      if (keys.length === 1) setAt(record, pointer, make());
      else for (const { parent, key } of places(record, keys)) parent[key] = make();
    }
  }

  /** A deleted record leaves no reference behind: the array entry (or the property) that named it goes. */
  private dropReferences(partition: Partition, resource: string, id: string): void {
    for (const [name, paths] of this.references) {
      for (const { path, resource: target } of paths) {
        if (target !== resource) continue;
        const star = path.lastIndexOf("*");
        for (const record of partition.records.get(name)?.values() ?? []) {
          if (star < 0) {
            for (const { parent, key } of places(record, path)) if (String(parent[key]) === id) delete parent[key];
            continue;
          }
          const tail = path.slice(star + 1);
          for (const { parent, key } of places(record, path.slice(0, star))) {
            const list = parent[key];
            if (Array.isArray(list)) parent[key] = list.filter((item) => !valuesAt(item, tail).some((v) => String(v) === id));
          }
        }
      }
    }
  }

  private list(ctx: Context<EngineState>, spec: ResourceSpec, op: Json, partition: Partition, all: Rec[], success: { status: number; schema?: Json }): Reply {
    const paging = op["x-pagination"] as { offsetParam: string; limitParam: string; items: string; total?: string; next?: string } | undefined;
    const q = ctx.input.query;
    const search = spec.search ? (q[spec.search.param] as string | undefined)?.toLowerCase() : undefined;
    let items = search === undefined ? all : all.filter((r) => String(r[spec.search!.field] ?? "").toLowerCase().includes(search));
    if (spec.sort) items = [...items].sort((a, b) => collator.compare(String(a[spec.sort!] ?? ""), String(b[spec.sort!] ?? "")));
    const param = (name: string) => deref<Json>(this.doc, (op.parameters ?? []).map((p: Json) => deref<Json>(this.doc, p)).find((p: Json) => p?.name === name)?.schema);
    const offset = paging ? ((q[paging.offsetParam] as number | undefined) ?? param(paging.offsetParam)?.default ?? 0) : 0;
    const limit = paging ? ((q[paging.limitParam] as number | undefined) ?? param(paging.limitParam)?.default ?? items.length) : items.length;
    const itemsAt = paging?.items ?? "";
    const itemSchema = success.schema && itemsAt ? schemaAt(this.doc, success.schema, `${itemsAt}/*`) : undefined;
    const index = new Map<string, unknown>();
    const page = items.slice(offset, offset + limit).map((r) => this.view(partition, spec, r, itemSchema, index));
    if (!itemsAt) return json(success.status, page);
    const out: Rec = {};
    const href = (at: number) => {
      const url = new URL(ctx.url.pathname, ctx.url.origin);
      url.searchParams.set(paging!.limitParam, String(limit));
      url.searchParams.set(paging!.offsetParam, String(at));
      if (spec.search && q[spec.search.param] !== undefined) url.searchParams.set(spec.search.param, String(q[spec.search.param]));
      return url.toString();
    };
    if (paging?.total) setAt(out, paging.total, items.length);
    if (spec.page?.offset) setAt(out, spec.page.offset, offset);
    if (spec.page?.limit) setAt(out, spec.page.limit, limit);
    setAt(out, itemsAt, page);
    if (spec.page?.first) setAt(out, spec.page.first, href(0));
    if (paging?.next && offset + limit < items.length) setAt(out, paging.next, href(offset + limit));
    return json(success.status, out);
  }

  /**
   * A record as the response schema shows it: its listed properties only, with the derived
   * fields (`derive`) computed from the partition's records. `index` caches the reverse
   * references over one list answer.
   */
  view(partition: Partition, spec: ResourceSpec, record: Rec, schema: Json, index = new Map<string, unknown>()): Rec {
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
    const listed = schema ? propertiesOf(this.doc, schema) : [];
    if (listed.length === 0) return out;
    return Object.fromEntries(listed.filter((k) => out[k] !== undefined).map((k) => [k, out[k]]));
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
export function documentedReject(failure: Failure, op: OperationSpec, ctx: Omit<Context<unknown>, "input">): Reply {
  const mediaType = op.responses.has("415") ? 415 : 400;
  const status = failure.kind === "security" ? 401 : failure.kind === "mediaType" ? mediaType : failure.kind === "invalid" ? 400 : 500;
  return ctx.answer(status, failure.problems.join("; "));
}

/**
 * A service whose operations the engine serves from the document's `x-resource` annotations,
 * with a family plug-in for the rest (named by operationId in the plug-in).
 */
export function engineDefinition<S extends EngineState>(serviceId: string, document: Json, plugin: Plugin<S> = {}): ServiceDefinition<S> {
  const engine = engineOf(document);
  const operations: ServiceDefinition<S>["operations"] = {};
  for (const operationId of engine.specs.keys()) operations[operationId] = (ctx) => engine.serve(ctx as unknown as Context<EngineState>, plugin);
  for (const [operationId, handler] of Object.entries(plugin.operations ?? {})) operations[operationId] = (ctx) => handler(ctx, engine);
  for (const [operationId, name] of engine.plugged) {
    const handler = plugin.operations?.[name];
    // A document naming a handler its family lacks is a build-time mistake, not a request's.
    if (!handler) throw new Error(`${serviceId}: operation ${operationId} is handled by the plug-in "${name}" (x-resource), which runtime/<family>/emulator.ts does not define`);
    operations[operationId] = (ctx) => handler(ctx, engine);
  }
  return {
    serviceId,
    initialState(_env, options) {
      const world = engine.worldRecords(options.seedFromExamples === false ? EMPTY_WORLD : readWorld(document));
      const state: EngineState = { partitions: new Map(), caps: capsOf(options), world };
      return plugin.extend ? plugin.extend(state, options, engine) : (state as S);
    },
    operations,
    reject: plugin.reject ?? (documentedReject as ServiceDefinition<S>["reject"]),
  };
}
