/**
 * Issue 43, "State only as the document allows": a write stores the fields its request schema
 * declares and what the engine derives, never an undeclared or engine-owned field from the
 * body; and an answer the emulator turns into a 500 "Emulator bug" changes nothing. The
 * documents are only samples of the engine here (notifications-v1 sources, kms-v2 keys).
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";
import { createMockHandler } from "cloud-interfaces/mock";

const N_INSTANCE = "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
const N_BASE = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${N_INSTANCE}`;
const KEY_TYPE = "application/vnd.svc.kms.key+json";
const K_INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const K_URL = "http://localhost/api/v2/keys";
const K_HEADERS = { authorization: "Bearer t", "svc-instance": K_INSTANCE, "content-type": KEY_TYPE };
const keyBody = (resource: Record<string, unknown>) => JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, ...resource }] });

function notifications(options: Parameters<typeof createEmulator>[1] = {}) {
  const emu = createEmulator("notifications-v1", { seedFromExamples: false, ...options });
  const send = async (method: string, path: string, body?: unknown) => {
    const r = await emu.handle(new Request(`${N_BASE}${path}`, { method, headers: { authorization: "Bearer t", "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined, warning: r.headers.get("x-mock-warning") };
  };
  return { emu, send };
}

function kms(options: Parameters<typeof createEmulator>[1] = {}) {
  const emu = createEmulator("kms-v2", options);
  const send = async (method: string, body?: string, headers: Record<string, string> = {}) => {
    const r = await emu.handle(new Request(K_URL, { method, headers: { ...K_HEADERS, ...headers }, ...(body === undefined ? {} : { body }) }));
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined, total: r.headers.get("key-total"), warning: r.headers.get("x-mock-warning") };
  };
  return { emu, send };
}

describe("a write stores only what the request schema declares", () => {
  it("PATCH a source with another source's id: 200, the id is the path's, ids stay unique", async () => {
    const { emu, send } = notifications();
    const a = (await send("POST", "/sources", { name: "A", description: "a" })).body;
    const b = (await send("POST", "/sources", { name: "B", description: "b" })).body;
    const patched = await send("PATCH", `/sources/${a.id}`, { id: b.id, name: "A2" });
    expect(patched.status).toBe(200);
    expect(patched.body.id).toBe(a.id);
    expect(patched.warning).toMatch(/"\/id"/);
    const listed = await send("GET", "/sources");
    expect(listed.status).toBe(200);
    expect(listed.body.sources.map((s: any) => [s.id, s.name]).sort()).toEqual([[a.id, "A2"], [b.id, "B"]].sort());
    expect((await send("DELETE", `/sources/${b.id}`)).status).toBe(204);
    expect((await send("GET", "/sources")).body.sources.map((s: any) => s.id)).toEqual([a.id]);
    expect(emu.violations).toEqual([]);
  });

  it("PATCH a source with a numeric id or an undeclared created_at: 200, and neither is stored (later lists stay 200)", async () => {
    const { emu, send } = notifications();
    const a = (await send("POST", "/sources", { name: "A", description: "a" })).body;
    expect((await send("PATCH", `/sources/${a.id}`, { id: 12345 })).status).toBe(200);
    const echoed = await send("PATCH", `/sources/${a.id}`, { created_at: "2001-01-01T00:00:00Z", type: "other", enabled: false });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ id: a.id, enabled: false, type: a.type });
    const listed = await send("GET", "/sources");
    expect(listed.status).toBe(200);
    expect(listed.body.sources).toEqual([expect.objectContaining({ id: a.id, type: a.type, enabled: false })]);
    const record = emu.state.partitions.get(N_INSTANCE)!.records.get("source")!.get(a.id)!;
    expect(record).toMatchObject({ id: a.id, created_at: a.created_at, type: a.type });
    expect(emu.violations).toEqual([]);
  });

  it("a create stores no undeclared field, at any depth", async () => {
    const { emu, send } = notifications();
    const created = await send("POST", "/sources", { name: "A", description: "a", extra: { deep: true } });
    expect(created.status).toBe(201);
    expect(created.warning).toMatch(/"\/extra"/);
    const record = emu.state.partitions.get(N_INSTANCE)!.records.get("source")!.get(created.body.id)!;
    expect(record.extra).toBeUndefined();
  });

  it("kms-v2 create with resources[0].deletionDate (not declared for a create): 201 without it, and the instance's lists stay 200", async () => {
    const { emu, send } = kms();
    const created = await send("POST", keyBody({ name: "k", deletionDate: "not-a-date" }));
    expect(created.status).toBe(201);
    expect(created.body.resources[0].deletionDate).toBeUndefined();
    expect(created.warning).toMatch(/"\/resources\/0\/deletionDate"/);
    expect((await send("HEAD")).total).toBe("1");
    const listed = await send("GET");
    expect(listed.status).toBe(200);
    expect(listed.body.resources.map((k: any) => k.name)).toEqual(["k"]);
    expect(emu.violations).toEqual([]);
  });

  it("kms-v2 create with an engine-owned id echoed back: the engine's id wins", async () => {
    const { send } = kms();
    const created = await send("POST", keyBody({ name: "k", id: "not-a-uuid", state: 5 }));
    expect(created.status).toBe(201);
    expect(created.body.resources[0].id).not.toBe("not-a-uuid");
    expect(created.body.resources[0].state).toBe(1);
  });

  it("a declared value that breaks its format is refused before the write: 400 naming the field, nothing stored", async () => {
    const { send } = kms();
    const refused = await send("POST", keyBody({ name: "k", expirationDate: "not-a-date" }));
    expect(refused.status).toBe(400);
    expect(refused.body.resources[0].errorMsg).toMatch(/expirationDate.*date-time/);
    expect((await send("HEAD")).total).toBe("0");
  });
});

describe("an undeclared field is accepted as the open request schema says, as the Prism mock accepts it", () => {
  it.each([
    ["notifications-v1", "PATCH", `http://localhost/v1/instances/${N_INSTANCE}/sources/e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5`, { authorization: "Bearer t", "content-type": "application/json" }, JSON.stringify({ id: 12345, enabled: false })],
    ["kms-v2", "POST", K_URL, K_HEADERS, keyBody({ name: "k", deletionDate: "not-a-date" })],
  ] as const)("%s %s: the same status from both", async (id, method, url, headers, body) => {
    const request = () => new Request(url, { method, headers, body });
    const [mock, emulator] = [await (await createMockHandler(id))(request()), await createEmulator(id).handle(request())];
    expect(mock.status).toBeLessThan(300);
    expect(emulator.status).toBe(mock.status);
  });
});

/** The bundled document with one response schema made to require a field the engine never gives: its answers become 500s. */
function breaking(serviceId: "kms-v2" | "notifications-v1", path: string, method: string, status: string) {
  const doc = structuredClone(loadBundledDocument(serviceId)) as any;
  const op = doc.paths[path][method];
  const response = op.responses[status].$ref ? doc.components.responses[op.responses[status].$ref.split("/").pop()] : op.responses[status];
  for (const media of Object.values<any>(response.content)) media.schema = { allOf: [media.schema, { required: ["neverGivenByTheEngine"] }] };
  return doc;
}

