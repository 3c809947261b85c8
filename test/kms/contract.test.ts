/** The guard itself: an answer the document rejects never leaves the emulator, and is recorded. */
import { describe, expect, it } from "vitest";
import { createServiceEmulator, json } from "../../runtime/emulator/app.js";
import { tableValidators } from "../../runtime/emulator/contract.js";
import { document, validators } from "../../generated/kms-v2/emulator.js";

const KMS = "https://us-south.kms.example.com/api/v2/keys";
const headers = { authorization: "Bearer t", "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" };

function broken(body: unknown, status = 200) {
  return createServiceEmulator({
    serviceId: "kms-v2",
    initialState: () => ({}),
    operations: { listKeys: () => json(status, body, "application/vnd.svc.collection+json") },
    reject: (failure) => json(400, { metadata: { collectionType: "x", collectionTotal: 1 }, resources: [{ errorMsg: `Bad Request: ${failure.problems.join("; ")}` }] }, "application/vnd.svc.kms.error+json"),
  }, { document, validators: tableValidators("kms-v2", validators) });
}

describe("document guard", () => {
  it("a body the schema rejects becomes a 500 naming the emulator bug, and is recorded", async () => {
    const emu = broken({ metadata: { collectionType: "x" }, resources: [] });
    const res = await emu.handle(new Request(KMS, { headers }));
    expect(res.status).toBe(500);
    const problem = await res.json();
    expect(problem.title).toMatch(/Emulator bug: kms-v2 listKeys/);
    expect(problem.problems.join()).toMatch(/collectionTotal/);
    expect(emu.violations).toHaveLength(1);
    emu.reset();
    expect(emu.violations).toHaveLength(0);
  });

  it("an undocumented status and a wrong media type are violations too", async () => {
    const teapot = broken({}, 418);
    expect((await teapot.handle(new Request(KMS, { headers }))).status).toBe(500);
    expect(teapot.violations[0]!.problems[0]).toMatch(/418 is not documented/);
  });

  it("a conforming answer passes untouched; a bad request gets the service's documented 400", async () => {
    const emu = broken({ metadata: { collectionType: "x", collectionTotal: 0 }, resources: [] });
    expect((await emu.handle(new Request(KMS, { headers }))).status).toBe(200);
    const bad = await emu.handle(new Request(`${KMS}?limit=0`, { headers }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).resources[0].errorMsg).toMatch(/limit must be >= 1/);
    expect(emu.violations).toHaveLength(0);
  });

  it("unknown paths are 404 and unknown methods 405 with Allow", async () => {
    const emu = broken({});
    expect((await emu.handle(new Request("https://h/nowhere"))).status).toBe(404);
    const res = await emu.handle(new Request(KMS, { method: "DELETE", headers }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD");
  });
});
