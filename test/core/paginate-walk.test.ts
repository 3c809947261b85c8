// walkPages and atPointer in isolation: which queries the walk asks for, where it stops, what it refuses.
import { describe, expect, it } from "vitest";
import { atPointer, PaginationError, walkPages, type PaginationMeta } from "../../runtime/core/paginate.js";

const byOffset: PaginationMeta = { offsetParam: "offset", limitParam: "limit", items: "/items" };

/** A page source over fixed pages: records each query and fails the walk if asked for more than `max` pages. */
function pages(answer: (query: Record<string, unknown>, n: number) => unknown, max = 10) {
  const asked: Record<string, unknown>[] = [];
  const fetchPage = async (query: Record<string, unknown>) => {
    asked.push(query);
    if (asked.length > max) throw new Error(`asked for page ${asked.length}; the walk should have stopped`);
    return answer(query, asked.length);
  };
  return { asked, fetchPage };
}

/** Items `offset .. offset+count-1` of a list of `size`, as a server slicing by offset would answer. */
const slice = (query: Record<string, unknown>, count: number, size: number) => {
  const offset = typeof query.offset === "number" ? query.offset : 0;
  return Array.from({ length: Math.max(0, Math.min(count, size - offset)) }, (_, i) => offset + i);
};

async function walk(meta: PaginationMeta, query: Record<string, unknown>, fetchPage: (q: Record<string, unknown>) => Promise<unknown>, signal?: AbortSignal) {
  const items: unknown[] = [];
  for await (const item of walkPages(meta, query, fetchPage, signal)) items.push(item);
  return items;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error("the walk did not fail");
}

describe("atPointer", () => {
  const doc = { items: [10, 20], a: { "b/c": 1, "d~e": 2, "~1": 3, "x/y/z": 4 }, s: "text", n: null };

  it("answers the whole value for the empty pointer", () => {
    expect(atPointer(doc, "")).toBe(doc);
  });

  it("walks object keys and array indices", () => {
    expect(atPointer(doc, "/items")).toBe(doc.items);
    expect(atPointer(doc, "/items/1")).toBe(20);
  });

  it("unescapes ~1 to / and ~0 to ~, in that order and every occurrence", () => {
    expect(atPointer(doc, "/a/b~1c")).toBe(1);
    expect(atPointer(doc, "/a/d~0e")).toBe(2);
    expect(atPointer(doc, "/a/~01")).toBe(3);
    expect(atPointer(doc, "/a/x~1y~1z")).toBe(4);
  });

  it("answers undefined past a missing key, null or a primitive", () => {
    expect(atPointer(doc, "/missing/deeper")).toBeUndefined();
    expect(atPointer(doc, "/n/x")).toBeUndefined();
    expect(atPointer(doc, "/s/length")).toBeUndefined();
    expect(atPointer(undefined, "/items")).toBeUndefined();
  });
});

