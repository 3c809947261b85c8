/**
 * Issue 27, finding 1: emulator work is bounded by the input, not by how a pattern backtracks
 * or how many records a collection holds. The functional checks live here; the timings that
 * prove the bounds are in `npm run bench` (scripts/bench/emulator-bounds.ts).
 */
import { describe, expect, it, vi } from "vitest";
import type { KmsState } from "cloud-interfaces/emulator";
import { emulator } from "./harness.js";

const TOKEN = { "X-Auth-User-Token": "iam token-1" };
const BASE = "https://metrics.example.com";

describe("metrics wildcards match in linear time", () => {
  // `*a*a…*b` made a RegExp backtrack for tens of seconds over one 44-character node (issue 27 #1).
  // Bounded by counting: the answer fits a budget of 10,000 matching steps (it takes about 3,000;
  // backtracking would take billions). The wall-clock figure is in npm run bench.
  it("answers a pathological wildcard query within 10,000 matching steps, with the right answer", async () => {
    const { fetch } = emulator("metrics-v1", { caps: { metricsMatchSteps: 10_000 } });
    const name = `${"a".repeat(44)}`;
    const sent = await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify([{ name, value: 1 }, { name: `${name}b`, value: 2 }]) });
    expect(sent.status).toBe(200);
    const listed = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("*a*a*a*a*a*a*a*a*a*a*b")}`, { headers: TOKEN });
    const body = (await listed.json()) as { metrics: Array<{ path: string }> };
    expect(listed.status).toBe(200);
    expect(body.metrics.map((m) => m.path)).toEqual([`${name}b`]);
  });

  it("keeps the wildcard meanings: * and ? stay inside a node, [..] classes, {a,b} alternatives", async () => {
    const { fetch } = emulator("metrics-v1");
    const names = ["app.web01.requests", "app.web02.requests", "app.web1.requests", "app.web01.latency", "app.x.y.requests", "app.web.x"];
    await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify(names.map((name) => ({ name, value: 1 }))) });
    const find = async (query: string) => {
      const r = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent(query)}`, { headers: TOKEN });
      return ((await r.json()) as { metrics: Array<{ path: string }> }).metrics.map((m) => m.path);
    };
    expect(await find("app.*.requests")).toEqual(["app.web01.requests", "app.web02.requests", "app.web1.requests"]);
    expect(await find("app.web??.requests")).toEqual(["app.web01.requests", "app.web02.requests"]);
    expect(await find("app.web0[2-9].*")).toEqual(["app.web02.requests"]);
    expect(await find("app.web01.{latency,requests}")).toEqual(["app.web01.latency", "app.web01.requests"]);
    expect(await find("app.web*")).toEqual(["app.web", "app.web01", "app.web02", "app.web1"]);
    expect(await find("*")).toEqual(["app"]);
    const bad = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("app.[z-a]")}`, { headers: TOKEN });
    expect(bad.status).toBe(400);
  });
});

describe("metrics matching has a step budget", () => {
  it("a query past the budget is a 400 naming it, not a slow answer", async () => {
    const { fetch } = emulator("metrics-v1", { caps: { metricsMatchSteps: 20_000 } });
    const samples = Array.from({ length: 200 }, (_, i) => ({ name: `app.${"a".repeat(30)}${i}`, value: 1 }));
    expect((await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify(samples) })).status).toBe(200);
    const r = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("app.*a*a*a*a*a*b")}`, { headers: TOKEN });
    expect(r.status).toBe(400);
    expect(JSON.stringify(await r.json())).toContain("matching budget");
    expect((await fetch(`${BASE}/v1/metrics/list?query=app.b*`, { headers: TOKEN })).status).toBe(200);
  });
});

