/**
 * Every documented request example works: each named request example of every operation of
 * every service (runtime/emulator/world.ts exampleRequests, read from the documents), sent over
 * HTTP to a fresh emulator with the credential examples of its security schemes, gets the
 * operation's documented success. The emulator's starting world is read from the same examples.
 */
import { afterAll, describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { createEmulator, loadBundledDocument, serveHandler } from "cloud-interfaces/emulator";
import { exampleRequests } from "../../runtime/emulator/world.js";
import { exampleRequest, isDocumentedSuccess } from "../../runtime/emulator/example-wire.js";
import { EXEMPT } from "../harness/example-exemptions.js";

const servers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => void (await Promise.all(servers.map((s) => s.close()))));

describe.each([...SERVICE_IDS])("%s: every documented request example succeeds on a fresh emulator", (serviceId) => {
  const doc = loadBundledDocument(serviceId) as any;
  const examples = exampleRequests(doc);

  it("has examples for every operation", () => {
    const operations = new Set(examples.map((e) => e.operationId));
    expect(Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item).filter((o) => o?.operationId).map((o) => o.operationId)).filter((id) => !operations.has(id))).toEqual([]);
  });

  it.each(examples.map((e) => [`${e.operationId} ${e.example}`, e] as const))("%s", async (_name, example) => {
    const emulator = createEmulator(serviceId);
    const server = await serveHandler(emulator);
    servers.push(server);
    const response = await fetch(exampleRequest(doc, example, server.url));
    const body = await response.text();
    const exempt = EXEMPT[`${example.operationId} ${example.example}`];
    if (exempt) expect(response.status, exempt.why).toBe(exempt.status);
    else expect({ status: response.status, success: isDocumentedSuccess(doc, example.operationId, response.status, response.headers.get("location")), body: response.ok ? "" : body.slice(0, 300) }).toEqual({ status: response.status, success: true, body: "" });
    expect(emulator.violations).toEqual([]);
    await server.close();
  });
});
