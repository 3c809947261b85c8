import { json, empty, type Reply, type Context, type Env, type Failure, type ServiceDefinition } from "../app.js";
import type { EmulatorOptions } from "../types.js";
import { CapReached, capsOf, type Caps } from "../caps.js";
import { EMPTY_WORLD, readWorld, type World } from "../world.js";

/** One collator for every sort: String#localeCompare builds one per call, and a 1,000-item sort took tens of ms. */
const collator = new Intl.Collator();

/**
 * Notifications v1: sources, topics (with their sources and rules), templates and sending, per
 * instance. Topic counts and names are computed from the current sources, so they never drift.
 */

interface SourceRecord {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  type: string;
  created_at: string;
  updated_at: string;
}

interface RuleRecord {
  id: string;
  enabled: boolean;
  event_type_filter: string;
  notification_filter?: string;
  updated_at: string;
}

interface TopicRecord {
  id: string;
  name: string;
  description?: string;
  sources: Array<{ id: string; rules: RuleRecord[] }>;
  created_at: string;
  updated_at: string;
}

interface TemplateRecord {
  id: string;
  name: string;
  description?: string;
  type: string;
  params: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface NotificationsInstance {
  sources: Map<string, SourceRecord>;
  topics: Map<string, TopicRecord>;
  templates: Map<string, TemplateRecord>;
  /** Every notification sent, in order, with the topics whose rules it matched. */
  sent: Array<{ notification_id: string; notification: Record<string, unknown>; topics: string[]; received_at: string }>;
}

export interface NotificationsState {
  instances: Map<string, NotificationsInstance>;
  caps: Caps;
  /** Every stored notification in send order, with its size: the oldest goes first past a cap. */
  sentLog: Array<{ instance: NotificationsInstance; bytes: number }>;
  sentBytes: number;
  /** What every instance starts with: the sources and topics the document's examples name (runtime/emulator/world.ts). */
  world: { sources: SourceRecord[]; topics: TopicRecord[] };
}

export interface NotificationsSeed {
  instances?: Record<string, { sources?: Array<Partial<SourceRecord>>; topics?: Array<Partial<TopicRecord>>; templates?: Array<Partial<TemplateRecord>> }>;
}

const MORE_INFO = "https://cloud.example.com/apidocs/event-notifications#";
const MESSAGES: Record<string, string> = {
  incorrect_json: "Required JSON parameters are missing or incorrect",
  unauthorized: "User authorization failed",
  not_found: "Requested resource not found",
  source_conflict: "A source with this name already exists",
  topic_conflict: "A topic with this name already exists",
  media_type_error: "Content-Type must be application/json",
  cnfser01: "Unexpected internal server error",
};

function error(env: Pick<Env, "uuid">, status: number, code: string, detail?: string): Reply {
  const message = detail ? `${MESSAGES[code]}: ${detail}` : MESSAGES[code]!;
  return json(status, { trace: env.uuid(), status_code: status, errors: [{ code, message, more_info: `${MORE_INFO}${code}` }] });
}

const iso = (env: Pick<Env, "now">) => new Date(env.now()).toISOString();

function newInstance(state: Pick<NotificationsState, "world">): NotificationsInstance {
  const copy = structuredClone(state.world);
  return { sources: new Map(copy.sources.map((s) => [s.id, s])), topics: new Map(copy.topics.map((t) => [t.id, t])), templates: new Map(), sent: [] };
}

/**
 * The sources and topics the examples refer to (x-refers: source, topic), each as the
 * document's success examples show it; a topic keeps the rules its examples show for the
 * sources that exist.
 */
function worldRecords(world: World, now: string): NotificationsState["world"] {
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  const sources: SourceRecord[] = world.values("source").map((id) => {
    const s = world.shown(id) ?? {};
    return { id: String(id), name: text(s.name, `source ${String(id)}`), description: text(s.description, ""), enabled: s.enabled !== false, type: text(s.type, "api"), created_at: text(s.created_at ?? s.updated_at, now), updated_at: text(s.updated_at, now) };
  });
  const known = new Set(sources.map((s) => s.id));
  const topics: TopicRecord[] = world.values("topic").map((id) => {
    const t = world.shown(id) ?? {};
    const shownSources = Array.isArray(t.sources) ? (t.sources as Array<Record<string, any>>) : [];
    return {
      id: String(id),
      name: text(t.name, `topic ${String(id)}`),
      ...(typeof t.description === "string" ? { description: t.description } : {}),
      sources: shownSources
        .filter((ts) => known.has(ts.id))
        .map((ts) => ({
          id: ts.id,
          rules: (Array.isArray(ts.rules) ? ts.rules : []).map((rule: Record<string, any>) => ({
            id: text(rule.id, ""),
            enabled: rule.enabled !== false,
            event_type_filter: text(rule.event_type_filter, "$.*"),
            ...(typeof rule.notification_filter === "string" ? { notification_filter: rule.notification_filter } : {}),
            updated_at: text(rule.updated_at, now),
          })),
        })),
      created_at: text(t.created_at ?? t.updated_at, now),
      updated_at: text(t.updated_at, now),
    };
  });
  return { sources, topics };
}

function instanceOf(ctx: Context<NotificationsState>): NotificationsInstance {
  const id = ctx.input.path.instance_id as string;
  let instance = ctx.state.instances.get(id);
  if (!instance) {
    if (ctx.state.instances.size >= ctx.state.caps.notificationsInstances) throw new CapReached("instances", ctx.state.caps.notificationsInstances);
    ctx.state.instances.set(id, (instance = newInstance(ctx.state)));
  }
  return instance;
}

function initialState(env: Env, options: EmulatorOptions, document: unknown): NotificationsState {
  const now = iso(env);
  const world = worldRecords(options.seedFromExamples === false ? EMPTY_WORLD : readWorld(document), now);
  const state: NotificationsState = { instances: new Map(), caps: capsOf(options), sentLog: [], sentBytes: 0, world };
  const add = (id: string, seed: NonNullable<NotificationsSeed["instances"]>[string]) => {
    let instance = state.instances.get(id);
    if (!instance) state.instances.set(id, (instance = newInstance(state)));
    for (const s of seed.sources ?? []) {
      const source: SourceRecord = { id: s.id ?? env.uuid(), name: s.name ?? "source", description: s.description ?? "", enabled: s.enabled ?? true, type: s.type ?? "api", created_at: s.created_at ?? s.updated_at ?? now, updated_at: s.updated_at ?? now };
      instance.sources.set(source.id, source);
    }
    for (const t of seed.topics ?? []) {
      const topic: TopicRecord = { id: t.id ?? env.uuid(), name: t.name ?? "topic", sources: t.sources ?? [], created_at: t.created_at ?? now, updated_at: t.updated_at ?? now, ...(t.description ? { description: t.description } : {}) };
      instance.topics.set(topic.id, topic);
    }
    for (const t of seed.templates ?? []) {
      const template = { id: t.id ?? env.uuid(), name: t.name ?? "template", type: t.type ?? "chat.notification", params: t.params ?? {}, created_at: t.created_at ?? now, updated_at: t.updated_at ?? now, ...(t.description ? { description: t.description } : {}) };
      instance.templates.set(template.id, template);
    }
  };
  for (const [id, seed] of Object.entries(((options.seed ?? {}) as NotificationsSeed).instances ?? {})) add(id, seed);
  return state;
}

/** The list envelope with `first` and `next` pointing at this same path. */
function page<T>(ctx: Context<NotificationsState>, items: T[], field: string, view: (item: T) => unknown = (item) => item): Reply {
  const limit = (ctx.input.query.limit as number | undefined) ?? 10;
  const offset = (ctx.input.query.offset as number | undefined) ?? 0;
  const search = ctx.input.query.search as string | undefined;
  const href = (at: number) => {
    const url = new URL(ctx.url.pathname, ctx.url.origin);
    url.searchParams.set("limit", String(limit));
    url.searchParams.set("offset", String(at));
    if (search !== undefined) url.searchParams.set("search", search);
    return { href: url.toString() };
  };
  const body: Record<string, unknown> = { total_count: items.length, offset, limit, [field]: items.slice(offset, offset + limit).map(view), first: href(0) };
  if (offset + limit < items.length) body.next = href(offset + limit);
  return json(200, body);
}

function searched<T extends { name: string }>(ctx: Context<NotificationsState>, items: Iterable<T>): T[] {
  const search = (ctx.input.query.search as string | undefined)?.toLowerCase();
  return [...items].filter((i) => search === undefined || i.name.toLowerCase().includes(search)).sort((a, b) => collator.compare(a.name, b.name));
}

/** Topics by the sources they hold, built once per list: a view per source would scan every topic. */
function topicsBySource(instance: NotificationsInstance): Map<string, TopicRecord[]> {
  const index = new Map<string, TopicRecord[]>();
  for (const t of instance.topics.values()) for (const ts of t.sources) (index.get(ts.id) ?? index.set(ts.id, []).get(ts.id)!).push(t);
  return index;
}

function sourceView(instance: NotificationsInstance, s: SourceRecord, index = topicsBySource(instance)) {
  const topics = index.get(s.id) ?? [];
  return { id: s.id, name: s.name, description: s.description, enabled: s.enabled, type: s.type, updated_at: s.updated_at, topic_count: topics.length, topic_names: topics.map((t) => t.name) };
}

function topicView(instance: NotificationsInstance, t: TopicRecord) {
  return {
    id: t.id,
    name: t.name,
    ...(t.description !== undefined ? { description: t.description } : {}),
    updated_at: t.updated_at,
    source_count: t.sources.length,
    sources: t.sources.map((ts) => ({ id: ts.id, name: instance.sources.get(ts.id)?.name ?? "", rules: ts.rules })),
    subscription_count: 0,
    subscriptions: [],
  };
}

/** Checks and builds a topic's sources; undefined names an unknown source id. */
function topicSources(ctx: Context<NotificationsState>, instance: NotificationsInstance, given: any[] | undefined): { sources: TopicRecord["sources"] } | { missing: string } {
  const sources: TopicRecord["sources"] = [];
  for (const s of given ?? []) {
    if (!instance.sources.has(s.id)) return { missing: s.id };
    sources.push({ id: s.id, rules: (s.rules ?? []).map((r: any) => ({ id: ctx.uuid(), enabled: r.enabled ?? true, event_type_filter: r.event_type_filter, ...(r.notification_filter !== undefined ? { notification_filter: r.notification_filter } : {}), updated_at: iso(ctx) })) });
  }
  return { sources };
}

function full(ctx: Context<NotificationsState>, records: Map<string, unknown>, kind: string): void {
  if (records.size >= ctx.state.caps.notificationsRecordsPerKind) throw new CapReached(`${kind} per instance`, ctx.state.caps.notificationsRecordsPerKind);
}

/** Keeps the stored notifications within their caps, dropping the oldest (of any instance) first. */
function remember(state: NotificationsState, instance: NotificationsInstance, bytes: number): void {
  state.sentLog.push({ instance, bytes });
  state.sentBytes += bytes;
  while (state.sentLog.length > state.caps.storedNotifications || (state.sentBytes > state.caps.storedNotificationBytes && state.sentLog.length > 1)) {
    const oldest = state.sentLog.shift()!;
    state.sentBytes -= oldest.bytes;
    oldest.instance.sent.shift();
  }
}

const nameTaken = (items: Iterable<{ id: string; name: string }>, name: string, except?: string) => [...items].some((i) => i.name === name && i.id !== except);

const operations: ServiceDefinition<NotificationsState>["operations"] = {
  createSource(ctx) {
    const instance = instanceOf(ctx);
    const body = ctx.input.body as { name: string; description: string; enabled?: boolean };
    full(ctx, instance.sources, "sources");
    if (nameTaken(instance.sources.values(), body.name)) return error(ctx, 409, "source_conflict");
    const now = iso(ctx);
    const source: SourceRecord = { id: ctx.uuid(), name: body.name, description: body.description, enabled: body.enabled ?? true, type: "api", created_at: now, updated_at: now };
    instance.sources.set(source.id, source);
    return json(201, { id: source.id, name: source.name, description: source.description, enabled: source.enabled, type: source.type, created_at: source.created_at });
  },
  listSources(ctx) {
    const instance = instanceOf(ctx);
    // Views are built for the page only: each one looks through the topics.
    const index = topicsBySource(instance);
    return page(ctx, searched(ctx, instance.sources.values()), "sources", (s) => sourceView(instance, s, index));
  },
  updateSource(ctx) {
    const instance = instanceOf(ctx);
    const source = instance.sources.get(ctx.input.path.id as string);
    if (!source) return error(ctx, 404, "not_found");
    const body = ctx.input.body as Partial<SourceRecord>;
    if (body.name !== undefined && nameTaken(instance.sources.values(), body.name, source.id)) return error(ctx, 409, "source_conflict");
    Object.assign(source, body.name !== undefined ? { name: body.name } : {}, body.description !== undefined ? { description: body.description } : {}, body.enabled !== undefined ? { enabled: body.enabled } : {}, { updated_at: iso(ctx) });
    return json(200, sourceView(instance, source));
  },
  deleteSource(ctx) {
    const instance = instanceOf(ctx);
    const id = ctx.input.path.id as string;
    if (!instance.sources.delete(id)) return error(ctx, 404, "not_found");
    // Topics keep only existing sources, so their source_count and sources_names stay true.
    for (const topic of instance.topics.values()) topic.sources = topic.sources.filter((s) => s.id !== id);
    return empty(204);
  },
  createTopic(ctx) {
    const instance = instanceOf(ctx);
    const body = ctx.input.body as { name: string; description?: string; sources?: any[] };
    full(ctx, instance.topics, "topics");
    if (nameTaken(instance.topics.values(), body.name)) return error(ctx, 409, "topic_conflict");
    const built = topicSources(ctx, instance, body.sources);
    if ("missing" in built) return error(ctx, 404, "not_found", `source ${built.missing}`);
    const now = iso(ctx);
    const topic: TopicRecord = { id: ctx.uuid(), name: body.name, sources: built.sources, created_at: now, updated_at: now, ...(body.description !== undefined ? { description: body.description } : {}) };
    instance.topics.set(topic.id, topic);
    return json(201, { id: topic.id, name: topic.name, ...(topic.description !== undefined ? { description: topic.description } : {}), created_at: now });
  },
  listTopics(ctx) {
    const instance = instanceOf(ctx);
    return page(ctx, searched(ctx, instance.topics.values()), "topics", (t) => ({
      id: t.id,
      name: t.name,
      ...(t.description !== undefined ? { description: t.description } : {}),
      source_count: t.sources.length,
      sources_names: t.sources.map((s) => instance.sources.get(s.id)?.name ?? ""),
      subscription_count: 0,
    }));
  },
  getTopic(ctx) {
    const instance = instanceOf(ctx);
    const topic = instance.topics.get(ctx.input.path.id as string);
    return topic ? json(200, topicView(instance, topic)) : error(ctx, 404, "not_found");
  },
  replaceTopic(ctx) {
    const instance = instanceOf(ctx);
    const topic = instance.topics.get(ctx.input.path.id as string);
    if (!topic) return error(ctx, 404, "not_found");
    const body = ctx.input.body as { name: string; description?: string; sources?: any[] };
    if (nameTaken(instance.topics.values(), body.name, topic.id)) return error(ctx, 409, "topic_conflict");
    const built = topicSources(ctx, instance, body.sources);
    if ("missing" in built) return error(ctx, 404, "not_found", `source ${built.missing}`);
    // A replacement: what the body leaves out is gone (description, sources).
    // The replacement schema leaves name optional; a topic always has one, so an omitted name stays.
    topic.name = body.name ?? topic.name;
    if (body.description !== undefined) topic.description = body.description;
    else delete topic.description;
    topic.sources = built.sources;
    topic.updated_at = iso(ctx);
    return json(200, topicView(instance, topic));
  },
  deleteTopic(ctx) {
    return instanceOf(ctx).topics.delete(ctx.input.path.id as string) ? empty(204) : error(ctx, 404, "not_found");
  },
  createTemplate(ctx) {
    const instance = instanceOf(ctx);
    const body = ctx.input.body as { name: string; description?: string; type: string; params: Record<string, unknown> };
    full(ctx, instance.templates, "templates");
    const now = iso(ctx);
    const template: TemplateRecord = { id: ctx.uuid(), name: body.name, type: body.type, params: body.params, created_at: now, updated_at: now, ...(body.description !== undefined ? { description: body.description } : {}) };
    instance.templates.set(template.id, template);
    const { updated_at: _u, ...created } = template;
    return json(201, created);
  },
  listTemplates(ctx) {
    return page(ctx, searched(ctx, instanceOf(ctx).templates.values()), "templates", (t) => ({
      id: t.id,
      name: t.name,
      ...(t.description !== undefined ? { description: t.description } : {}),
      type: t.type,
      subscription_count: 0,
      subscription_names: [],
      updated_at: t.updated_at,
    }));
  },
  sendNotifications(ctx) {
    const instance = instanceOf(ctx);
    const notification = ctx.input.body as Record<string, unknown>;
    const sourceId = (notification.svcensourceid ?? notification.source) as string;
    // The topics whose enabled rules take this event type from this source (recorded for tests).
    const topics = [...instance.topics.values()]
      .filter((t) => t.sources.some((s) => s.id === sourceId && instance.sources.get(s.id)?.enabled !== false && s.rules.some((r) => r.enabled && r.event_type_filter.includes(String(notification.type)))))
      .map((t) => t.id);
    const id = ctx.uuid();
    instance.sent.push({ notification_id: id, notification, topics, received_at: iso(ctx) });
    remember(ctx.state, instance, JSON.stringify(notification).length);
    return json(202, { notification_id: id });
  },
};

function reject(failure: Failure, _op: unknown, ctx: Omit<Context<NotificationsState>, "input">): Reply {
  switch (failure.kind) {
    case "security":
      return error(ctx, 401, "unauthorized");
    case "mediaType":
      return error(ctx, 415, "media_type_error");
    case "invalid":
      return error(ctx, 400, "incorrect_json", failure.problems.join("; "));
    default:
      return error(ctx, 500, "cnfser01");
  }
}

export function notificationsDefinition(document: unknown): ServiceDefinition<NotificationsState> {
  return { serviceId: "notifications-v1", initialState: (env, options) => initialState(env, options, document), operations, reject };
}
