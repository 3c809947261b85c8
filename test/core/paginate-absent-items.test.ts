/**
 * A page without its items array. Where the list's success schema does not require the items
 * member (the build marks the walk `itemsMayBeAbsent`), a missing array is an empty last page;
 * where it does, or where the page's own count says it holds items, it stays a PaginationError.
 */
import { describe, expect, it } from "vitest";
import { PaginationError, walkPages, type PaginationMeta } from "../../runtime/core/paginate.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";

const strict: PaginationMeta = { offsetParam: "offset", limitParam: "limit", items: "/items", pageCount: "/meta/count" };
const lenient: PaginationMeta = { ...strict, itemsMayBeAbsent: true };

async function walk(meta: PaginationMeta, bodies: unknown[]) {
  const asked: Record<string, unknown>[] = [];
  const items: unknown[] = [];
  for await (const item of walkPages(meta, { limit: 2 }, async (q) => {
    asked.push(q);
    if (asked.length > bodies.length) throw new Error("asked past the last page");
    return bodies[asked.length - 1];
  })) items.push(item);
  return { items, asked };
}

describe("walkPages: a page without its items array", () => {
  it("is an empty last page where the document allows the array to be absent", async () => {
    expect(await walk(lenient, [{ meta: { count: 0 } }])).toEqual({ items: [], asked: [{ limit: 2 }] });
  });

  it("ends a walk after full pages", async () => {
    const { items, asked } = await walk(lenient, [{ items: [1, 2], meta: { count: 2 } }, { meta: { count: 0 } }]);
    expect(items).toEqual([1, 2]);
    expect(asked).toHaveLength(2);
  });

  it("is refused where the document requires the array", async () => {
    await expect(walk(strict, [{ meta: { count: 0 } }])).rejects.toThrow(PaginationError);
  });

  it("is refused where the page's own count says it holds items", async () => {
    await expect(walk(lenient, [{ meta: { count: 3 } }])).rejects.toThrow(/says it holds 3/);
  });

  it("is refused when the member is there but not an array", async () => {
    await expect(walk(lenient, [{ items: null, meta: { count: 0 } }])).rejects.toThrow(PaginationError);
    await expect(walk(lenient, [{ items: "x" }])).rejects.toThrow(PaginationError);
  });
});

describe("the build derives itemsMayBeAbsent from the list's success schema", () => {
  const doc = (schema: object) => ({
    openapi: "3.1.0",
    paths: {
      "/things": {
        get: {
          operationId: "listThings",
          parameters: [
            { name: "offset", in: "query", schema: { type: "integer" } },
            { name: "limit", in: "query", schema: { type: "integer" } },
          ],
          "x-pagination": { offsetParam: "offset", limitParam: "limit", items: "/page/things" },
          responses: { "200": { description: "ok", content: { "application/json": { schema } } } },
        },
      },
    },
    components: { schemas: { Page: { type: "object", required: ["things"], properties: { things: { type: "array" } } } } },
  });
  const flag = (schema: object) => extractMeta("svc", doc(schema) as any).operations["GET /things"]!.pagination!.itemsMayBeAbsent;
  const page = (inner: object) => ({ type: "object", required: ["page"], properties: { page: inner } });

  it("leaves it off where every level of the pointer is required, directly, through allOf or a $ref", () => {
    expect(flag(page({ type: "object", required: ["things"], properties: { things: { type: "array" } } }))).toBeUndefined();
    expect(flag(page({ allOf: [{ required: ["things"] }], properties: { things: { type: "array" } } }))).toBeUndefined();
    expect(flag(page({ $ref: "#/components/schemas/Page" }))).toBeUndefined();
    expect(flag(page({ anyOf: [{ required: ["things"] }, { required: ["things", "x"] }] }))).toBeUndefined();
  });

  it("sets it where some level is optional, or required on only one branch of an anyOf", () => {
    expect(flag(page({ type: "object", properties: { things: { type: "array" } } }))).toBe(true);
    expect(flag({ type: "object", properties: { page: { type: "object", required: ["things"] } } })).toBe(true);
    expect(flag(page({ allOf: [{ anyOf: [{ required: ["things"] }, { properties: { n: { const: 0 } } }] }] }))).toBe(true);
  });
});
