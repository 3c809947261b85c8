/**
 * What the flows share (runtime/verify/flows-arazzo.ts runs the document's workflows): unique
 * values for a run, the identifier of what an answer created, the clean-up of what documented
 * requests created (deleted where the document has a delete operation; the rest reported as
 * left behind), and the list judged as a client walks it (pages, totals, filters, limits).
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { PaginationError, walkPages, type PaginationMeta } from "../core/paginate.js";
import type { Answer } from "./sender.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { documentedRequests } from "./operations.js";
import { escapeSegment, resolve, valueAt } from "./pointer.js";
import type { RawRequest } from "./raw-request.js";
import type { Check, Failure } from "./report.js";
import type { RunContext } from "./run-context.js";
import { asText } from "./readback.js";

const ok = (status: number) => status >= 200 && status < 300;

/** Fields servers keep unique within a collection (a name, an alias). */
const UNIQUE_KEYS = new Set(["name", "alias", "aliases"]);

/**
 * The same request with its unique-looking fields made new: a documented example's name is
 * usually taken already (by the example data the server was seeded with, or by the last run).
 */
export function uniquified(req: RawRequest, tag: string, extra: readonly string[] = []): RawRequest {
  const out = structuredClone(req);
  const keys = new Set([...UNIQUE_KEYS, ...extra]);
  const visit = (node: any): any => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== "object") return node;
    for (const [k, v] of Object.entries(node)) {
      if (keys.has(k) && typeof v === "string") node[k] = `${v.slice(0, Math.max(1, v.length - tag.length - 1))}-${tag}`;
      else if (keys.has(k) && Array.isArray(v)) node[k] = v.map((x) => (typeof x === "string" ? `${x.slice(0, Math.max(1, x.length - tag.length - 1))}-${tag}` : x));
      else node[k] = visit(v);
    }
    return node;
  };
  out.body = visit(out.body);
  return out;
}

/** Six characters of base 36 a run puts into unique values. */
export function freshTag(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, "0");
}

/** The request with every occurrence of one tag replaced by another of the same length (each negative its own unique values). */
export function retagged(req: RawRequest, from: string, to: string): RawRequest {
  return JSON.parse(JSON.stringify(req).split(from).join(to)) as RawRequest;
}

/** The fields the operation's resource keeps unique (`x-resource.unique`), from the operation table. */
export function uniqueFields(op: TableOperation): string[] {
  const resource = op.resource;
  return resource && "unique" in resource ? (resource.unique as string[]) : [];
}

/** Calls, and on a documented 409 (the example's name is taken) calls again with unique fields. */
export async function callUnique(ctx: RunContext, op: TableOperation, req: RawRequest) {
  const first = await ctx.call(op, req);
  if (first.answer.status !== 409 || req.body === undefined) return { ...first, sent: req };
  const again = uniquified(req, freshTag(), uniqueFields(op));
  return { ...(await ctx.call(op, again)), sent: again };
}

