import { bundledDocument } from "../harness/documents.js";
import { resolve } from "../harness/responses.js";
/** The kms client over the Prism mock (and a scripted fetch where the mock cannot produce the case). */
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { ApiError, InputError } from "cloud-interfaces/core";
import { createKmsClient, PaginationError } from "cloud-interfaces/kms-v2";
import { mockUrl } from "../harness/mocks.js";
import { INSTANCE, KEY_TYPE, TOKEN, errorBody, fakeClock, keyBody, keyId, recordingFetch, rejection, scriptedFetch } from "./fakes.js";

// The bundled document: the rules and examples as the package ships them, whichever file holds them.
const doc = bundledDocument("kms-v2");
const example = (method: string, status: string, name: string) => {
  const response = resolve(doc, `#/paths/~1api~1v2~1keys/${method}/responses/${status}`);
  return Object.values<any>(response.content)[0].examples[name].value;
};
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MOCK_CORRELATION = doc.components.headers.CorrelationId.schema.examples[0];

function overMock(prefer?: string, { keyRing = "payroll-ring" as string | null } = {}) {
  const rec = recordingFetch(prefer);
  const kms = createKmsClient({ instanceId: INSTANCE, keyRing: keyRing ?? undefined, token: TOKEN, baseUrl: mockUrl("kms-v2"), fetch: rec.fetch });
  return { kms, sent: rec.sent };
}

describe("create", () => {
  it("sends one vendor-typed resource with the bound headers and returns the created key", async () => {
    const { kms, sent } = overMock();
    const key = await kms.createKey({ name: "session-signing-key", extractable: true }, { return: "representation" });
    expect(key).toEqual(example("post", "201", "created").resources[0]);
    const [request] = sent;
    expect(request!.headers.get("content-type")).toBe(KEY_TYPE);
    expect(request!.headers.get("svc-instance")).toBe(INSTANCE);
    expect(request!.headers.get("x-kms-key-ring")).toBe("payroll-ring");
    expect(request!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers.get("prefer")).toBe("return=representation");
    expect(JSON.parse(request!.body)).toEqual({
      metadata: { collectionType: KEY_TYPE, collectionTotal: 1 },
      resources: [{ type: KEY_TYPE, name: "session-signing-key", extractable: true }],
    });
  });

  it("Prefer return=minimal gives the identifier only (the document accepts it next to the mock's own preferences)", async () => {
    const { kms, sent } = overMock("code=201, example=createdMinimal");
    expect(await kms.createKey({ name: "k" }, { return: "minimal" })).toEqual({ id: "3f6a2c1e-9b4d-4e7a-a1c2-5d8e9f0b1a2c" });
    expect(sent[0]!.headers.get("prefer")).toBe("return=minimal, code=201, example=createdMinimal");
  });

  it("leaves the key ring header out when none is bound (the service then uses `default`)", async () => {
    const { kms, sent } = overMock(undefined, { keyRing: null });
    await kms.createKey({ name: "k" });
    expect(sent[0]!.headers.has("x-kms-key-ring")).toBe(false);
  });
});

describe("correlation id", () => {
  it("is a fresh v4 UUID per call unless the caller gives one", async () => {
    const { kms, sent } = overMock();
    await kms.listPage();
    await kms.countKeys();
    await kms.listPage({}, { correlationId: "0f1e2d3c-4b5a-4968-8776-655443322110" });
    const ids = sent.map((s) => s.headers.get("correlation-id"));
    expect(ids[0]).toMatch(V4);
    expect(ids[1]).toMatch(V4);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe("0f1e2d3c-4b5a-4968-8776-655443322110");
  });

  it("rejects a malformed one before sending", async () => {
    const { kms, sent } = overMock();
    const error = await rejection(kms.listPage({}, { correlationId: "0F1E2D3C-4B5A-4968-8776-655443322110" }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "correlation-id", rule: "pattern" });
    expect(sent).toHaveLength(0);
  });

  it("is on ApiError: the service's correlation-ID, else the one sent", async () => {
    const { kms } = overMock("code=404, example=keyRingNotFound");
    const error = await rejection(kms.createKey({ name: "k" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, correlationId: MOCK_CORRELATION, body: example("post", "404", "keyRingNotFound") });

    const { fetch } = scriptedFetch([{ status: 500, body: errorBody("Internal Server Error: x") }]);
    const bare = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch, newCorrelationId: () => "11111111-2222-4333-8444-555555555555" });
    expect(await rejection(bare.listPage())).toMatchObject({ status: 500, correlationId: "11111111-2222-4333-8444-555555555555" });
  });

  it("never carries the token into the error", async () => {
    const { kms } = overMock("code=401");
    const error = await rejection(kms.listPage());
    expect(error).toMatchObject({ status: 401 });
    expect(`${String(error)} ${inspect(error)} ${JSON.stringify(error)}`).not.toContain(TOKEN);
  });
});

