/**
 * Issue 43, "State only as the document allows", on the resource engine (a synthetic document,
 * test/emulator/fixtures/resource-document.ts): a write stores the fields its request schema
 * declares and what the engine derives, never an undeclared field (at any depth) or one the
 * engine owns (the `id`, a `set` field); the rest is accepted as the open schema says (as the
 * Prism mock accepts it) and named in X-Mock-Warning. An answer the emulator turns into a 500
 * "Emulator bug" changes nothing.
 */
import { describe, expect, it } from "vitest";
import { breaking, emulatorOf, mockOf, resourceDocument, BASE } from "./fixtures/resource-document.js";

const things = (emulator: ReturnType<typeof emulatorOf>["emulator"]) => emulator.state.partitions.get("")?.records.get("thing");

describe("a write stores only what its request schema declares", () => {
  it("an update with another record's id: 200, the id stays the path's, ids stay unique, and the delete of the other leaves no ghost", async () => {
    const { emulator, send } = emulatorOf();
    const a = (await send("POST", "/things", { name: "a" })).body;
    const b = (await send("POST", "/things", { name: "b" })).body;
    const patched = await send("PATCH", `/things/${a.id}`, { id: b.id, name: "a2" });
    expect(patched.status).toBe(200);
    expect(patched.body.id).toBe(a.id);
    expect(patched.headers.get("x-mock-warning")).toMatch(/ignored body field "\/id"/);
    expect((await send("GET", "/things")).body.map((t: any) => [t.id, t.name])).toEqual([[a.id, "a2"], [b.id, "b"]]);
    expect((await send("DELETE", `/things/${b.id}`)).status).toBe(204);
    expect((await send("GET", "/things")).body.map((t: any) => t.id)).toEqual([a.id]);
    expect(emulator.violations).toEqual([]);
  });

  it("an update with an id of the wrong type or an echoed created_at: 200, neither stored, later lists 200", async () => {
    const { emulator, send } = emulatorOf();
    const a = (await send("POST", "/things", { name: "a" })).body;
    expect((await send("PATCH", `/things/${a.id}`, { id: 12345 })).status).toBe(200);
    const echoed = await send("PATCH", `/things/${a.id}`, { ...a, created_at: "2001-01-01T00:00:00Z", note: "kept" });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ id: a.id, created_at: a.created_at, note: "kept" });
    const listed = await send("GET", "/things");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: a.id, created_at: a.created_at })]);
    expect(emulator.violations).toEqual([]);
  });

  it("a create keeps no undeclared field at any depth (through $ref, allOf, items), and names each", async () => {
    const { emulator, send } = emulatorOf();
    const created = await send("POST", "/things", { name: "a", extra: 1, parts: [{ label: "x", colour: "red" }], due: "2026-02-01T00:00:00Z", created_at: "not-a-date" });
    expect(created.status).toBe(201);
    expect(created.headers.get("x-mock-warning")).toMatch(/"\/extra".*"\/parts\/0\/colour".*"\/created_at"/);
    const record = things(emulator)!.get(created.body.id)!;
    expect(record).toEqual({ id: created.body.id, name: "a", parts: [{ label: "x" }], due: "2026-02-01T00:00:00Z", created_at: expect.not.stringMatching("not-a-date") });
    expect((await send("GET", "/things")).status).toBe(200);
    expect(emulator.violations).toEqual([]);
  });

  it("a declared value that breaks its format is the document's 400 naming the field, before the write", async () => {
    const { emulator, send } = emulatorOf();
    const refused = await send("POST", "/things", { name: "a", due: "not-a-date" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/due.*date-time/);
    expect(things(emulator)?.size ?? 0).toBe(0);
  });

  it("the Prism mock accepts the same undeclared fields (the open schema): the same status", async () => {
    const mock = await mockOf();
    const { send } = emulatorOf();
    const sent = { name: "a", id: 12345, extra: { deep: true } };
    const fromMock = await mock(new Request(`${BASE}/things`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sent) }));
    expect(fromMock.status).toBe(201);
    expect((await send("POST", "/things", sent)).status).toBe(fromMock.status);
  });
});

describe("an answer turned into a 500 changes nothing", () => {
  it("a create: nothing stored, and the first request's partition is gone again", async () => {
    const { emulator, send } = emulatorOf(breaking(resourceDocument(), "/things", "post", "201"));
    const created = await send("POST", "/things", { name: "a" });
    expect(created.status).toBe(500);
    expect(created.body.title).toMatch(/Emulator bug/);
    expect(emulator.state.partitions.size).toBe(0);
    expect((await send("GET", "/things")).body).toEqual([]);
    expect(emulator.state.bytes).toBe(0);
    expect(emulator.violations).toHaveLength(1);
  });

  it("an update: the record, its unique name and the byte counts are as before", async () => {
    const { emulator, send } = emulatorOf(breaking(resourceDocument(), "/things/{id}", "patch", "200"));
    const a = (await send("POST", "/things", { name: "a" })).body;
    const [before, bytes] = [await send("GET", "/things"), emulator.state.bytes];
    expect((await send("PATCH", `/things/${a.id}`, { name: "b", note: "a much longer note than before" })).status).toBe(500);
    expect((await send("GET", "/things")).body).toEqual(before.body);
    expect(emulator.state.bytes).toBe(bytes);
    expect((await send("POST", "/things", { name: "a" })).status).toBe(409);
    expect((await send("POST", "/things", { name: "b" })).status).toBe(201);
    expect(emulator.violations).toHaveLength(1);
  });

  it("a delete: the record is back in its place, and the references the delete dropped too", async () => {
    const { emulator, send } = emulatorOf(breaking(resourceDocument(), "/things/{id}", "delete", "204"));
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) ids.push((await send("POST", "/things", { name })).body.id);
    expect((await send("POST", "/groups", { name: "g", things: [{ id: ids[0] }, { id: ids[1] }] })).status).toBe(201);
    const [listed, groups, bytes] = [await send("GET", "/things"), await send("GET", "/groups"), emulator.state.bytes];
    expect((await send("DELETE", `/things/${ids[1]}`)).status).toBe(500);
    expect(await send("GET", "/things")).toMatchObject({ body: listed.body });
    expect((await send("GET", "/groups")).body).toEqual(groups.body);
    expect([...things(emulator)!.keys()]).toEqual(ids);
    expect(emulator.state.bytes).toBe(bytes);
    expect(emulator.violations).toHaveLength(1);
  });
});
