/**
 * Walks every item of a list operation (sources, topics, templates) page by page: the first
 * page is asked for with `offset` / `limit`, later pages by following the `next` link, which
 * carries the service's own `offset` and `limit`.
 */
import type { NotificationsV1Client } from "../../generated/notifications-v1/client.js";
import type { components } from "../../generated/notifications-v1/types.js";
import { InputError } from "../core/errors.js";
import { PaginationError } from "../core/paginate.js";
import { unwrap } from "../core/unwrap.js";

export type Source = components["schemas"]["Source"];
export type TopicListItem = components["schemas"]["TopicListItem"];
export type TemplateListItem = components["schemas"]["TemplateListItem"];

/** The §4 list query rules. */
export const LIST_LIMITS = { limitMin: 1, limitMax: 100, limitDefault: 10, offsetMin: 0, searchMax: 100 } as const;
const SEARCH = /^[A-Za-z0-9]{1,100}$/;

export interface ListOptions {
  /** Page size, 1–100 (the service default is 10). */
  pageSize?: number;
  /** Items to skip before the first one yielded (default 0). */
  offset?: number;
  /** Letters and digits, 1–100 characters. */
  search?: string;
  /** Overrides the client's bound instance id. */
  instanceId?: string;
  signal?: AbortSignal;
}

/** What each list operation has in common: the envelope of §2.5. */
export interface Page<T> {
  items: readonly T[];
  total_count: number;
  next?: { href: string };
}

/** The service answered with a `next` link that cannot be followed (it would repeat or loop). */
export { PaginationError };

export function checkListOptions(options: ListOptions = {}): { limit?: number; offset: number; search?: string } {
  const { pageSize, offset = 0, search } = options;
  if (pageSize !== undefined) {
    if (!Number.isInteger(pageSize)) throw new InputError("limit", "integer");
    if (pageSize < LIST_LIMITS.limitMin) throw new InputError("limit", "minimum", `limit: at least ${LIST_LIMITS.limitMin}`);
    if (pageSize > LIST_LIMITS.limitMax) throw new InputError("limit", "maximum", `limit: at most ${LIST_LIMITS.limitMax}`);
  }
  if (!Number.isInteger(offset)) throw new InputError("offset", "integer");
  if (offset < LIST_LIMITS.offsetMin) throw new InputError("offset", "minimum", "offset: at least 0");
  if (search !== undefined && !SEARCH.test(search)) {
    throw new InputError("search", "pattern", "search: 1 to 100 letters and digits");
  }
  return { limit: pageSize, offset, search };
}

/** Reads `offset` and `limit` from a `next` href (absolute, or relative to nothing in particular). */
export function parseNextLink(href: string): { offset: number; limit?: number } {
  let url: URL;
  try {
    url = new URL(href, "http://relative.invalid/");
  } catch {
    throw new PaginationError("next.href is not a URL");
  }
  const offset = Number(url.searchParams.get("offset"));
  const rawLimit = url.searchParams.get("limit");
  if (url.searchParams.get("offset") === null || !Number.isInteger(offset) || offset < 0) {
    throw new PaginationError("next.href has no valid offset");
  }
  const limit = rawLimit === null ? undefined : Number(rawLimit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new PaginationError("next.href has no valid limit");
  return { offset, limit };
}

type FetchPage<T> = (query: { limit?: number; offset: number; search?: string }) => Promise<Page<T>>;

/**
 * The generic walk. Stops when a page has no `next`, no items, or reaches `total_count`;
 * refuses a `next` that does not move forward, so a misbehaving server (or a static mock)
 * cannot make it loop.
 */
export async function* paginate<T>(fetchPage: FetchPage<T>, options: ListOptions = {}): AsyncGenerator<T, void, undefined> {
  let query = checkListOptions(options);
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await fetchPage(query);
    yield* page.items;
    // total_count also ends the walk: some servers keep a `next` link on the last page.
    if (!page.next || page.items.length === 0 || query.offset + page.items.length >= page.total_count) return;
    const next = parseNextLink(page.next.href);
    if (next.offset <= query.offset) {
      throw new PaginationError(`next.href does not advance (offset ${next.offset} after ${query.offset})`);
    }
    query = { ...query, offset: next.offset, limit: next.limit ?? query.limit };
  }
}

function params(options: ListOptions, query: { limit?: number; offset: number; search?: string }) {
  const cleaned = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as typeof query;
  // The client fills the bound instance id into an empty `path`.
  return { path: options.instanceId === undefined ? {} : { instance_id: options.instanceId }, query: cleaned };
}

export function listAllSources(client: NotificationsV1Client, options: ListOptions = {}): AsyncGenerator<Source, void, undefined> {
  return paginate(async (query) => {
    const result = await client.GET("/v1/instances/{instance_id}/sources", { params: params(options, query), signal: options.signal });
    const page = unwrap(result, "listSources");
    return { items: page.sources, total_count: page.total_count, next: page.next };
  }, options);
}

export function listAllTopics(client: NotificationsV1Client, options: ListOptions = {}): AsyncGenerator<TopicListItem, void, undefined> {
  return paginate(async (query) => {
    const result = await client.GET("/v1/instances/{instance_id}/topics", { params: params(options, query), signal: options.signal });
    const page = unwrap(result, "listTopics");
    return { items: page.topics, total_count: page.total_count, next: page.next };
  }, options);
}

export function listAllTemplates(
  client: NotificationsV1Client,
  options: ListOptions = {},
): AsyncGenerator<TemplateListItem, void, undefined> {
  return paginate(async (query) => {
    const result = await client.GET("/v1/instances/{instance_id}/templates", { params: params(options, query), signal: options.signal });
    const page = unwrap(result, "listTemplates");
    return { items: page.templates, total_count: page.total_count, next: page.next };
  }, options);
}

/** Collects an async iterator; for callers who want the whole list at once. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
