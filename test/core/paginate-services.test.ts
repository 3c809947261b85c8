/**
 * `for await (const item of client.paginate(path))` for every operation a document declares
 * `x-pagination` on: against the stateful emulator it yields exactly what the list holds, and
 * against the static mock (which answers every page with the same example) it stops instead of
 * looping, either on the document's total/next rules or by refusing a repeated page.
 */
import type { ServiceId } from "cloud-interfaces/mock";
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { PaginationError } from "../../runtime/core/paginate.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { readServices } from "../../scripts/lib/services.js";
import { generatedFactory, loadCatalogue } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { placeholderBaseUrl } from "cloud-interfaces/emulator";

const paged = readServices().flatMap((s) =>
  Object.entries(extractMeta(s.id, bundledDocument(s.id)).operations)
    .filter(([key, op]) => op.pagination && key.startsWith("GET "))
    .map(([key]) => [s.id, key.slice(4)] as const),
);

async function collect(items: AsyncIterable<unknown>, max = 10_000): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length > max) throw new Error("paging did not stop");
  }
  return out;
}

describe("paginate every paged operation", () => {
  it("finds the paged operations the documents declare", () => {
    // Every GET whose bundled operation states x-pagination, read from the documents a second way.
    const declared = readServices().flatMap((s) =>
      Object.entries<any>(bundledDocument(s.id).paths).flatMap(([path, item]) => (item.get?.["x-pagination"] ? [`${s.id} ${path}`] : [])),
    );
    expect(declared.length).toBeGreaterThan(0);
    expect(paged.map(([id, path]) => `${id} ${path}`).sort()).toEqual(declared.sort());
  });

  it.each(paged)("%s %s: the emulator's whole list, one page of 1 at a time", async (serviceId, path) => {
    const catalogue = await loadCatalogue(serviceId);
    const emulator = createEmulator(serviceId as ServiceId);
    const fetch = (input: string | URL | Request, init?: RequestInit) => emulator.handle(new Request(input, init));
    const client = (await generatedFactory(serviceId))({ baseUrl: placeholderBaseUrl(serviceId), ...catalogue.client, fetch });
    const whole = await client.GET!(path, { params: { query: { limit: 100 } } });
    expect(whole.response.status).toBe(200);
    const items = await collect((client as any).paginate(path, { params: { query: { limit: 1 } } }));
    const op = extractMeta(serviceId, bundledDocument(serviceId)).operations[`GET ${path}`]!;
    const expected = op.pagination!.items.slice(1).split("/").reduce<any>((node, key) => node[key], whole.data);
    expect(items).toEqual(expected);
    expect(emulator.violations).toEqual([]);
  });

  it.each(paged)("%s %s: stops against the static mock", async (serviceId, path) => {
    const catalogue = await loadCatalogue(serviceId);
    const client = (await generatedFactory(serviceId))({ baseUrl: mockUrl(serviceId), ...catalogue.client });
    try {
      const items = await collect((client as any).paginate(path));
      expect(items.length).toBeGreaterThan(0);
    } catch (error) {
      expect(error).toBeInstanceOf(PaginationError);
    }
  });
});
