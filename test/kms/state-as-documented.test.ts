/**
 * Issue 43 as reported on kms-v2 (the engine's rules are tested on a synthetic document in
 * test/emulator/state-as-documented.test.ts): a create whose key carries `deletionDate` (not
 * declared for a create) stored it, answered 500 and made every later list of the instance 500;
 * now it is 201 without it. A declared date that is not one is refused before the write, and a
 * create whose answer the emulator refuses as its bug leaves Key-Total 0.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";
import { createMockHandler } from "cloud-interfaces/mock";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const URL_KEYS = "http://localhost/api/v2/keys";
const HEADERS = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d", "content-type": KEY_TYPE };
const keyBody = (resource: Record<string, unknown>) => JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, ...resource }] });

function kms(options: Parameters<typeof createEmulator>[1] = {}) {
  const emu = createEmulator("kms-v2", options);
  const send = async (method: string, body?: string) => {
    const r = await emu.handle(new Request(URL_KEYS, { method, headers: HEADERS, ...(body === undefined ? {} : { body }) }));
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined, total: r.headers.get("key-total"), warning: r.headers.get("x-mock-warning") };
  };
  return { emu, send };
}

describe("kms-v2 create", () => {
  it("with resources[0].deletionDate: \"not-a-date\": 201 as on the Prism mock, not stored, named; the instance's lists stay 200", async () => {
    const { emu, send } = kms();
    const created = await send("POST", keyBody({ name: "k", deletionDate: "not-a-date" }));
    const mock = await (await createMockHandler("kms-v2"))(new Request(URL_KEYS, { method: "POST", headers: HEADERS, body: keyBody({ name: "k", deletionDate: "not-a-date" }) }));
    expect(created.status).toBe(201);
    expect(mock.status).toBe(201);
    expect(created.body.resources[0].deletionDate).toBeUndefined();
    expect(created.warning).toMatch(/"\/resources\/0\/deletionDate"/);
    expect((await send("HEAD")).total).toBe("1");
    const listed = await send("GET");
    expect(listed.status).toBe(200);
    expect(listed.body.resources.map((k: any) => k.name)).toEqual(["k"]);
    expect(emu.violations).toEqual([]);
  });

  it("with the service's own fields sent back (id, state): the service's values", async () => {
    const { send } = kms();
    const created = await send("POST", keyBody({ name: "k", id: "not-a-uuid", state: 5 }));
    expect(created.status).toBe(201);
    expect(created.body.resources[0].id).not.toBe("not-a-uuid");
    expect(created.body.resources[0].state).toBe(1);
  });

  it("with expirationDate: \"not-a-date\" (declared, format date-time): 400 naming the field, Key-Total 0", async () => {
    const { send } = kms();
    const refused = await send("POST", keyBody({ name: "k", expirationDate: "not-a-date" }));
    expect(refused.status).toBe(400);
    expect(refused.body.resources[0].errorMsg).toMatch(/expirationDate.*date-time/);
    expect((await send("HEAD")).total).toBe("0");
  });

  it("answered 500 (a document whose 201 the engine cannot meet): Key-Total 0, the list still 200", async () => {
    const doc = structuredClone(loadBundledDocument("kms-v2")) as any;
    const created = doc.paths["/api/v2/keys"].post.responses["201"];
    for (const media of Object.values<any>(created.content)) media.schema = { allOf: [media.schema, { required: ["neverGivenByTheEngine"] }] };
    const { emu, send } = kms({ document: doc });
    expect((await send("POST", keyBody({ name: "k" }))).status).toBe(500);
    expect((await send("HEAD")).total).toBe("0");
    expect((await send("GET")).status).toBe(200);
    expect(emu.violations).toHaveLength(1);
  });
});
