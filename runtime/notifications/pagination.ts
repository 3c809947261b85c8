/**
 * Walks every item of the sources, topics or templates list. The walk is the client's own
 * `paginate` (the document's `x-pagination`: offset and limit, `next` links, `total_count`);
 * what is left here is this family's option names and the bound instance id it may override.
 * The documented list rules (limit, offset, search) are checked by the client before the first
 * request is sent.
 */
import type { NotificationsV1Client } from "../../generated/notifications-v1/client.js";
import type { components } from "../../generated/notifications-v1/types.js";
import { PaginationError } from "../core/pagination-error.js";

export type Source = components["schemas"]["Source"];
export type TopicListItem = components["schemas"]["TopicListItem"];
export type TemplateListItem = components["schemas"]["TemplateListItem"];

export interface ListOptions {
  /** Page size (`limit`; the document states its range and the service default). */
  pageSize?: number;
  /** Items to skip before the first one yielded (`offset`, default 0). */
  offset?: number;
  /** Sent as `search`; the document states its grammar. */
  search?: string;
  /** Overrides the client's bound instance id. */
  instanceId?: string;
  signal?: AbortSignal;
}

/** The service answered with a `next` link that cannot be followed (it would repeat or loop). */
export { PaginationError };

function init(options: ListOptions) {
  const query = Object.fromEntries(
    Object.entries({ limit: options.pageSize, offset: options.offset, search: options.search }).filter(([, v]) => v !== undefined),
  );
  // The client fills the bound instance id into an empty `path`.
  const path = options.instanceId === undefined ? {} : { instance_id: options.instanceId };
  return { params: { path, query }, ...(options.signal ? { signal: options.signal } : {}) };
}

export function listAllSources(client: NotificationsV1Client, options: ListOptions = {}): AsyncGenerator<Source, void, undefined> {
  return client.paginate("/v1/instances/{instance_id}/sources", init(options));
}

export function listAllTopics(client: NotificationsV1Client, options: ListOptions = {}): AsyncGenerator<TopicListItem, void, undefined> {
  return client.paginate("/v1/instances/{instance_id}/topics", init(options));
}

export function listAllTemplates(client: NotificationsV1Client, options: ListOptions = {}): AsyncGenerator<TemplateListItem, void, undefined> {
  return client.paginate("/v1/instances/{instance_id}/templates", init(options));
}

/** Collects an async iterator; for callers who want the whole list at once. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
