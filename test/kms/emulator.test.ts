/** The kms-v2 emulator through the generated client: state, search, filter, totals, key rings, errors. */
import { describe, expect, it } from "vitest";
import { createKmsClient, createKmsV2Client } from "cloud-interfaces/kms-v2";
import { emulator } from "../emulator/harness.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const EXAMPLE_INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const BASE = "https://us-south.kms.example.com";

function setup(options: Parameters<typeof emulator>[1] = {}, instance = INSTANCE, keyRing?: string) {
  const env = emulator("kms-v2", options);
  // The emulator's own 400s, 409s and 429s are under test, so the client's check and the
  // document's retry policy (which would wait out each 429 and 409 for real) are off.
  const client = createKmsV2Client({
    validate: false,
    retry: false,
    baseUrl: BASE,
    credentials: { bearerAuth: "test-token" },
    bind: { "svc-instance": instance, ...(keyRing ? { "X-Kms-Key-Ring": keyRing } : {}) },
    fetch: env.fetch,
  });
  const create = (resource: Record<string, unknown>, prefer: "return=representation" | "return=minimal" = "return=representation", ring?: string) =>
    client.POST("/api/v2/keys", {
      params: { header: { Prefer: prefer, ...(ring ? { "X-Kms-Key-Ring": ring } : {}) } },
      headers: { "content-type": KEY_TYPE },
      body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, ...resource } as any] },
    });
  const list = (query: Record<string, unknown> = {}) => client.GET("/api/v2/keys", { params: { query: query as any } });
  const total = async (query: Record<string, unknown> = {}) => {
    const { response } = await client.HEAD("/api/v2/keys", { params: { query: query as any } });
    return { status: response.status, total: response.headers.get("Key-Total") };
  };
  const handleRaw = (method: string, path: string, headers: Record<string, string>) => env.emu.handle(new Request(BASE + path, { method, headers }));
  return { ...env, client, create, list, total, handleRaw };
}

const names = (data: any) => data.resources.map((k: any) => k.name);