describe("walkPages by offset", () => {
  it("starts from the caller's query and advances the offset by the items received", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 5) }));
    expect(await walk(byOffset, { limit: 2, tag: "x" }, fetchPage)).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toEqual([
      { limit: 2, tag: "x" },
      { limit: 2, tag: "x", offset: 2 },
      { limit: 2, tag: "x", offset: 4 },
    ]);
  });

  it("leaves the caller's query object as it was", async () => {
    const query = { limit: 2 };
    await walk(byOffset, query, pages((q) => ({ items: slice(q, 2, 3) })).fetchPage);
    expect(query).toEqual({ limit: 2 });
  });

  it("continues from a starting offset the caller gives", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 14) }));
    expect(await walk(byOffset, { offset: 10, limit: 2 }, fetchPage)).toEqual([10, 11, 12, 13]);
    expect(asked.map((q) => q.offset)).toEqual([10, 12, 14]);
  });

  it("without a limit, walks until an empty page", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 3, 7) }));
    expect(await walk(byOffset, {}, fetchPage)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked.map((q) => q.offset)).toEqual([undefined, 3, 6, 7]);
  });

  it("stops on the first empty page", async () => {
    const { asked, fetchPage } = pages(() => ({ items: [] }));
    expect(await walk(byOffset, { limit: 5 }, fetchPage)).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it("stops on a page shorter than the limit, and goes on after a full one", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 3, 5) }));
    expect(await walk(byOffset, { limit: 3 }, fetchPage)).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toHaveLength(2);
  });

  it("stops when the items reach the total, even on a full page", async () => {
    const meta = { ...byOffset, total: "/meta/total" };
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 4), meta: { total: 4 } }));
    expect(await walk(meta, { limit: 2 }, fetchPage)).toEqual([0, 1, 2, 3]);
    expect(asked).toHaveLength(2);
  });

  it("counts the total from the starting offset", async () => {
    const meta = { ...byOffset, total: "/total" };
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 6), total: 6 }));
    expect(await walk(meta, { offset: 2, limit: 2 }, fetchPage)).toEqual([2, 3, 4, 5]);
    expect(asked).toHaveLength(2);
  });

  it("keeps walking while the items are below the total", async () => {
    const meta = { ...byOffset, total: "/total" };
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 5), total: 5 }));
    expect(await walk(meta, {}, fetchPage)).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toHaveLength(3);
  });

  it("ignores a total that is not a number", async () => {
    const meta = { ...byOffset, total: "/total" };
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 4), total: "2" }));
    expect(await walk(meta, {}, fetchPage)).toEqual([0, 1, 2, 3]);
    expect(asked).toHaveLength(3);
  });

  it("ignores a limit that is not a number: only an empty page ends the walk", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 3) }));
    expect(await walk(byOffset, { limit: "2" }, fetchPage)).toEqual([0, 1, 2]);
    expect(asked.map((q) => q.offset)).toEqual([undefined, 2, 3]);
  });

  it("refuses a page without an items array", async () => {
    for (const body of [{}, { items: "a,b" }, { items: { 0: "a" } }, null]) {
      const error = await failure(walk(byOffset, {}, pages(() => body).fetchPage));
      expect(error).toBeInstanceOf(PaginationError);
      expect(error.name).toBe("PaginationError");
      expect(error.message).toBe("the page has no items array at /items");
    }
  });

  it("refuses a page equal to the one before, naming the offset it was asked for", async () => {
    const { asked, fetchPage } = pages(() => ({ items: ["a", "b"] }));
    const error = await failure(walk(byOffset, { limit: 2 }, fetchPage));
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toBe("the page at offset 2 repeats the previous page");
    expect(asked).toHaveLength(2);
  });

  it("accepts pages that share items but differ", async () => {
    const answers = [{ items: [1, 2] }, { items: [2, 3] }, { items: [] }];
    const { fetchPage } = pages((_, n) => answers[n - 1]);
    expect(await walk(byOffset, {}, fetchPage)).toEqual([1, 2, 2, 3]);
  });

  it("yields the items of a page before asking for the next", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 10) }));
    const walker = walkPages(byOffset, { limit: 2 }, fetchPage);
    expect((await walker.next()).value).toBe(0);
    expect((await walker.next()).value).toBe(1);
    expect(asked).toHaveLength(1);
    expect((await walker.next()).value).toBe(2);
    expect(asked).toHaveLength(2);
    await walker.return();
  });
});

