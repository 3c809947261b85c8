/**
 * Offset paging as a document declares it (`x-pagination` on a list operation): the query
 * parameters that carry offset and limit, and JSON pointers to the page's items, the total, the
 * next link, the page's own count and a last-page flag. The walk stops on the total, on an empty
 * page, on a set last-page flag, on a short page (by its items or by its own count) when there
 * is no total, or on a missing next link. It refuses a next link that does not move forward, a
 * page that repeats the previous one and a page holding more items than the limit asked for, so
 * no server (or static mock) can make it loop.
 */
import { getAt } from "./pointer.js";
import { PaginationError } from "./pagination-error.js";

export interface PaginationMeta {
  readonly offsetParam: string;
  readonly limitParam: string;
  /** JSON pointer to the items array in the success body, e.g. "/topics". */
  readonly items: string;
  readonly total?: string;
  /** JSON pointer to a URL whose query carries the next page's offset (and limit). */
  readonly next?: string;
  /**
   * JSON pointer to the number of items the server says this page holds (KMS
   * `metadata.collectionTotal`). Below the limit asked for, the page is the last one, as a short
   * page is; like a short page it decides only where no total is declared.
   */
  readonly pageCount?: string;
  /** JSON pointer to a flag that, when `true`, says no page follows (KMS `metadata.incompleteSearch`: a single-key lookup answered). */
  readonly last?: string;
  /**
   * Set by the build when the list's success schema does not require the member at `items` (a
   * service that leaves the array out when nothing is listed): a page without it is an empty
   * last page, unless its own count says it holds items.
   */
  readonly itemsMayBeAbsent?: true;
}

export { PaginationError };

/** The value at a JSON pointer of a response body (RFC 6901). */
export const atPointer = getAt;

function offsetOfLink(href: unknown, meta: PaginationMeta): { offset: number; limit?: number } | undefined {
  if (href === undefined || href === null) return undefined;
  if (typeof href !== "string") throw new PaginationError(`${meta.next} is not a link`);
  let url: URL;
  try {
    url = new URL(href, "http://relative.invalid/");
  } catch {
    throw new PaginationError(`${meta.next} is not a URL`);
  }
  const rawOffset = url.searchParams.get(meta.offsetParam);
  const offset = Number(rawOffset);
  if (rawOffset === null || !Number.isInteger(offset) || offset < 0) throw new PaginationError(`${meta.next} has no valid ${meta.offsetParam}`);
  const rawLimit = url.searchParams.get(meta.limitParam);
  const limit = rawLimit === null ? undefined : Number(rawLimit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new PaginationError(`${meta.next} has no valid ${meta.limitParam}`);
  return limit === undefined ? { offset } : { offset, limit };
}

function itemsOf(body: unknown, meta: PaginationMeta): unknown[] {
  const items = atPointer(body, meta.items);
  if (Array.isArray(items)) return items;
  if (items === undefined && meta.itemsMayBeAbsent) {
    // Absent is the document's empty page only while nothing else on the page says otherwise.
    const count = meta.pageCount === undefined ? undefined : atPointer(body, meta.pageCount);
    if (typeof count === "number" && count > 0) throw new PaginationError(`the page has no items at ${meta.items} but ${meta.pageCount} says it holds ${count}`);
    return [];
  }
  throw new PaginationError(`the page has no items array at ${meta.items}`);
}

/** Walks every item; `fetchPage` answers the success body of one page for a query. */
export async function* walkPages<T>(
  meta: PaginationMeta,
  query: Record<string, unknown>,
  fetchPage: (query: Record<string, unknown>) => Promise<unknown>,
  signal?: AbortSignal,
): AsyncGenerator<T, void, undefined> {
  let current = { ...query };
  let previous: string | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const body = await fetchPage(current);
    const items = itemsOf(body, meta);
    // A page equal to the one before it means the server ignores the offset: stop before looping.
    const fingerprint = JSON.stringify(items);
    if (items.length > 0 && fingerprint === previous) throw new PaginationError(`the page at ${meta.offsetParam} ${String(current[meta.offsetParam])} repeats the previous page`);
    previous = fingerprint;
    const offset = typeof current[meta.offsetParam] === "number" ? (current[meta.offsetParam] as number) : 0;
    const limit = current[meta.limitParam];
    // More than asked for means the server ignores the limit (a static mock does): its offsets cannot be trusted either.
    if (typeof limit === "number" && items.length > limit) {
      throw new PaginationError(`the page at ${meta.offsetParam} ${offset} holds ${items.length} items for ${meta.limitParam} ${limit}`);
    }
    yield* items as T[];
    const total = meta.total === undefined ? undefined : atPointer(body, meta.total);
    if (items.length === 0) return;
    if (meta.last !== undefined && atPointer(body, meta.last) === true) return;
    if (typeof total === "number" && offset + items.length >= total) return;
    if (meta.next !== undefined) {
      const next = offsetOfLink(atPointer(body, meta.next), meta);
      if (!next) return;
      if (next.offset <= offset) throw new PaginationError(`${meta.next} does not advance (${meta.offsetParam} ${next.offset} after ${offset})`);
      current = { ...current, [meta.offsetParam]: next.offset, ...(next.limit === undefined ? {} : { [meta.limitParam]: next.limit }) };
      continue;
    }
    // A short page ends the walk only when nothing says how many there are: a server may cap its
    // pages below the limit asked for, and then the total is what tells the end.
    const count = meta.pageCount === undefined ? undefined : atPointer(body, meta.pageCount);
    const held = typeof count === "number" ? Math.min(count, items.length) : items.length;
    if (typeof total !== "number" && typeof limit === "number" && held < limit) return;
    current = { ...current, [meta.offsetParam]: offset + items.length };
  }
}