describe("kms-v2 emulator: create, list, count", () => {
  it("a created key is listed and counted; root-key material is never returned; minimal gives the id only", async () => {
    const kms = setup();
    expect((await kms.total()).total).toBe("0");
    const standard = await kms.create({ name: "session-signing-key", extractable: true, aliases: ["session"] });
    expect(standard.response.status).toBe(201);
    const key = standard.data!.resources[0]!;
    expect(key).toMatchObject({ name: "session-signing-key", extractable: true, state: 1, keyRingID: "default", aliases: ["session"], imported: false });
    expect(typeof key.payload).toBe("string");

    const root = await kms.create({ name: "payroll-root-key", extractable: false });
    expect(root.data!.resources[0]!.payload).toBeUndefined();
    const minimal = await kms.create({ name: "third" }, "return=minimal");
    expect(minimal.data!.resources[0]).toEqual({ id: expect.any(String) });

    const listed = await kms.list();
    expect(listed.data!.metadata.collectionTotal).toBe(3);
    expect(listed.data!.resources!.map((k) => k.id).sort()).toEqual([key.id, root.data!.resources[0]!.id, minimal.data!.resources[0]!.id].sort());
    expect(listed.data!.resources!.every((k) => k.payload === undefined)).toBe(true);
    expect(await kms.total()).toEqual({ status: 200, total: "3" });
    expect((await kms.total({ extractable: true })).total).toBe("1");
  });

  it("pages with limit/offset and sorts by the sort parameter", async () => {
    const kms = setup();
    for (const name of ["a", "b", "c", "d", "e"]) {
      await kms.create({ name });
      kms.time.advance(1000);
    }
    const page = await kms.list({ sort: "-creationDate", limit: 2, offset: 1 });
    expect(names(page.data)).toEqual(["d", "c"]);
    expect(page.data!.metadata.collectionTotal).toBe(2);
    expect(names((await kms.list({ sort: "creationDate", offset: 4 })).data)).toEqual(["e"]);
  });

  it("key rings: the header places and narrows; an unknown ring on create is 404 KEY_RING_NOT_FOUND_ERR", async () => {
    const kms = setup({ seed: { instances: { [INSTANCE]: { keyRings: ["payroll-ring"] } } } });
    await kms.create({ name: "in-default" });
    const placed = await kms.create({ name: "in-payroll" }, "return=representation", "payroll-ring");
    expect(placed.data!.resources[0]!.keyRingID).toBe("payroll-ring");
    const missing = await kms.create({ name: "x" }, "return=representation", "no-such-ring");
    expect(missing.response.status).toBe(404);
    expect((missing.error as any).resources[0].reasons[0].code).toBe("KEY_RING_NOT_FOUND_ERR");
    const ringOnly = await kms.client.GET("/api/v2/keys", { params: { header: { "X-Kms-Key-Ring": "payroll-ring" } } });
    expect(names(ringOnly.data)).toEqual(["in-payroll"]);
    expect((await kms.total()).total).toBe("2");
  });

  it("only seeded instances exist when asked: INSTANCE_NOT_FOUND_ERR", async () => {
    const kms = setup({ seed: { knownInstancesOnly: true, instances: {} } });
    const res = await kms.create({ name: "x" });
    expect(res.response.status).toBe(404);
    expect((res.error as any).resources[0].reasons[0].code).toBe("INSTANCE_NOT_FOUND_ERR");
  });

  it("duplicate alias is 409 KEY_ALIAS_NOT_UNIQUE_ERR; too many aliases is 400 KEY_ALIAS_QUOTA_ERR", async () => {
    const kms = setup();
    await kms.create({ name: "one", aliases: ["shared"] });
    const dup = await kms.create({ name: "two", aliases: ["shared"] });
    expect(dup.response.status).toBe(409);
    expect((dup.error as any).resources[0].reasons[0].code).toBe("KEY_ALIAS_NOT_UNIQUE_ERR");
    const many = await kms.create({ name: "three", aliases: ["a1", "a2", "a3", "a4", "a5", "a6"] });
    expect((many.error as any).resources[0].reasons[0].code).toBe("KEY_ALIAS_QUOTA_ERR");
  });

  it("documented request errors: missing field 400, missing token 401, HEAD errors without a body", async () => {
    const kms = setup();
    const missing = await kms.create({ description: "no name" });
    expect(missing.response.status).toBe(400);
    expect((missing.error as any).resources[0].errorMsg).toMatch(/^Bad Request: .*name/);
    const anonymous = await kms.handleRaw("GET", "/api/v2/keys", { "svc-instance": INSTANCE });
    expect(anonymous.status).toBe(401);
    const conflict = await kms.total({ state: [1], filter: "state=1" });
    expect(conflict).toEqual({ status: 400, total: null });
  });

  it("409 and 429 are reachable on demand with Prefer code= (documented examples, still validated)", async () => {
    const kms = setup();
    const limited = await kms.client.GET("/api/v2/keys", { params: { header: {} }, headers: { Prefer: "code=429" } });
    expect(limited.response.status).toBe(429);
    const conflict = await kms.create({ name: "x" }, "return=minimal, code=409, example=importTokenExpired" as "return=minimal");
    expect(conflict.response.status).toBe(409);
    expect((conflict.error as any).resources[0].reasons[0].code).toBe("IMPORT_TOKEN_EXPIRED_ERR");
  });

  it("an optional rate limit per instance, method and endpoint gives 429 until the window ends", async () => {
    const kms = setup({ seed: { rateLimit: { requests: 2, windowMs: 1000 } } });
    expect((await kms.total()).status).toBe(200);
    expect((await kms.total()).status).toBe(200);
    expect((await kms.total()).status).toBe(429);
    expect((await kms.list()).response.status).toBe(200);
    kms.time.advance(1000);
    expect((await kms.total()).status).toBe(200);
  });

  it("starts every instance with the key rings the examples name and none of the keys a create example makes; reset() returns to it", async () => {
    for (const instance of [EXAMPLE_INSTANCE, INSTANCE]) {
      const kms = setup({}, instance);
      expect((await kms.total()).total).toBe("0");
      expect((await kms.create({ name: "in-example-ring" }, "return=representation", "payroll-ring")).response.status).toBe(201);
      expect((await kms.total()).total).toBe("1");
      kms.emu.reset();
      expect((await kms.total()).total).toBe("0");
    }
    const empty = setup({ seedFromExamples: false });
    expect((await empty.create({ name: "x" }, "return=minimal", "payroll-ring")).response.status).toBe(404);
  });
});