describe("KMS create keeps an alias index", () => {
  it("refuses an alias another key holds, and frees nothing it should not", async () => {
    const { fetch, emu } = emulator("kms-v2", { seedFromExamples: false });
    const create = (aliases: string[]) =>
      fetch("https://us-south.kms.example.com/api/v2/keys", {
        method: "POST",
        headers: { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d", "content-type": "application/vnd.svc.kms.key+json" },
        body: JSON.stringify({ metadata: { collectionType: "application/vnd.svc.kms.key+json", collectionTotal: 1 }, resources: [{ type: "application/vnd.svc.kms.key+json", name: "k", aliases }] }),
      });
    expect((await create(["a1", "a2"])).status).toBe(201);
    expect((await create(["a3"])).status).toBe(201);
    expect((await create(["a2"])).status).toBe(409);
    expect((await create(["a4", "a4"])).status).toBe(409);
    const instance = (emu.state as KmsState).partitions.get("0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d")!;
    // The engine's unique index (x-resource `unique: [aliases]`), not a scan of every key, answers "is this alias taken".
    const index = (instance.unique as Map<string, Map<string, string>>).get("key\u0000aliases")!;
    expect([...index.keys()].map((v) => JSON.parse(v)).sort()).toEqual(["a1", "a2", "a3"]);
  });
});

/** Issue 38, "one request, one long block": the sort keys of a KMS page are computed once per key, not per comparison. */
describe("KMS sorted list: counted work", () => {
  const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
  const KEYS = 2_000;
  // Creation dates in no order (a fixed permutation), so a comparison sort does n log n comparisons.
  const keys = Array.from({ length: KEYS }, (_, i) => ({ name: `k${i}`, creationDate: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % KEYS) * 1000).toISOString() }));
  const list = (fetch: (input: string, init?: RequestInit) => Promise<Response>) =>
    fetch(`https://us-south.kms.example.com/api/v2/keys?limit=5000&sort=-creationDate,id`, { headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });

  it("parses each key's date once for the first page, and not again until a key is written", async () => {
    const { fetch } = emulator("kms-v2", { seedFromExamples: false, seed: { instances: { [INSTANCE]: { keys } } } });
    const parse = vi.spyOn(Date, "parse");
    try {
      const first = await list(fetch);
      const firstCalls = parse.mock.calls.length;
      const page = (await first.json()).resources as Array<{ creationDate: string }>;
      expect(page).toHaveLength(KEYS);
      expect(page.map((k) => k.creationDate)).toEqual([...keys.map((k) => k.creationDate)].sort().reverse());
      // At most once per key (the response check may parse none); comparing parsed dates per comparison took ~2·n·log2 n ≈ 44,000.
      expect(firstCalls).toBeLessThanOrEqual(KEYS);
      parse.mockClear();
      await list(fetch);
      expect(parse.mock.calls.length).toBe(0);
    } finally {
      parse.mockRestore();
    }
  });
});

/** Issue 38, "bytes, not only counts": the engine charges every record's bytes to its partition and to the emulator. */
describe("record bytes are capped per partition and in all", () => {
  const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
  const description = "x".repeat(10_000);
  const create = (fetch: (input: string, init?: RequestInit) => Promise<Response>, instance = INSTANCE) =>
    fetch("https://us-south.kms.example.com/api/v2/keys", {
      method: "POST",
      headers: { authorization: "Bearer t", "svc-instance": instance, "content-type": "application/vnd.svc.kms.key+json" },
      body: JSON.stringify({ metadata: { collectionType: "application/vnd.svc.kms.key+json", collectionTotal: 1 }, resources: [{ name: "big", description }] }),
    });

  it("KMS: creates past the partition's byte cap are the document's 400, and nothing more is held", async () => {
    const cap = 64 * 1024;
    const { fetch, emu } = emulator("kms-v2", { seedFromExamples: false, caps: { recordBytesPerPartition: cap } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await create(fetch)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual(Array(6).fill(400));
    const refused = await (await create(fetch)).json();
    expect(refused.resources[0].errorMsg).toMatch(/^Bad Request: bytes of records per partition .*65536/);
    const state = emu.state as KmsState;
    expect(state.partitions.get(INSTANCE)!.bytes).toBeLessThanOrEqual(cap);
    expect(state.partitions.get(INSTANCE)!.records.get("key")!.size).toBe(6);
    // Another instance has its own allowance.
    expect((await create(fetch, "11111111-1111-4111-8111-111111111111")).status).toBe(201);
  });

  it("KMS: the cap across partitions holds too", async () => {
    const { fetch, emu } = emulator("kms-v2", { seedFromExamples: false, caps: { recordBytes: 25_000 } });
    expect((await create(fetch)).status).toBe(201);
    expect((await create(fetch, "11111111-1111-4111-8111-111111111111")).status).toBe(201);
    expect((await create(fetch, "22222222-2222-4222-8222-222222222222")).status).toBe(400);
    expect((emu.state as KmsState).bytes).toBeLessThanOrEqual(25_000);
  });

  it("notifications: template content counts against the same cap", async () => {
    const { fetch, emu } = emulator("notifications-v1", { seedFromExamples: false, caps: { recordBytesPerPartition: 64 * 1024 } });
    const base = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}/templates`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await fetch(base, { method: "POST", headers: { authorization: "Bearer t", "content-type": "application/json" }, body: JSON.stringify({ name: `t${i}`, type: "chat.notification", params: { body: btoa(description) } }) });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(400);
    expect((emu.state as { partitions: Map<string, { bytes?: number }> }).partitions.get(INSTANCE)!.bytes).toBeLessThanOrEqual(64 * 1024);
  });
});
