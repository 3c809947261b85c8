/** The mock layer's promises (issue 15) on KMS: Accept and Prefer on create, its error shape, case selection, the stateful edge. */
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../runtime/http/limits.js";
import { startMock, type MockLogEntry } from "cloud-interfaces/mock";
import { errorsAt } from "../harness/validator.js";
import { baseline, send, withHeaders } from "../mock/wire.js";
import { serialize } from "../mock/battery.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";

const KMS_TYPE = "application/vnd.svc.kms.key+json";
const validKey = JSON.stringify({ metadata: { collectionType: KMS_TYPE, collectionTotal: 1 }, resources: [{ type: KMS_TYPE, name: "k" }] });

describe("never dies", () => {
  it("Accept: text/html; and ;;;= on KMS create get 4xx in the KMS error shape, not a dead process", async () => {
    const w = await baseline("kms-v2", "POST /api/v2/keys");
    for (const accept of ["text/html;", ";;;="]) {
      const r = await send("kms-v2", withHeaders(w, { accept }));
      expect(r.status, accept).toBeGreaterThanOrEqual(400);
      expect(r.status, accept).toBeLessThan(500);
      expect(errorsAt("kms-v2", "#/components/schemas/ErrorCollection", r.json), accept).toEqual([]);
    }
  });

});

describe("tells the truth", () => {
  it('{"resources":[]} to KMS create names the missing metadata and the too-short array, not the first example', async () => {
    const r = await send("kms-v2", withHeaders(await baseline("kms-v2", "POST /api/v2/keys"), {}, '{"resources":[]}'));
    expect(r.status).toBe(400);
    const msg = r.json.resources[0].errorMsg as string;
    expect(msg).toMatch(/^Bad Request: /);
    expect(msg).toMatch(/metadata/);
    expect(msg).toMatch(/minItems; sent \[\]/);
    expect(msg).not.toMatch(/resources\[0\]\.name/);
    expect(r.violations.map((v) => v.code)).toEqual(expect.arrayContaining(["required", "minItems"]));
  });

});

describe("case selection cannot mislead", () => {
  const create = () => baseline("kms-v2", "POST /api/v2/keys");

  it("example= without code= picks the status that owns the example (Prefer and X-Mock-Case)", async () => {
    const selections: Record<string, string>[] = [{ prefer: "example=keyRingNotFound" }, { "x-mock-case": "example=keyRingNotFound" }];
    for (const headers of selections) {
      const r = await send("kms-v2", withHeaders(await create(), headers, validKey));
      expect(r.status).toBe(404);
      expect(r.json.resources[0].reasons[0].code).toBe("KEY_RING_NOT_FOUND_ERR");
      expect(r.headers.has("x-mock-error")).toBe(false);
    }
  });

  it("an unknown example or status gets a mock 4xx the operation does not document, naming what it does", async () => {
    for (const prefer of ["code=404, example=nope", "example=nope", "code=418"]) {
      const r = await send("kms-v2", withHeaders(await create(), { prefer }, validKey));
      expect(r.status, prefer).toBe(422);
      expect(r.headers.get("x-mock-error")).toBe("unknown-case");
      expect(r.json.resources[0].errorMsg).toMatch(/404 \(keyRingNotFound, instanceNotFound, importTokenNotFound\)/);
    }
  });

  it("KMS Prefer: return=minimal answers only the key identifier, return=representation the whole key", async () => {
    const minimal = await send("kms-v2", withHeaders(await create(), { prefer: "return=minimal" }, validKey));
    expect(minimal.status).toBe(201);
    expect(minimal.json.resources).toEqual([{ id: expect.any(String) }]);
    const full = await send("kms-v2", withHeaders(await create(), { prefer: "return=representation" }, validKey));
    expect(Object.keys(full.json.resources[0]).length).toBeGreaterThan(5);
    // Case selection next to the API's preference: the test's case wins, the API preference is still validated.
    const both = await send("kms-v2", withHeaders(await create(), { prefer: "return=minimal", "x-mock-case": "code=409" }, validKey));
    expect(both.status).toBe(409);
    const invalid = await send("kms-v2", withHeaders(await create(), { prefer: "return=full, code=201" }, validKey));
    expect(invalid.status).toBe(400);
    expect(invalid.json.resources[0].errorMsg).toMatch(/prefer/i);
  });
});

describe("explicit limits", () => {
  it("stateful mode serves the emulator behind the same edge: a created key is listed, limits and logging still apply", async () => {
    const entries: MockLogEntry[] = [];
    const mock = await startMock("kms-v2", { stateful: true, onRequest: (e) => entries.push(e) });
    try {
      const w = await baseline("kms-v2", "POST /api/v2/keys");
      const port = Number(new URL(mock.url).port);
      const created = await sendWire(port, serialize(withHeaders(w, {}, validKey)));
      expect(created.status).toBe(201);
      const list = await sendWire(port, serialize(await baseline("kms-v2", "GET /api/v2/keys")));
      expect(list.status).toBe(200);
      const listed = JSON.parse(list.body.toString("utf8")).resources as { name: string }[];
      expect(listed.map((k) => k.name)).toContain("k");
      const big = await sendWire(port, serialize({ ...w, body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }));
      expect(big.status).toBe(413);
      expect(entries.map((e) => e.status)).toEqual([201, 200, 413]);
    } finally {
      await mock.close();
    }
  });
});