describe("kms-v2 emulator: search and filter", () => {
  async function fixture() {
    const kms = setup();
    const ids: Record<string, string> = {};
    const add = async (name: string, extra: Record<string, unknown> = {}) => {
      const r = await kms.create({ name, ...extra });
      ids[name] = r.data!.resources[0]!.id;
      kms.time.advance(86_400_000);
    };
    await add("payroll-root-key", { aliases: ["payroll-root"], extractable: false, expirationDate: "2027-12-31T23:59:59Z" });
    await add("session-signing-key", { extractable: true });
    await add("test-key", { aliases: ["Payroll-Test"] });
    await add("Backup", { aliases: ["nightly"], extractable: true });
    return { kms, ids };
  }

  it.each([
    ["payroll", ["payroll-root-key", "test-key"]],
    ["PAYROLL", ["payroll-root-key", "test-key"]],
    ["not:test", ["Backup", "payroll-root-key", "session-signing-key"]],
    ["name:payroll", ["payroll-root-key"]],
    ["alias:payroll", ["payroll-root-key", "test-key"]],
    ["alias:name:night", ["Backup"]],
    ["exact:payroll-root", ["payroll-root-key"]],
    ["exact:name:session-signing-key", ["session-signing-key"]],
    ["exact:name:session", []],
    ["escape:not:x", []],
  ])("search %s", async (search, expected) => {
    const { kms } = await fixture();
    expect(names((await kms.list({ search })).data).sort()).toEqual([...expected].sort());
  });

  it("a full key id matches by id; the looked-up alias key comes first", async () => {
    const { kms, ids } = await fixture();
    expect(names((await kms.list({ search: ids["test-key"] })).data)).toEqual(["test-key"]);
    const byAlias = await kms.list({ search: "alias:Payroll-Test", sort: "id" });
    expect(names(byAlias.data)).toEqual(["test-key"]);
    const both = await kms.list({ search: "alias:payroll-root", sort: "-creationDate" });
    expect(names(both.data)[0]).toBe("payroll-root-key");
  });

  it.each([
    ["extractable=true", ["session-signing-key", "Backup"]],
    ["extractable=FALSE", ["payroll-root-key", "test-key"]],
    ["expirationDate=none", ["session-signing-key", "test-key", "Backup"]],
    ['expirationDate=lte:"2028-01-01T00:00:00Z"', ["payroll-root-key"]],
    ['creationDate=gte:"2026-06-02T00:00:00Z" creationDate=lt:"2026-06-04T00:00:00Z"', ["session-signing-key", "test-key"]],
    ["state=1,2 extractable=false", ["payroll-root-key", "test-key"]],
    ["state=5", []],
  ])("filter %s (list and HEAD agree)", async (filter, expected) => {
    const { kms } = await fixture();
    expect(names((await kms.list({ filter })).data).sort()).toEqual([...expected].sort());
    expect((await kms.total({ filter })).total).toBe(String(expected.length));
  });

  it("a filter the grammar refuses is 400 naming the problem", async () => {
    const { kms } = await fixture();
    const bad = await kms.list({ filter: "creationDate=2026-01-01" });
    expect(bad.response.status).toBe(400);
    expect((bad.error as any).resources[0].errorMsg).toMatch(/double quotes/);
  });

  it("above 5000 keys: KEY_SEARCH_TOO_BROAD, except a key id or alias lookup (incompleteSearch)", async () => {
    const keys = Array.from({ length: 5001 }, (_, i) => ({ name: `bulk-${i}`, aliases: i === 4321 ? ["the-one"] : [] }));
    const kms = setup({ seed: { instances: { [INSTANCE]: { keys } } } });
    expect((await kms.total()).total).toBe("5001");
    const broad = await kms.list({ search: "bulk" });
    expect(broad.response.status).toBe(400);
    expect((broad.error as any).resources[0].reasons[0].code).toBe("KEY_SEARCH_TOO_BROAD");
    const lookup = await kms.list({ search: "alias:the-one" });
    expect(lookup.data!.metadata.incompleteSearch).toBe(true);
    expect(names(lookup.data)).toEqual(["bulk-4321"]);
    const narrowed = await kms.list({ search: "bulk-1", filter: "state=0", limit: 1 });
    expect(narrowed.response.status).toBe(200);
  });

  it("the runtime KMS client reads the same filter grammar before sending", async () => {
    const { fetch } = setup();
    const kms = createKmsClient({ instanceId: INSTANCE, token: "t", baseUrl: BASE, fetch });
    await expect(kms.listPage({ filter: "state=4" })).rejects.toMatchObject({ field: "filter" });
    await expect(kms.countKeys({ filter: "extractable=true" })).resolves.toBe(0);
  });
});