describe("countKeys", () => {
  it("returns Key-Total as a number, sending state comma-separated", async () => {
    const { kms, sent } = overMock();
    expect(await kms.countKeys({ state: [1, 2], extractable: false })).toBe(42);
    expect(sent[0]!.method).toBe("HEAD");
    expect(sent[0]!.url.search).toBe("?state=1,2&extractable=false");
  });

  it.each([
    ["missing", undefined],
    ["not a number", "many"],
    ["negative", "-1"],
    ["fractional", "4.5"],
    ["beyond safe integers", "9007199254740993"],
  ])("reports a Key-Total that is %s as ApiError", async (_why, value) => {
    const { fetch } = scriptedFetch([{ status: 200, headers: value === undefined ? {} : { "Key-Total": value } }]);
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
    const error = await rejection(kms.countKeys());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ operation: "getKeyTotal", status: 200 });
  });

  it("refuses state in filter next to the state parameter (the service's 400)", async () => {
    const { kms, sent } = overMock();
    expect(await rejection(kms.countKeys({ state: [1], filter: "state=2" }))).toMatchObject({ field: "filter", rule: "filterConflict" });
    expect(await rejection(kms.countKeys({ extractable: true, filter: "extractable=false" }))).toMatchObject({ rule: "filterConflict" });
    expect(sent).toHaveLength(0);
  });
});

