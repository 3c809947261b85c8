/**
 * Issue 35, "A test handle": startMock (the Prism mock and --stateful) and serveHandler return
 * `requests` and `reset()`, with the same names and the same record on each (mswEmulator's is
 * in test/node24/msw.test.ts): every request with its operation, what it broke of the document
 * and the status answered. reset() returns an emulator to its start; on the Prism mock it clears
 * `requests` only.
 */
import { describe, expect, it } from "vitest";
import { startMock } from "../../runtime/mock/index.js";
import { createEmulator, serveHandler, type TestHandle } from "../../runtime/emulator/index.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d", "content-type": KEY_TYPE };
const valid = JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "handle" }] });

const forms: [string, () => Promise<TestHandle & { url: string; close(): Promise<void> }>, boolean][] = [
  ["startMock (Prism)", () => startMock("kms-v2", { write: () => undefined }), false],
  ["startMock --stateful", () => startMock("kms-v2", { stateful: true, write: () => undefined }), true],
  ["serveHandler(emulator)", () => serveHandler(createEmulator("kms-v2")), true],
];

describe.each(forms)("%s", (_name, start, stateful) => {
  it("records each request with its operation, its violations and the status; reset() starts over", async () => {
    const mock = await start();
    try {
      const create = () => fetch(`${mock.url}/api/v2/keys`, { method: "POST", headers, body: valid });
      expect((await create()).status).toBe(201);
      const bad = await fetch(`${mock.url}/api/v2/keys`, { method: "POST", headers, body: '{"resources":[]}' });
      expect(bad.status).toBe(400);
      await fetch(`${mock.url}/nowhere`, { headers });
      expect(mock.requests.map(({ method, path, operation, status }) => ({ method, path, operation, status }))).toEqual([
        { method: "POST", path: "/api/v2/keys", operation: "createKey", status: 201 },
        { method: "POST", path: "/api/v2/keys", operation: "createKey", status: 400 },
        { method: "GET", path: "/nowhere", operation: undefined, status: 404 },
      ]);
      expect(mock.requests[0]!.violations).toEqual([]);
      expect(mock.requests[1]!.violations.join("\n")).toMatch(/metadata/);
      const names = async () => ((await (await fetch(`${mock.url}/api/v2/keys`, { headers })).json()) as { resources?: { name: string }[] }).resources?.map((k) => k.name) ?? [];
      if (stateful) expect(await names()).toContain("handle");
      mock.reset();
      expect(mock.requests).toEqual([]);
      if (stateful) expect(await names()).not.toContain("handle");
    } finally {
      await mock.close();
    }
  });
});