describe("an answer turned into a 500 changes nothing", () => {
  it("kms-v2 create answered 500: no key stored (Key-Total 0), the instance's list still 200", async () => {
    const { emu, send } = kms({ document: breaking("kms-v2", "/api/v2/keys", "post", "201") });
    const created = await send("POST", keyBody({ name: "k" }));
    expect(created.status).toBe(500);
    expect(created.body.title).toMatch(/Emulator bug/);
    expect((await send("HEAD")).total).toBe("0");
    expect((await send("GET")).status).toBe(200);
    expect(emu.violations).toHaveLength(1);
  });

  it("notifications-v1 update answered 500: the source is as before", async () => {
    const { emu, send } = notifications({ document: breaking("notifications-v1", "/v1/instances/{instance_id}/sources/{id}", "patch", "200") });
    const a = (await send("POST", "/sources", { name: "A", description: "a" })).body;
    const before = await send("GET", "/sources");
    const patched = await send("PATCH", `/sources/${a.id}`, { name: "B", enabled: false });
    expect(patched.status).toBe(500);
    expect(await send("GET", "/sources")).toEqual(before);
    // The unique index took the old name back: another source may not take "A", and may take "B".
    expect((await send("POST", "/sources", { name: "A", description: "again" })).status).toBe(409);
    expect((await send("POST", "/sources", { name: "B", description: "b" })).status).toBe(201);
    expect(emu.violations).toHaveLength(1);
  });

  it("notifications-v1 delete of a source a topic refers to, answered 500: the source, its place and the topic's reference are back", async () => {
    const doc = structuredClone(loadBundledDocument("notifications-v1")) as any;
    const deleted = doc.paths["/v1/instances/{instance_id}/sources/{id}"].delete.responses["204"];
    deleted.headers = { "X-Never-Sent": { required: true, schema: { type: "string" } } };
    const { emu, send } = notifications({ document: doc });
    const ids = [];
    for (const name of ["A", "B", "C"]) ids.push((await send("POST", "/sources", { name, description: name })).body.id);
    const topic = await send("POST", "/topics", { name: "T", sources: [{ id: ids[1], rules: [{ enabled: true, event_type_filter: "$.*" }] }] });
    expect(topic.status).toBe(201);
    const [sources, topics] = [await send("GET", "/sources"), await send("GET", "/topics")];
    expect((await send("DELETE", `/sources/${ids[1]}`)).status).toBe(500);
    expect(await send("GET", "/sources")).toEqual(sources);
    expect(await send("GET", "/topics")).toEqual(topics);
    expect([...emu.state.partitions.get(N_INSTANCE)!.records.get("source")!.keys()]).toEqual(ids);
    expect(emu.violations).toHaveLength(1);
  });

  it("a first request that makes a partition and is answered 500 leaves no partition", async () => {
    const { emu, send } = kms({ document: breaking("kms-v2", "/api/v2/keys", "post", "201") });
    expect((await send("POST", keyBody({ name: "k" }))).status).toBe(500);
    expect(emu.state.partitions.size).toBe(0);
  });
});
