/**
 * Issue 35, "Faults and latency": `X-Mock-Fault: <status>` answers the operation's documented
 * case of that status on every form (the emulators without touching state), `--faults` with
 * `--seed` repeats the same faults, a KMS client retries a faulted 429 and succeeds, and a
 * client's timeout fires on an answer delayed by `X-Mock-Delay` or `latency`.
 */
import { describe, expect, it } from "vitest";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { startMock } from "../../runtime/mock/index.js";
import { createEmulator, serveHandler, type TestHandle } from "../../runtime/emulator/index.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const headers = { authorization: "Bearer t", "svc-instance": INSTANCE, "content-type": KEY_TYPE };
const body = (name: string) => JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name }] });
/** A clock whose waits end at once, counting them: the retry's wait is the document's policy, not this test's time. */
const instantClock = (waits: number[]) => ({ now: () => Date.now(), sleep: async (ms: number) => void waits.push(ms) });

type Started = TestHandle & { url: string; close(): Promise<void> };
const forms: [string, (o?: { latency?: number | string; faults?: number; seed?: number }) => Promise<Started>][] = [
  ["startMock (Prism)", (o = {}) => startMock("kms-v2", { write: () => undefined, ...o })],
  ["startMock --stateful", (o = {}) => startMock("kms-v2", { stateful: true, write: () => undefined, ...o })],
  ["serveHandler(emulator)", (o = {}) => serveHandler(createEmulator("kms-v2"), o)],
];

describe.each(forms)("%s", (_name, start) => {
  it("X-Mock-Fault: 429 is the documented 429 in the KMS error shape, and creates nothing", async () => {
    const mock = await start();
    try {
      const faulted = await fetch(`${mock.url}/api/v2/keys`, { method: "POST", headers: { ...headers, "x-mock-fault": "429" }, body: body("faulted") });
      expect(faulted.status).toBe(429);
      expect(faulted.headers.get("x-mock-error")).toBeNull();
      expect(await faulted.json()).toMatchObject({ metadata: { collectionType: "application/vnd.svc.kms.error+json" }, resources: [{ errorMsg: expect.stringMatching(/Too Many Requests/) }] });
      const listed = (await (await fetch(`${mock.url}/api/v2/keys`, { headers })).json()) as { resources?: { name: string }[] };
      expect((listed.resources ?? []).map((k) => k.name)).not.toContain("faulted");
    } finally {
      await mock.close();
    }
  });

  it("a KMS client retries a faulted 429 and succeeds", async () => {
    const mock = await start();
    const waits: number[] = [];
    let calls = 0;
    // The first attempt asks for the fault; the retry goes out as the client sends it.
    const faultOnce: typeof fetch = (input, init) => {
      const request = new Request(input as Request, init);
      if (calls++ === 0) request.headers.set("x-mock-fault", "429");
      return fetch(request);
    };
    try {
      const client = createKmsV2Client({ baseUrl: mock.url, credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE }, fetch: faultOnce, clock: instantClock(waits) });
      const created = await client.POST("/api/v2/keys", { headers: { "content-type": KEY_TYPE }, body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "retried" }] } });
      expect(created.response.status).toBe(201);
      expect(calls).toBe(2);
      expect(waits).toHaveLength(1);
      expect(mock.requests.map((r) => r.status)).toEqual([429, 201]);
    } finally {
      await mock.close();
    }
  });

  it("a client's timeout fires on an answer delayed by X-Mock-Delay, and on one delayed by latency", async () => {
    const mock = await start();
    const slow = await start({ latency: "1500-2000" });
    try {
      const client = (url: string, extra: Record<string, string> = {}) =>
        createKmsV2Client({ baseUrl: url, credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE }, timeoutMs: 200, retry: false, fetch: (input, init) => {
          const request = new Request(input as Request, init);
          for (const [k, v] of Object.entries(extra)) request.headers.set(k, v);
          return fetch(request);
        } });
      await expect(client(mock.url, { "x-mock-delay": "2000" }).GET("/api/v2/keys", {})).rejects.toMatchObject({ name: "TimeoutError" });
      await expect(client(slow.url).GET("/api/v2/keys", {})).rejects.toMatchObject({ name: "TimeoutError" });
      // Without a delay the same call answers.
      expect((await client(mock.url).GET("/api/v2/keys", {})).response.status).toBe(200);
    } finally {
      await mock.close();
      await slow.close();
    }
  });

  it("--faults with --seed faults the same requests the same way on every run", async () => {
    const run = async () => {
      const mock = await start({ faults: 0.5, seed: 7 });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await fetch(`${mock.url}/api/v2/keys`, { headers })).status);
        return statuses;
      } finally {
        await mock.close();
      }
    };
    const first = await run();
    expect(await run()).toEqual(first);
    // Faults are documented answers of listKeys (its 429 and 500); the rest are its 200.
    expect(new Set(first)).toEqual(new Set([200, 429, 500].filter((s) => first.includes(s))));
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(0);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(0);
  });
});