describe("walkPages by next link", () => {
  const linked: PaginationMeta = { ...byOffset, next: "/links/next/href" };
  /** Pages of `count` over `size` items with a next link built by `link` (none past the end). */
  const linkedPages = (count: number, size: number, link: (offset: number) => unknown) =>
    pages((q) => {
      const items = slice(q, count, size);
      const offset = typeof q.offset === "number" ? q.offset : 0;
      return { items, links: offset + count < size ? { next: { href: link(offset + count) } } : {} };
    });

  it("follows the offset of each link, relative or absolute, until there is none", async () => {
    const relative = linkedPages(2, 5, (o) => `/v1/items?offset=${o}&limit=2`);
    expect(await walk(linked, { limit: 2 }, relative.fetchPage)).toEqual([0, 1, 2, 3, 4]);
    expect(relative.asked.map((q) => q.offset)).toEqual([undefined, 2, 4]);
    const absolute = linkedPages(2, 3, (o) => `https://api.example.com/v1/items?offset=${o}`);
    expect(await walk(linked, { limit: 2 }, absolute.fetchPage)).toEqual([0, 1, 2]);
  });

  it("stops on a null next link", async () => {
    const { asked, fetchPage } = pages(() => ({ items: [1], links: { next: { href: null } } }));
    expect(await walk(linked, {}, fetchPage)).toEqual([1]);
    expect(asked).toHaveLength(1);
  });

  it("trusts the link over the page size: goes where it points, even past a short page", async () => {
    const { asked, fetchPage } = pages((q, n) => (n === 1 ? { items: [0], links: { next: { href: "?offset=10" } } } : { items: slice(q, 5, 12), links: {} }));
    expect(await walk(linked, { limit: 5 }, fetchPage)).toEqual([0, 10, 11]);
    expect(asked.map((q) => q.offset)).toEqual([undefined, 10]);
  });

  it("takes the limit a link carries, and keeps the caller's when it carries none", async () => {
    const { asked, fetchPage } = pages((_, n) =>
      [{ items: [0], links: { next: { href: "?offset=1&limit=1" } } }, { items: [1], links: { next: { href: "?offset=2" } } }, { items: [2], links: {} }][n - 1],
    );
    expect(await walk(linked, { limit: 7, tag: "t" }, fetchPage)).toEqual([0, 1, 2]);
    expect(asked).toEqual([
      { limit: 7, tag: "t" },
      { limit: 1, tag: "t", offset: 1 },
      { limit: 1, tag: "t", offset: 2 },
    ]);
  });

  it.each([
    ["the same offset", 0, "?offset=0"],
    ["an earlier offset", 4, "?offset=3"],
  ])("refuses a link back to %s", async (_, start, href) => {
    const { asked, fetchPage } = pages(() => ({ items: ["x"], links: { next: { href } } }));
    const error = await failure(walk(linked, { offset: start }, fetchPage));
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toBe(`/links/next/href does not advance (offset ${new URLSearchParams(href).get("offset")} after ${start})`);
    expect(asked).toHaveLength(1);
  });

  it("accepts a link one offset ahead carrying the smallest limit", async () => {
    const { asked, fetchPage } = pages((_, n) => (n === 1 ? { items: ["a"], links: { next: { href: "?offset=1&limit=1" } } } : { items: ["b"], links: {} }));
    expect(await walk(linked, {}, fetchPage)).toEqual(["a", "b"]);
    expect(asked[1]).toEqual({ offset: 1, limit: 1 });
  });

  it.each([
    ["a number", 5, "/links/next/href is not a link"],
    ["an object", { offset: 2 }, "/links/next/href is not a link"],
    ["a broken URL", "http://[::1", "/links/next/href is not a URL"],
    ["no offset", "?limit=2", "/links/next/href has no valid offset"],
    ["a negative offset", "?offset=-2", "/links/next/href has no valid offset"],
    ["a fractional offset", "?offset=2.5", "/links/next/href has no valid offset"],
    ["a word for an offset", "?offset=two", "/links/next/href has no valid offset"],
    ["a zero limit", "?offset=2&limit=0", "/links/next/href has no valid limit"],
    ["a fractional limit", "?offset=2&limit=1.5", "/links/next/href has no valid limit"],
    ["a word for a limit", "?offset=2&limit=all", "/links/next/href has no valid limit"],
  ])("refuses a next link that is %s", async (_, href, message) => {
    const error = await failure(walk(linked, {}, pages(() => ({ items: [1], links: { next: { href } } })).fetchPage));
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toBe(message);
  });
});

describe("walkPages and abort", () => {
  it("asks for nothing when the signal is already aborted", async () => {
    const { asked, fetchPage } = pages(() => ({ items: [1] }));
    const reason = new Error("stop");
    await expect(walk(byOffset, {}, fetchPage, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(asked).toHaveLength(0);
  });

  it("asks for no further page once the signal aborts", async () => {
    const controller = new AbortController();
    const reason = new Error("enough");
    const { asked, fetchPage } = pages((q, n) => {
      if (n === 1) queueMicrotask(() => controller.abort(reason));
      return { items: slice(q, 2, 10) };
    });
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const item of walkPages(byOffset, { limit: 2 }, fetchPage, controller.signal)) seen.push(item);
      })(),
    );
    expect(error).toBe(reason);
    expect(seen).toEqual([0, 1]);
    expect(asked).toHaveLength(1);
  });
});

