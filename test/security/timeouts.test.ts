/** Every call of every generated client has a time limit and honours the caller's AbortSignal; the core never retries. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedFactory, loadCatalogue } from "../harness/clients.js";
import { recordingServer } from "../harness/recording-server.js";
import { operationCalls, secretCredentials, servicesWithCatalogues } from "./fixtures.js";

type Server = Awaited<ReturnType<typeof recordingServer>>;
let silent: Server;
let failing: Server;
beforeAll(async () => {
  silent = await recordingServer(() => undefined); // never answers
  failing = await recordingServer((_req, res) => res.writeHead(503, { "content-type": "application/json", "retry-after": "0" }).end("{}"));
});
afterAll(async () => {
  await silent.close();
  await failing.close();
});

async function client(serviceId: string, baseUrl: string, timeoutMs = 10_000) {
  const catalogue = await loadCatalogue(serviceId);
  return (await generatedFactory(serviceId))({ baseUrl, bind: catalogue.client.bind, credentials: secretCredentials(serviceId), timeoutMs });
}

describe.each(servicesWithCatalogues.map((s) => s.id))("%s", (serviceId) => {
  it("every operation times out after timeoutMs", async () => {
    const c = await client(serviceId, silent.url, 150);
    const calls = await operationCalls(serviceId);
    const outcomes = await Promise.all(calls.map((call) => c[call.method]!(call.path, call.init).then(() => "answered", (e: Error) => e.name)));
    expect(outcomes).toEqual(calls.map(() => "TimeoutError"));
  });

  it("every operation stops when the caller aborts", async () => {
    // Shorter than the test timeout, longer than the abort: a missed abort shows as a TimeoutError.
    const c = await client(serviceId, silent.url, 2000);
    const calls = await operationCalls(serviceId);
    const controller = new AbortController();
    const pending = calls.map((call) => c[call.method]!(call.path, { ...call.init, signal: controller.signal }).then(() => "answered", (e: Error) => e.name));
    setTimeout(() => controller.abort(), 50);
    expect(await Promise.all(pending)).toEqual(calls.map(() => "AbortError"));
  });

  it("the generated client sends each call once, even on 503 with Retry-After", async () => {
    const c = await client(serviceId, failing.url);
    const calls = await operationCalls(serviceId);
    failing.requests.length = 0;
    for (const call of calls) await c[call.method]!(call.path, call.init);
    expect(failing.requests.length).toBe(calls.length);
  });
});

it("rejects a non-positive timeout", async () => {
  await expect(client(servicesWithCatalogues[0]!.id, silent.url, 0)).rejects.toThrow(/timeoutMs: must be a positive number/);
});
