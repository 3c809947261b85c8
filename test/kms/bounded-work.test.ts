/**
 * The KMS emulator's work is bounded by what a request asks, not by how many records a
 * collection holds: an alias index for uniqueness, sort keys computed once per key, record bytes
 * capped per partition and in all (issue 38). The timings are in `npm run bench`.
 */
import { describe, expect, it, vi } from "vitest";
import type { KmsState } from "cloud-interfaces/emulator";
import { emulator } from "../emulator/harness.js";

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
});