describe("a server that caps the page below the asked limit", () => {
  it("with a total, the walk follows the total, not the short page", async () => {
    const meta: PaginationMeta = { ...byOffset, total: "/total" };
    // Asked for 10 a page, the server gives at most 4 of its 9 items.
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 4, 9), total: 9 }));
    expect(await walk(meta, { limit: 10 }, fetchPage)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(asked.map((q) => q.offset)).toEqual([undefined, 4, 8]);
  });

  it("without a total or a next link, a short page still ends the walk", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 4, 9) }));
    expect(await walk(byOffset, { limit: 10 }, fetchPage)).toEqual([0, 1, 2, 3]);
    expect(asked).toHaveLength(1);
  });
});

describe("end conditions a page states of itself (x-pagination pageCount and last)", () => {
  const counted: PaginationMeta = { ...byOffset, pageCount: "/meta/count" };
  const flagged: PaginationMeta = { ...byOffset, last: "/meta/done" };

  it("stops when the page's own count is below the limit, though it holds a full page of items", async () => {
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 10), meta: { count: 1 } }));
    expect(await walk(counted, { limit: 2 }, fetchPage)).toEqual([0, 1]);
    expect(asked).toHaveLength(1);
  });

  it("goes on while the page's own count reaches the limit, and ignores a count that is no number", async () => {
    const full = pages((q) => ({ items: slice(q, 2, 5), meta: { count: slice(q, 2, 5).length } }));
    expect(await walk(counted, { limit: 2 }, full.fetchPage)).toEqual([0, 1, 2, 3, 4]);
    expect(full.asked).toHaveLength(3);
    const words = pages((q) => ({ items: slice(q, 2, 4), meta: { count: "1" } }));
    expect(await walk(counted, { limit: 2 }, words.fetchPage)).toEqual([0, 1, 2, 3]);
    expect(words.asked).toHaveLength(3);
  });

  it("leaves the end to the total where one is declared, as a short page does", async () => {
    const meta: PaginationMeta = { ...counted, total: "/total" };
    const { asked, fetchPage } = pages((q) => ({ items: slice(q, 2, 4), meta: { count: 1 }, total: 4 }));
    expect(await walk(meta, { limit: 2 }, fetchPage)).toEqual([0, 1, 2, 3]);
    expect(asked).toHaveLength(2);
  });

  it("stops on a page whose last flag is true, and only on true", async () => {
    const done = pages((q) => ({ items: slice(q, 2, 10), meta: { done: true } }));
    expect(await walk(flagged, { limit: 2 }, done.fetchPage)).toEqual([0, 1]);
    expect(done.asked).toHaveLength(1);
    const notDone = pages((q) => ({ items: slice(q, 2, 4), meta: { done: "true" } }));
    expect(await walk(flagged, { limit: 2 }, notDone.fetchPage)).toEqual([0, 1, 2, 3]);
    expect(notDone.asked).toHaveLength(3);
  });

  it("the last flag ends the walk even where a next link points on", async () => {
    const meta: PaginationMeta = { ...flagged, next: "/next" };
    const { asked, fetchPage } = pages(() => ({ items: [0], next: "?offset=1", meta: { done: true } }));
    expect(await walk(meta, {}, fetchPage)).toEqual([0]);
    expect(asked).toHaveLength(1);
  });
});

describe("a page holding more items than the limit asked for", () => {
  it("is refused before any of its items is yielded (the server ignores the limit)", async () => {
    const { asked, fetchPage } = pages(() => ({ items: [1, 2, 3] }));
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const item of walkPages(byOffset, { offset: 4, limit: 2 }, fetchPage)) seen.push(item);
      })(),
    );
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toBe("the page at offset 4 holds 3 items for limit 2");
    expect(seen).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it("is taken as it is when no limit was asked for", async () => {
    const { fetchPage } = pages((_, n) => ({ items: n === 1 ? [1, 2, 3] : [] }));
    expect(await walk(byOffset, {}, fetchPage)).toEqual([1, 2, 3]);
  });
});
