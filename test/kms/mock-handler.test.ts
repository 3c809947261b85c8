/**
 * `createMockHandler` (public, `cloud-interfaces/mock`): the Prism-backed mock as an in-memory
 * WHATWG handler, without the HTTP edge. Kept because it is the only way to put the static
 * mock behind msw or a fetch stub; these are the promises a user of it relies on.
 */
import { describe, expect, it } from "vitest";
import { createMockHandler, MOCK_ERROR_HEADER } from "cloud-interfaces/mock";
import { baselines } from "../mock/battery.js";

const ORIGIN = "http://mock.test";

async function kmsList(): Promise<{ url: string; headers: Headers }> {
  const found = (await baselines("kms-v2")).find((b) => b.operation === "GET /api/v2/keys");
  if (!found) throw new Error("no kms-v2 list baseline");
  return { url: `${ORIGIN}${found.wire.target}`, headers: new Headers(found.wire.headers.map(([k, v]): [string, string] => [k, String(v)])) };
}

describe("createMockHandler", () => {
  it("answers a valid request with the documented example, and routes as startMock does", async () => {
    const handle = await createMockHandler("kms-v2");
    const { url, headers } = await kmsList();
    const ok = await handle(new Request(url, { headers }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get(MOCK_ERROR_HEADER)).toBeNull();
    expect((await ok.json()).resources).toBeInstanceOf(Array);

    const missing = await handle(new Request(`${ORIGIN}/api/v2/nothing`, { headers }));
    expect(missing.status).toBe(404);
    expect(missing.headers.get(MOCK_ERROR_HEADER)).toBe("not-found");

    const wrongMethod = await handle(new Request(url, { method: "PUT", headers }));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");
  });

  it("refuses what Prism would crash on, in the document's error shape, without throwing", async () => {
    const handle = await createMockHandler("kms-v2");
    const { url, headers } = await kmsList();
    headers.set("accept", ";;;=");
    const refused = await handle(new Request(url, { headers }));
    // The list documents no 406: its 400, with the message saying what was wrong.
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("header.accept: not a list of media ranges");
  });
});