function parse(answer: Answer): any {
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

const ID_NAME = /^(id|.+_id|.+Id)$/;

/** The identifier of what an answer created: its `id` (or `…_id`), or that of the first object of an array it holds (KMS `resources`). */
export function idOf(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const own = (o: Record<string, unknown>) => {
    if (typeof o.id === "string" || typeof o.id === "number") return String(o.id);
    const key = Object.keys(o).find((k) => ID_NAME.test(k) && typeof o[k] === "string");
    return key ? String(o[key]) : undefined;
  };
  const direct = own(body as Record<string, unknown>);
  if (direct) return direct;
  for (const v of Object.values(body as Record<string, unknown>)) {
    if (Array.isArray(v) && v[0] && typeof v[0] === "object") {
      const id = own(v[0] as Record<string, unknown>);
      if (id) return id;
    }
  }
  return undefined;
}

/** "/x/{id}" is an item of the collection "/x": its only extra segment is one path parameter. */
function itemPathOf(ops: TableOperation[], collection: string): { path: string; param: string } | undefined {
  for (const op of ops) {
    const m = new RegExp(`^${collection.replace(/[.*+?^$()|[\]\\]/g, "\\$&")}/\\{([^}]+)\\}$`).exec(op.path);
    if (m) return { path: op.path, param: m[1]! };
  }
  return undefined;
}

/** A POST that creates something: on a collection the document lists, answered 201, or named create/register. */
function isCreate(ctx: RunContext, op: TableOperation): boolean {
  if (op.method !== "POST") return false;
  if (ctx.ops.some((o) => o.method === "GET" && o.path === op.path && o.pagination)) return true;
  return op.responses.some((r) => r.status === "201") || /^(create|register)/i.test(op.operationId);
}

export function trackCreated(ctx: RunContext, op: TableOperation, answer: Answer): void {
  if (ok(answer.status) && isCreate(ctx, op)) ctx.created.push({ op, id: idOf(parse(answer)) });
}

/** Deletes what documented requests created, where the document can; lists the rest. */
export async function cleanUp(ctx: RunContext): Promise<void> {
  for (const { op, id } of ctx.created.splice(0)) {
    const item = itemPathOf(ctx.ops, op.path);
    const del = item && ctx.ops.find((o) => o.method === "DELETE" && o.path === item.path);
    if (!del || id === undefined) {
      ctx.leftBehind.push({ operation: op.operationId, ...(id !== undefined ? { id } : {}) });
      continue;
    }
    const base = documentedRequests(ctx.doc, del, ctx.bind).requests[0]?.request;
    if (!base) continue;
    base.params.path[item!.param] = id;
    const r = await ctx.call(del, base);
    ctx.recordValid(del, { kind: "flow", name: `clean up ${id}` }, r, `the delete of the created ${id}`);
  }
}

/** A page the verifier already recorded as failed: the walk stops without a check of its own. */
class PageFailed extends CloudInterfacesError {}

/** More pages than any list a verification creates needs: a server that never ends its list fails here. */
const MAX_PAGES = 50;

/**
 * Walks the list as the client does (runtime/core/paginate.ts, the one pager), recording each
 * page as a check; a page the pager refuses (no items array, a repeat, more items than asked
 * for, a next link that does not advance) is a failed check naming `x-pagination`.
 */
export async function walkList(ctx: RunContext, list: TableOperation, from?: RawRequest): Promise<{ items: any[]; total?: number; failed: boolean }> {
  const paging = list.pagination as PaginationMeta;
  const base = from ?? documentedRequests(ctx.doc, list, ctx.bind).requests[0]?.request;
  if (!base) return { items: [], failed: true };
  const limitParam = list.parameters.find((p) => p.in === "query" && p.name === paging.limitParam);
  const limitSchema = limitParam?.schemaPointer ? resolve(ctx.doc, limitParam.schemaPointer) : undefined;
  const limit = Number(limitSchema?.maximum ?? limitSchema?.default ?? 100);
  const items: any[] = [];
  let total: number | undefined;
  let page = 0;
  const fetchPage = async (query: Record<string, unknown>) => {
    if (page === MAX_PAGES) throw new PaginationError(`the list did not end within ${MAX_PAGES} pages`);
    const req = structuredClone(base);
    Object.assign(req.params.query, query);
    const r = await ctx.call(list, req);
    page++;
    ctx.recordValid(list, { kind: "flow", name: `list page ${page}` }, r, `page ${page} of ${list.operationId}`);
    // A page that breaks the document is reported above and still walked: the pager may find more.
    if (!ok(r.answer.status) || r.answer.incomplete) throw new PageFailed();
    const body = parse(r.answer);
    if (paging.total !== undefined && page === 1) {
      const t = valueAt(body, paging.total);
      if (typeof t === "number") total = t;
    }
    return body;
  };
  try {
    for await (const item of walkPages(paging, { [paging.offsetParam]: 0, [paging.limitParam]: limit }, fetchPage)) items.push(item);
  } catch (error) {
    if (error instanceof PaginationError) ctx.record(list, { kind: "flow", name: "list pages", verdict: "failed", failures: [{ message: error.message, pointer: `${list.pointer}/x-pagination` }] });
    else if (!(error instanceof PageFailed)) throw error;
    return { items, failed: true };
  }
  return { items, ...(total !== undefined ? { total } : {}), failed: false };
}

const contains = (items: any[], id: string) => items.some((i) => i && typeof i === "object" && Object.values(i).some((v) => String(v) === id));

/** A check of what the flow expected of the answers it already has (no request of its own). */
function flowCheck(name: string, expected: Failure[]): Check {
  return { kind: "flow", name, verdict: expected.length ? "failed" : "verified", failures: expected };
}

/**
 * What verify judges of a list once a workflow has created an object in it: it holds the object,
 * its documented total agrees with the items walked, no item is listed twice, a count header
 * (HEAD) agrees, and every filter, limit and offset is respected (`judgeList`).
 */
export async function listChecks(ctx: RunContext, list: TableOperation, base: RawRequest, listed: { items: any[]; total?: number }, id: string, stored: unknown, create: TableOperation, runnable: (op: TableOperation) => boolean): Promise<void> {
  ctx.record(list, flowCheck(`the list contains the created ${id}`, contains(listed.items, id) ? [] : [{ message: `${id}, created by ${create.operationId}, is missing from ${list.operationId}`, pointer: `${list.pointer}/x-pagination/items` }]));
  if (listed.total !== undefined) {
    ctx.record(list, flowCheck("the documented total agrees with the list", listed.total === listed.items.length ? [] : [{ message: `total ${listed.total} but ${listed.items.length} items listed`, pointer: `${list.pointer}/x-pagination/total` }]));
  }
  const ids = listed.items.map((i) => (i && typeof i === "object" ? idOf(i) : undefined)).filter((x): x is string => x !== undefined);
  const repeated = ids.filter((x, i) => ids.indexOf(x) !== i);
  ctx.record(list, flowCheck("every item is listed once", repeated.length ? [{ message: `${list.operationId} lists ${[...new Set(repeated)].slice(0, 3).join(", ")} more than once across its pages`, pointer: `${list.pointer}/x-pagination/items` }] : []));
  await countHeader(ctx, list.path, listed.items.length, runnable);
  await judgeList(ctx, list, base, id, stored, listed.items.length, create);
}

/**
 * The list judged against what each request asked: every filter the document defines
 * (`x-resource.match`, `x-resource.search`) holds for every item returned and keeps the created
 * object; limits of 1, 2 and the maximum are each respected; the offset moves the page.
 */
async function judgeList(ctx: RunContext, list: TableOperation, base: RawRequest, id: string, stored: unknown, size: number, create: TableOperation): Promise<void> {
  const paging = list.pagination!;
  const resource = (list.resource ?? {}) as { match?: Record<string, string>; search?: { param: string; field: string } };
  const limitParam = list.parameters.find((p) => p.in === "query" && p.name === paging.limitParam);
  const limitSchema = limitParam?.schemaPointer ? resolve(ctx.doc, limitParam.schemaPointer) : undefined;
  const max = Number(limitSchema?.maximum ?? limitSchema?.default ?? 100);
  const page = async (change: (req: RawRequest) => void) => {
    const req = structuredClone(base);
    req.params.query[paging.offsetParam] = 0;
    req.params.query[paging.limitParam] = max;
    change(req);
    const r = await ctx.call(list, req);
    const items = valueAt(parse(r.answer), paging.items);
    return { r, items: Array.isArray(items) ? (items as any[]) : [] };
  };
  const record = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const filters: { param: string; field: string; holds: (item: unknown, value: string) => boolean; pointer: string }[] = [
    ...Object.entries(resource.match ?? {}).map(([param, field]) => ({ param, field, holds: (v: unknown, value: string) => asText(v) === value, pointer: `${list.pointer}/x-resource/match/${escapeSegment(param)}` })),
    ...(resource.search ? [{ param: resource.search.param, field: resource.search.field, holds: (v: unknown, value: string) => (asText(v) ?? "").toLowerCase().includes(value.toLowerCase()), pointer: `${list.pointer}/x-resource/search` }] : []),
  ];
  for (const f of filters) {
    const p = list.parameters.find((x) => x.name.toLowerCase() === f.param.toLowerCase() && (x.in === "query" || x.in === "header"));
    const whole = asText(record[f.field]);
    if (!p || whole === undefined) continue;
    // A search takes part of the value (the parameter's own rules may refuse the whole: spaces, length); a match the whole.
    const candidates = f.pointer.endsWith("/search") ? [whole, ...(whole.match(/[A-Za-z0-9]+/g) ?? []).sort((a, b) => b.length - a.length)] : [whole];
    const value = candidates.find((c) => !p.schemaPointer || ctx.contract.schemaErrors(p.schemaPointer, c).length === 0);
    if (value === undefined) continue;
    const { r, items } = await page((req) => (req.params[p.in as "query" | "header"][p.name] = value));
    const wrong = items.filter((i) => !f.holds(i?.[f.field], value));
    const expected: Failure[] = [];
    if (ok(r.answer.status) && wrong.length) expected.push({ message: `${wrong.length} of ${items.length} items answered to ${p.in} ${p.name}=${value} do not have ${f.field} ${JSON.stringify(value)} (first: ${JSON.stringify(asText(wrong[0]?.[f.field]))}): the filter is not applied`, pointer: f.pointer });
    if (ok(r.answer.status) && !contains(items, id)) expected.push({ message: `${id}, whose ${f.field} is ${JSON.stringify(value)}, is missing from the items answered to ${p.in} ${p.name}=${value}`, pointer: f.pointer });
    ctx.recordValid(list, { kind: "flow", name: `the filter ${p.name}=${value} holds for every item` }, r, `${list.operationId} filtered by ${p.name}`, expected);
    // And by another value the server has (the parameter's default, here or on the create): the created object must not be among its items.
    if (!f.pointer.includes("/match/")) continue;
    const schemaDefault = (param: { schemaPointer?: string } | undefined) => (param?.schemaPointer ? asText(resolve(ctx.doc, param.schemaPointer)?.default) : undefined);
    const other = schemaDefault(p) ?? schemaDefault(create.parameters.find((x) => x.name.toLowerCase() === p.name.toLowerCase()));
    if (other === undefined || other === value || (p.schemaPointer && ctx.contract.schemaErrors(p.schemaPointer, other).length)) continue;
    const again = await page((req) => (req.params[p.in as "query" | "header"][p.name] = other));
    const stray: Failure[] = [];
    const wrongOther = again.items.filter((i) => !f.holds(i?.[f.field], other));
    if (ok(again.r.answer.status) && wrongOther.length) stray.push({ message: `${wrongOther.length} of ${again.items.length} items answered to ${p.in} ${p.name}=${other} do not have ${f.field} ${JSON.stringify(other)}: the filter is not applied`, pointer: f.pointer });
    if (ok(again.r.answer.status) && contains(again.items, id)) stray.push({ message: `${id}, whose ${f.field} is ${JSON.stringify(value)}, is among the items answered to ${p.in} ${p.name}=${other}`, pointer: f.pointer });
    ctx.recordValid(list, { kind: "flow", name: `the filter ${p.name}=${other} holds for every item` }, again.r, `${list.operationId} filtered by ${p.name}`, stray);
  }
  if (!limitParam) return;
  const limits = [...new Set([1, 2, max])].filter((n) => n <= max);
  let firstOfPage1: string | undefined;
  for (const limit of limits) {
    const { r, items } = await page((req) => (req.params.query[paging.limitParam] = limit));
    const expected: Failure[] = [];
    if (ok(r.answer.status) && items.length > limit) expected.push({ message: `${paging.limitParam}=${limit} answered ${items.length} items`, pointer: `${limitParam.pointer}` });
    if (ok(r.answer.status) && items.length < Math.min(limit, size)) expected.push({ message: `${paging.limitParam}=${limit} answered ${items.length} items although the list holds ${size}`, pointer: `${limitParam.pointer}` });
    if (limit === 1) firstOfPage1 = items[0] ? idOf(items[0]) : undefined;
    ctx.recordValid(list, { kind: "flow", name: `${paging.limitParam}=${limit} is respected` }, r, `${list.operationId} with ${paging.limitParam}=${limit}`, expected);
  }
  if (size >= 2 && firstOfPage1 !== undefined) {
    const { r, items } = await page((req) => {
      req.params.query[paging.offsetParam] = 1;
      req.params.query[paging.limitParam] = 1;
    });
    const second = items[0] ? idOf(items[0]) : undefined;
    const expected: Failure[] = ok(r.answer.status) && (second === undefined || second === firstOfPage1) ? [{ message: `${paging.offsetParam}=1 answered ${second === undefined ? "no item" : `the same item as ${paging.offsetParam}=0 (${second})`} although the list holds ${size}`, pointer: `${list.pointer}/x-pagination/offsetParam` }] : [];
    ctx.recordValid(list, { kind: "flow", name: `${paging.offsetParam}=1 moves the page` }, r, `${list.operationId} at ${paging.offsetParam} 1`, expected);
  }
}

/** A HEAD on the collection that documents an integer header (KMS Key-Total) must count what the list holds. */
async function countHeader(ctx: RunContext, path: string, listed: number, runnable: (op: TableOperation) => boolean): Promise<void> {
  const head = ctx.ops.find((o) => o.method === "HEAD" && o.path === path && runnable(o));
  if (!head) return;
  const okStatus = head.responses.map((r) => r.status).find((s) => s.startsWith("2"));
  const headers = okStatus ? resolve(ctx.doc, `${head.pointer}/responses/${okStatus}`)?.headers ?? {} : {};
  const name = Object.keys(headers).find((h) => {
    const schema = resolve(ctx.doc, `${head.pointer}/responses/${okStatus}/headers/${escapeSegment(h)}`)?.schema;
    return schema && ["integer", "number"].includes(resolve(ctx.doc, `${head.pointer}/responses/${okStatus}/headers/${escapeSegment(h)}/schema`)?.type);
  });
  if (!name) return;
  const base = documentedRequests(ctx.doc, head, ctx.bind).requests[0]?.request;
  if (!base) return;
  const r = await ctx.call(head, base);
  const value = Number(r.answer.headers[name.toLowerCase()]);
  const pointer = `${head.pointer}/responses/${okStatus}/headers/${escapeSegment(name)}`;
  const agrees = !ok(r.answer.status) || value === listed ? [] : [{ message: `${name} ${r.answer.headers[name.toLowerCase()] ?? "(missing)"} but ${listed} items listed`, pointer }];
  ctx.recordValid(head, { kind: "flow", name: `${name} agrees with the list` }, r, `the count of ${path}`, agrees);
}