describe("listing", () => {
  it("one page over the mock", async () => {
    const { kms, sent } = overMock();
    const page = await kms.listPage({ limit: 100, filter: "state=1,2 extractable=false", sort: "-creationDate,id", search: "exact:alias:payroll-root" });
    expect(page).toEqual({ keys: example("get", "200", "listed").resources, incompleteSearch: false, collectionTotal: 2 });
    expect(sent[0]!.url.searchParams.get("filter")).toBe("state=1,2 extractable=false");
  });

  it("pages through every key, 5000 per page by default", async () => {
    const { kms, sent } = overMock();
    const keys = [];
    for await (const key of kms.listKeys({ filter: "state=1" })) keys.push(key);
    expect(keys).toEqual(example("get", "200", "listed").resources);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.searchParams.get("limit")).toBe("5000");
  });

  function pagedFetch(total: number, extra: Record<string, unknown> = {}) {
    return scriptedFetch((request) => {
      const limit = Number(request.url.searchParams.get("limit"));
      const offset = Number(request.url.searchParams.get("offset"));
      const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => keyId(offset + i));
      return { status: 200, body: keyBody(ids, extra) };
    });
  }

  it.each([
    [12, 5, ["0", "5", "10"]],
    [10, 5, ["0", "5", "10"]],
    [0, 5000, ["0"]],
  ])("%i keys by %i: offsets %j", async (total, pageSize, offsets) => {
    const { sent, fetch } = pagedFetch(total);
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch, clock: fakeClock() });
    const ids: string[] = [];
    for await (const key of kms.listKeys({}, pageSize)) ids.push(key.id);
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => keyId(i)));
    expect(sent.map((s) => s.url.searchParams.get("offset"))).toEqual(offsets);
    expect(new Set(sent.map((s) => s.url.searchParams.get("limit")))).toEqual(new Set([String(pageSize)]));
  });

  it("stops after a single-key lookup (incompleteSearch): x-pagination last, walked by paginate", async () => {
    const { sent, fetch } = pagedFetch(3, { incompleteSearch: true });
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
    const walk = vi.spyOn(kms.raw, "paginate");
    const ids: string[] = [];
    for await (const key of kms.listKeys({ search: "alias:payroll-root" }, 1)) ids.push(key.id);
    expect(ids).toEqual([keyId(0)]);
    expect(sent).toHaveLength(1);
    expect(walk).toHaveBeenCalledTimes(1);
  });

  // Issue 14 item 21: the mock answers every page with the same two keys; the walk must end.
  it.each([
    [1, "holds 2 items for limit 1"],
    [2, "repeats the previous page"],
  ])("ends against the static mock with page size %i: a PaginationError, not a loop", async (pageSize, reason) => {
    const { kms, sent } = overMock();
    const ids: string[] = [];
    const error = await (async () => {
      try {
        for await (const key of kms.listKeys({}, pageSize)) ids.push(key.id);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as Error).message).toContain(reason);
    expect(ids.length).toBeLessThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(2);
  });

  it("stops when collectionTotal (the resources of the page) is below the page size: x-pagination pageCount, walked by paginate", async () => {
    const { sent, fetch } = scriptedFetch(() => ({ status: 200, body: { ...keyBody([keyId(0), keyId(1)]), metadata: { collectionType: KEY_TYPE, collectionTotal: 1 } } }));
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
    const walk = vi.spyOn(kms.raw, "paginate");
    const ids: string[] = [];
    for await (const key of kms.listKeys({}, 2)) ids.push(key.id);
    expect(ids).toEqual([keyId(0), keyId(1)]);
    expect(sent).toHaveLength(1);
    expect(walk).toHaveBeenCalledTimes(1);
  });

  it("has no page loop of its own: listKeys walks exactly as the generated client's paginate does", async () => {
    // Seven keys served by offset and limit: pages of 3, 3 and 1, the short page ending the walk.
    const all = Array.from({ length: 7 }, (_, i) => keyId(i + 1));
    const server = () =>
      scriptedFetch((sent) => {
        const offset = Number(sent.url.searchParams.get("offset") ?? 0);
        const limit = Number(sent.url.searchParams.get("limit") ?? 200);
        return { status: 200, body: keyBody(all.slice(offset, offset + limit)) };
      });
    const correlation = "11111111-2222-4333-8444-555555555555";
    const listed = server();
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch: listed.fetch, newCorrelationId: () => correlation });
    const viaListKeys: string[] = [];
    for await (const key of kms.listKeys({ filter: "state=1", sort: "id" }, 3)) viaListKeys.push(key.id);

    const paged = server();
    const raw = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch: paged.fetch }).raw;
    const viaPaginate: string[] = [];
    const walk = raw.paginate!("/api/v2/keys", { params: { header: { "correlation-id": correlation }, query: { filter: "state=1", sort: "id", offset: 0, limit: 3 } } } as never);
    for await (const key of walk as AsyncIterable<{ id: string }>) viaPaginate.push(key.id);

    expect(viaListKeys).toEqual(all);
    expect(viaPaginate).toEqual(all);
    // The same requests, whatever order the query's parameters are written in.
    const requests = (sent: typeof listed.sent) =>
      sent.map((r) => `${r.method} ${r.url.pathname}?${new URLSearchParams([...r.url.searchParams].sort(([a], [b]) => a.localeCompare(b)))} ${r.headers.get("correlation-id")}`);
    expect(requests(listed.sent)).toEqual(requests(paged.sent));
    expect(listed.sent.map((r) => r.url.searchParams.get("offset"))).toEqual(["0", "3", "6"]);
  });

  it("reports a failed page with the service's correlation-ID, else the one sent for the walk", async () => {
    const id = "11111111-2222-4333-8444-555555555555";
    const failing = (headers: Record<string, string>) =>
      createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, newCorrelationId: () => id, fetch: scriptedFetch([{ status: 500, body: errorBody("Internal Server Error: x"), headers }]).fetch });
    const drain = async (kms: ReturnType<typeof createKmsClient>) => {
      for await (const _ of kms.listKeys()) void _;
    };
    expect(await rejection(drain(failing({})))).toMatchObject({ name: "ApiError", operation: "listKeys", status: 500, correlationId: id });
    const echoed = "0f1e2d3c-4b5a-4968-8776-655443322110";
    expect(await rejection(drain(failing({ "correlation-ID": echoed })))).toMatchObject({ status: 500, correlationId: echoed });
  });

  it.each([0, 5001, 2.5])("refuses page size %j", async (pageSize) => {
    const { kms } = overMock();
    const error = await rejection(kms.listKeys({}, pageSize).next());
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "limit" });
  });
});
