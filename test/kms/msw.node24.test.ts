/**
 * The MSW form on KMS: the generated client talks to the emulator through setupServer, with no
 * port. MSW 3 needs Node >= 22.12: a *.node24.test.ts runs under Node 24 from the `node` package
 * (vitest.node24.config.ts, started by test/emulator/msw-node24.test.ts), with no polyfill.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { mswEmulator } from "cloud-interfaces/msw";
import { failUnhandled } from "../harness/msw-unhandled.js";

const kms = mswEmulator("kms-v2");
const server = setupServer(...kms.handlers);
/** A request no handler matches fails, and is recorded here instead of printed as an MSW error. */
const unhandled: string[] = [];
beforeAll(() => server.listen(failUnhandled(unhandled)));
afterAll(() => {
  server.close();
  expect(kms.emulator.violations).toEqual([]);
  expect(unhandled).toEqual([]);
});

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";

describe("MSW handlers", () => {
  it("kms-v2: a key created in one call is listed and counted in the next (any documented region)", async () => {
    const client = createKmsV2Client({ baseUrl: "https://eu-de.kms.example.com", credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE } });
    const created = await client.POST("/api/v2/keys", {
      headers: { "content-type": KEY_TYPE },
      body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "via-msw" }] },
    });
    expect(created.response.status).toBe(201);
    const listed = await client.GET("/api/v2/keys", {});
    expect(listed.data!.resources!.map((k) => k.name)).toEqual(["via-msw"]);
    const head = await client.HEAD("/api/v2/keys", {});
    expect(head.response.headers.get("key-total")).toBe("1");
  });
});

describe("MSW: a streamed body over the limit (issue 38)", () => {
  it("a POST streamed without Content-Length settles with 413 and the body is read no further than the limit", async () => {
    const MiB = 1024 * 1024;
    let offered = 0;
    // 200 MiB on offer, in 64 KiB chunks, counted as the fetch pulls them.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offered >= 200 * MiB) return controller.close();
        offered += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    });
    const response = await fetch("https://us-south.kms.example.com/api/v2/keys", {
      method: "POST",
      headers: { authorization: "Bearer t", "svc-instance": INSTANCE, "content-type": KEY_TYPE },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get("x-mock-error")).toBe("body-too-large");
    // Just past the 1 MiB limit, plus what the stream and MSW's copy buffer ahead: never the 200 MiB.
    expect(offered).toBeLessThan(8 * MiB);
  });
});

describe("MSW: the test handle (issue 35)", () => {
  it("mswEmulator has requests and reset() beside handlers, recording as the HTTP forms do", async () => {
    kms.reset();
    expect(kms.requests).toEqual([]);
    const client = createKmsV2Client({ baseUrl: "https://eu-de.kms.example.com", credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE } });
    await client.POST("/api/v2/keys", { headers: { "content-type": KEY_TYPE }, body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "handle" }] } });
    const bad = await fetch("https://eu-de.kms.example.com/api/v2/keys", { method: "POST", headers: { authorization: "Bearer t", "svc-instance": INSTANCE, "content-type": KEY_TYPE }, body: '{"resources":[]}' });
    expect(bad.status).toBe(400);
    expect(kms.requests.map(({ method, path, operation, status }) => ({ method, path, operation, status }))).toEqual([
      { method: "POST", path: "/api/v2/keys", operation: "createKey", status: 201 },
      { method: "POST", path: "/api/v2/keys", operation: "createKey", status: 400 },
    ]);
    expect(kms.requests[1]!.violations.join("\n")).toMatch(/metadata/);
    kms.reset();
    expect(kms.requests).toEqual([]);
    expect((await client.GET("/api/v2/keys", {})).data?.resources?.map((k) => k.name) ?? []).not.toContain("handle");
  });
});

describe("MSW: faults and latency (issue 35)", () => {
  it("X-Mock-Fault answers the documented case without touching state; faults: 1 faults every request with a documented 429/500", async () => {
    const faulted = await fetch("https://eu-de.kms.example.com/api/v2/keys", { method: "POST", headers: { authorization: "Bearer t", "svc-instance": INSTANCE, "content-type": KEY_TYPE, "x-mock-fault": "429" }, body: JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "faulted" }] }) });
    expect(faulted.status).toBe(429);
    const client = createKmsV2Client({ baseUrl: "https://eu-de.kms.example.com", credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE }, retry: false });
    expect((await client.GET("/api/v2/keys", {})).data?.resources?.map((k) => k.name) ?? []).not.toContain("faulted");
    const failing = mswEmulator("kms-v2", { faults: 1, faultSeed: 3 });
    server.use(...failing.handlers);
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await client.GET("/api/v2/keys", {})).response.status);
      expect(statuses.every((s) => s === 429 || s === 500)).toBe(true);
      expect(failing.requests.map((r) => r.status)).toEqual(statuses);
    } finally {
      server.resetHandlers();
    }
  });
});
