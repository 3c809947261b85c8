/**
 * `createMockHandler` (public, `cloud-interfaces/mock`): the Prism-backed mock as an in-memory
 * WHATWG handler, without the HTTP edge. Kept because it is the only way to put the static
 * mock behind msw or a fetch stub; these are the promises a user of it relies on, held for every
 * service of the registry (each one's first GET with a valid documented request, test/mock/battery.ts).
 */
import { describe, expect, it } from "vitest";
import { createMockHandler, MOCK_ERROR_HEADER } from "cloud-interfaces/mock";
import { readServices } from "../../scripts/lib/services.js";
import { bundledDocument } from "../harness/documents.js";
import { baselines } from "./battery.js";

const ORIGIN = "http://mock.test";

/** The service's first GET (else its first operation) as a valid request sends it, and a method its path does not serve. */
async function aGet(serviceId: string): Promise<{ url: string; method: string; body: Buffer | undefined; headers: Headers; unserved: string; served: string }> {
  const paths = bundledDocument(serviceId).paths as Record<string, Record<string, unknown>>;
  const all = await baselines(serviceId);
  const found = all.find((b) => b.wire.method === "GET") ?? all[0];
  if (!found) throw new Error(`no ${serviceId} baseline`);
  const item = paths[found.operation.split(" ")[1]!] ?? {};
  const unserved = ["put", "patch", "delete", "post", "get"].find((m) => !item[m])!;
  return { url: `${ORIGIN}${found.wire.target}`, method: found.wire.method, body: found.wire.body, headers: new Headers(found.wire.headers.map(([k, v]): [string, string] => [k, String(v)])), unserved: unserved.toUpperCase(), served: found.wire.method };
}

describe.each(readServices().map((s) => s.id))("createMockHandler(%s)", (serviceId) => {
  it("answers a valid request with the documented example, and routes as startMock does", async () => {
    const handle = await createMockHandler(serviceId as never);
    const { url, method, body, headers, unserved, served } = await aGet(serviceId);
    const ok = await handle(new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) }));
    expect(ok.status).toBeGreaterThanOrEqual(200);
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get(MOCK_ERROR_HEADER)).toBeNull();

    const missing = await handle(new Request(`${ORIGIN}/no/such/path/anywhere`, { headers }));
    expect(missing.status).toBe(404);
    expect(missing.headers.get(MOCK_ERROR_HEADER)).toBe("not-found");

    const wrongMethod = await handle(new Request(url, { method: unserved, headers }));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain(served);
  });

  it("refuses what Prism would crash on, without throwing, saying what was wrong", async () => {
    const handle = await createMockHandler(serviceId as never);
    const { url, method, body, headers } = await aGet(serviceId);
    headers.set("accept", ";;;=");
    const refused = await handle(new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) }));
    expect([400, 406]).toContain(refused.status);
    expect(await refused.text()).toContain("header.accept: not a list of media ranges");
  });
});
