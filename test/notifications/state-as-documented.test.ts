/**
 * Issue 43 as reported on notifications-v1 (the engine's rules are tested on a synthetic document
 * in test/emulator/state-as-documented.test.ts): `PATCH …/sources/<A>` with `{"id": "<B>"}` left
 * two sources with id B, and with `{"id": 12345}` answered 500 and made every later listSources
 * 500. Now both are 200, the id stays A's, and the lists stay right.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";

const INSTANCE = "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
const BASE = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}`;

function notifications() {
  const emu = createEmulator("notifications-v1", { seedFromExamples: false });
  const send = async (method: string, path: string, body?: unknown) => {
    const r = await emu.handle(new Request(`${BASE}${path}`, { method, headers: { authorization: "Bearer t", "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined };
  };
  return { emu, send };
}

describe("notifications-v1 updateSource with an id in the body", () => {
  it("another source's id: 200, ids stay unique, deleting the other leaves no ghost", async () => {
    const { emu, send } = notifications();
    const a = (await send("POST", "/sources", { name: "A", description: "a" })).body;
    const b = (await send("POST", "/sources", { name: "B", description: "b" })).body;
    const patched = await send("PATCH", `/sources/${a.id}`, { id: b.id, name: "A2" });
    expect(patched.status).toBe(200);
    expect(patched.body.id).toBe(a.id);
    expect((await send("GET", "/sources")).body.sources.map((s: any) => [s.id, s.name]).sort()).toEqual([[a.id, "A2"], [b.id, "B"]].sort());
    expect((await send("DELETE", `/sources/${b.id}`)).status).toBe(204);
    expect((await send("GET", "/sources")).body.sources.map((s: any) => s.id)).toEqual([a.id]);
    expect(emu.violations).toEqual([]);
  });

  it("a numeric id: 200, and the next listSources is 200", async () => {
    const { emu, send } = notifications();
    const a = (await send("POST", "/sources", { name: "A", description: "a" })).body;
    expect((await send("PATCH", `/sources/${a.id}`, { id: 12345 })).status).toBe(200);
    const listed = await send("GET", "/sources");
    expect(listed.status).toBe(200);
    expect(listed.body.sources.map((s: any) => s.id)).toEqual([a.id]);
    expect(emu.violations).toEqual([]);
  });
});
