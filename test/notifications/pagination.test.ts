// The pagination helpers against the Prism mock (one documented page) and against a small
// local server that really pages, so that following `next` is exercised over several pages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { ApiError, InputError } from "cloud-interfaces/core";
import {
  collect,
  listAllSources,
  listAllTemplates,
  listAllTopics,
  PaginationError,
  type ListOptions,
} from "cloud-interfaces/notifications-v1";
import catalogue from "../cases/notifications-v1.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";

const ID = "notifications-v1";
const INSTANCE = catalogue.client.bind.instance_id;
const TOKEN = catalogue.client.credentials.bearerAuth;

function listedExample(path: string, key: string): unknown[] {
  const ok = bundledDocument(ID).paths[path].get.responses["200"];
  const example = Object.values<any>(ok.content["application/json"].examples)[0].value;
  return example[key];
}

describe("against the mock", () => {
  const urls: string[] = [];
  const client = createNotificationsV1Client({
    baseUrl: mockUrl(ID),
    credentials: { bearerAuth: TOKEN },
    bind: { instance_id: INSTANCE },
    fetch: (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
  });

  it.each([
    ["sources", () => listAllSources(client, { pageSize: 50 }), "/v1/instances/{instance_id}/sources", "sources"],
    ["topics", () => listAllTopics(client, { search: "build" }), "/v1/instances/{instance_id}/topics", "topics"],
    ["templates", () => listAllTemplates(client, { offset: 0 }), "/v1/instances/{instance_id}/templates", "templates"],
  ])("yields every %s of the documented single page, in one request", async (_, list, path, key) => {
    urls.length = 0;
    const items = await collect<unknown>(list());
    expect(items).toEqual(listedExample(path, key));
    expect(items.length).toBeGreaterThan(0);
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!).pathname).toBe(path.replace("{instance_id}", INSTANCE));
  });

  it("sends the page query as the document names it", async () => {
    urls.length = 0;
    await collect(listAllSources(client, { pageSize: 5, offset: 20, search: "ci" }));
    expect(Object.fromEntries(new URL(urls[0]!).searchParams)).toEqual({ limit: "5", offset: "20", search: "ci" });
  });

  it("turns a documented failure into an ApiError", async () => {
    const unauthenticated = createNotificationsV1Client({ baseUrl: mockUrl(ID), bind: { instance_id: INSTANCE } });
    const error = await collect(listAllTopics(unauthenticated)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
  });
});

/** A topics list of `total` items that pages like the service: §2.5 envelope with `next`. */
function fakeService(total: number, options: { stuckNext?: boolean; limitOverride?: number; nextOnLastPage?: boolean } = {}) {
  const requests: { offset: number; limit: number; auth: string | undefined }[] = [];
  const topics = Array.from({ length: total }, (_, i) => ({
    id: `f2c4c8a0-7e1b-4c3d-9a6e-${String(i).padStart(12, "0")}`,
    name: `Topic ${i}`,
    source_count: 0,
    sources_names: [],
    subscription_count: 0,
  }));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, "http://fake");
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 10);
    requests.push({ offset, limit, auth: req.headers.authorization });
    const base = `http://fake${url.pathname}`;
    const nextOffset = options.stuckNext ? offset : offset + limit;
    const more = nextOffset < total || options.nextOnLastPage || options.stuckNext;
    const nextLimit = options.limitOverride ?? limit;
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        total_count: total,
        offset,
        limit,
        topics: topics.slice(offset, offset + limit),
        first: { href: `${base}?limit=${limit}&offset=0` },
        ...(more ? { next: { href: `${base}?limit=${nextLimit}&offset=${nextOffset}` } } : {}),
      }),
    );
  });
  return { server, requests, topics };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("against a local server with several pages", () => {
  const running: Server[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function start(total: number, options?: Parameters<typeof fakeService>[1]) {
    const fake = fakeService(total, options);
    running.push(fake.server);
    const baseUrl = await listen(fake.server);
    const client = createNotificationsV1Client({ baseUrl, credentials: { bearerAuth: TOKEN }, bind: { instance_id: INSTANCE } });
    return { ...fake, client };
  }

  it("follows next across three pages and yields every item once, in order", async () => {
    const { client, requests, topics } = await start(25);
    const items = await collect(listAllTopics(client, { pageSize: 10 }));
    expect(items).toEqual(topics);
    expect(requests.map((r) => [r.offset, r.limit])).toEqual([[0, 10], [10, 10], [20, 10]]);
    expect(requests.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("each fake page is a valid TopicList, so the fake matches the document", async () => {
    const { client } = await start(3);
    const { data } = await client.GET("/v1/instances/{instance_id}/topics", { params: { path: {}, query: { limit: 2 } } });
    expect(validateAt(ID, "#/components/schemas/TopicList", data)).toEqual([]);
  });

  it("starts at the given offset and takes the page size the server's next link carries", async () => {
    const { client, requests, topics } = await start(30, { limitOverride: 7 });
    const items = await collect(listAllTopics(client, { pageSize: 4, offset: 5 }));
    expect(items).toEqual(topics.slice(5));
    expect(requests.map((r) => [r.offset, r.limit])).toEqual([[5, 4], [9, 7], [16, 7], [23, 7]]);
  });

  it("stops at total_count even if the last page still links onwards", async () => {
    const { client, requests } = await start(20, { nextOnLastPage: true });
    expect(await collect(listAllTopics(client, { pageSize: 10 }))).toHaveLength(20);
    expect(requests).toHaveLength(2);
  });

  it("stops lazily: breaking out early asks for no further page", async () => {
    const { client, requests } = await start(100);
    for await (const topic of listAllTopics(client, { pageSize: 10 })) {
      if (topic.name === "Topic 12") break;
    }
    expect(requests).toHaveLength(2);
  });

  it("refuses a next link that does not advance instead of looping", async () => {
    const { client, requests } = await start(50, { stuckNext: true });
    await expect(collect(listAllTopics(client, { pageSize: 10 }))).rejects.toBeInstanceOf(PaginationError);
    expect(requests).toHaveLength(1);
  });

  it("an empty list is one request and no items", async () => {
    const { client, requests } = await start(0);
    expect(await collect(listAllTopics(client))).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe("list options are checked before anything is sent", () => {
  let calls = 0;
  const client = createNotificationsV1Client({
    baseUrl: "http://127.0.0.1:9",
    bind: { instance_id: INSTANCE },
    fetch: async () => {
      calls++;
      throw new Error("must not be called");
    },
  });
  beforeAll(() => {
    calls = 0;
  });

  it.each<[string, ListOptions, string, string]>([
    ["page size 0", { pageSize: 0 }, "limit", "minimum"],
    ["page size 101", { pageSize: 101 }, "limit", "maximum"],
    ["page size 2.5", { pageSize: 2.5 }, "limit", "type"],
    ["offset -1", { offset: -1 }, "offset", "minimum"],
    ["search with a hyphen", { search: "a-b" }, "search", "pattern"],
    ["search of 101 characters", { search: "a".repeat(101) }, "search", "maxLength"],
  ])("%s", async (_, options, field, rule) => {
    const error = await collect(listAllSources(client, options)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field, rule });
    expect(calls).toBe(0);
  });
});
