/**
 * Every documented request example works under MSW as over HTTP (test/emulator/examples.test.ts,
 * whose exemptions it shares): each named request example of every operation, from the
 * documents, sent with fetch to the service's emulator behind setupServer, reset before each
 * example so that each meets the starting world, gets its documented success.
 */
import type { ServiceId } from "cloud-interfaces/mock";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMULATED_SERVICES, loadBundledDocument } from "cloud-interfaces/emulator";
import { mswEmulator } from "cloud-interfaces/msw";
import { exampleRequests } from "../../runtime/emulator/world.js";
import { exampleRequest, isDocumentedSuccess } from "../../runtime/emulator/example-wire.js";
import { failUnhandled } from "../harness/msw-unhandled.js";
import { EXEMPT } from "../harness/example-exemptions.js";

const origin = (id: string) => `http://${id}.msw-examples.test`;
const mocks = Object.fromEntries(EMULATED_SERVICES.map((id) => [id, mswEmulator(id as ServiceId, { baseUrl: origin(id) })]));
const server = setupServer(...Object.values(mocks).flatMap((m) => m.handlers));
const unhandled: string[] = [];
beforeAll(() => server.listen(failUnhandled(unhandled)));
afterAll(() => {
  server.close();
  expect(unhandled).toEqual([]);
});

describe.each([...EMULATED_SERVICES])("%s under MSW: every documented request example succeeds", (serviceId) => {
  const doc = loadBundledDocument(serviceId) as any;
  it.each(exampleRequests(doc).map((e) => [`${e.operationId} ${e.example}`, e] as const))("%s", async (name, example) => {
    const { emulator } = mocks[serviceId]!;
    await emulator.ready;
    emulator.reset();
    const response = await fetch(exampleRequest(doc, example, origin(serviceId)));
    const body = await response.text();
    const exempt = EXEMPT[name];
    if (exempt) expect(response.status, exempt.why).toBe(exempt.status);
    else expect({ status: response.status, success: isDocumentedSuccess(doc, example.operationId, response.status, response.headers.get("location")), body: response.ok ? "" : body.slice(0, 300) }).toEqual({ status: response.status, success: true, body: "" });
    expect(emulator.violations).toEqual([]);
  });
});
