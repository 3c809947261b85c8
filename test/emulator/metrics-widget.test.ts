/** The metrics-v1 and widget emulators through the generated clients. */
import { describe, expect, it } from "vitest";
import { createMetricsV1Client } from "cloud-interfaces/metrics-v1";
import { createWidgetClient } from "cloud-interfaces/widget";
import { emulator } from "./harness.js";

const T0 = Date.parse("2026-06-01T12:00:00Z") / 1000;

function metrics(token = "iam token-1", scope?: string) {
  // These tests start from nothing; the starting world has its own test (examples.test.ts).
  const env = emulator("metrics-v1", { seedFromExamples: false });
  const client = createMetricsV1Client({ validate: false, credentials: { userToken: token }, ...(scope ? { bind: { "X-Auth-Scope-Id": scope } } : {}), fetch: env.fetch });
  const send = (samples: Array<{ name: string; value: number; timestamp?: number }>) => client.POST("/v1/metrics", { body: samples });
  const get = async (target: string[], from?: string, until?: string) => (await client.GET("/v1/metrics", { params: { query: { target, ...(from ? { from } : {}), ...(until ? { until } : {}) } } })).data!;
  return { ...env, client, send, get };
}

describe("metrics-v1 emulator", () => {
  it("stores datapoints (ingestion time when omitted) and retrieves them with wildcards and ranges", async () => {
    const m = metrics();
    expect((await m.send([{ name: "app.web01.requests", value: 1, timestamp: T0 - 120 }, { name: "app.web02.requests", value: 2, timestamp: T0 - 120 }, { name: "app.web01.latency", value: 0.5 }])).response.status).toBe(200);
    expect(await m.get(["app.web01.latency"])).toEqual([{ target: "app.web01.latency", datapoints: [[0.5, T0]] }]);
    expect((await m.get(["app.*.requests"])).map((s) => s.target)).toEqual(["app.web01.requests", "app.web02.requests"]);
    expect((await m.get(["app.web0[2].requests"])).map((s) => s.target)).toEqual(["app.web02.requests"]);
    expect((await m.get(["app.web01.{requests,latency}"])).map((s) => s.target)).toEqual(["app.web01.latency", "app.web01.requests"]);
    expect((await m.get(["app.web01.requests"], "-1min"))[0]!.datapoints).toEqual([]);
    expect((await m.get(["app.web01.requests"], String(T0 - 200), "-1min"))[0]!.datapoints).toEqual([[1, T0 - 120]]);
    expect((await m.get(["app.web01.requests"], "20260601", "12:00_20260601"))[0]!.datapoints).toHaveLength(1);
  });

  it("sumSeries, averageSeries, alias and scale; other functions are a clear 400", async () => {
    const m = metrics();
    await m.send([{ name: "a.x", value: 1, timestamp: T0 - 60 }, { name: "a.y", value: 3, timestamp: T0 - 60 }]);
    expect(await m.get(["sumSeries(a.*)"])).toEqual([{ target: "sumSeries(a.*)", datapoints: [[4, T0 - 60]] }]);
    expect((await m.get(["averageSeries(a.x, a.y)"]))[0]!.datapoints).toEqual([[2, T0 - 60]]);
    expect(await m.get(['alias(scale(a.x, 10), "ten x")'])).toEqual([{ target: "ten x", datapoints: [[10, T0 - 60]] }]);
    const bad = await m.client.GET("/v1/metrics", { params: { query: { target: ["movingAverage(a.x,5)"] } } });
    expect(bad.response.status).toBe(400);
    expect((bad.error as any).detail).toMatch(/movingAverage is not supported/);
  });

  it("lists paths, deletes by pattern (404 when nothing matches); domains are separate", async () => {
    const m = metrics("uaa legacy", "s-space-1");
    await m.send([{ name: "app.web01.requests", value: 1 }, { name: "app.uptime", value: 9 }]);
    const list = await m.client.GET("/v1/metrics/list", { params: { query: { query: "app.*" } } });
    expect(list.data!.metrics).toEqual([
      { path: "app.uptime", name: "uptime", is_leaf: 1 },
      { path: "app.web01", name: "web01", is_leaf: 0 },
    ]);
    expect((await m.client.GET("/v1/metrics/list", {})).data!.metrics).toEqual([{ path: "app", name: "app", is_leaf: 0 }]);
    const deleted = await m.client.DELETE("/v1/metrics/list", { params: { query: { query: "app.web01" } } });
    expect(deleted.response.status).toBe(200);
    expect((await m.get(["app.web01.requests"]))).toEqual([]);
    expect((await m.client.DELETE("/v1/metrics/list", { params: { query: { query: "app.web09.*" } } })).response.status).toBe(404);
    const other = createMetricsV1Client({ credentials: { userToken: "uaa legacy" }, bind: { "X-Auth-Scope-Id": "s-space-2" }, fetch: m.fetch });
    expect((await other.GET("/v1/metrics/list", {})).data!.metrics).toEqual([]);
  });

  it("a uaa token without the space header is 400; a missing token 401; more than 5 targets 400", async () => {
    const m = metrics("uaa legacy");
    expect((await m.client.GET("/v1/metrics/list", {})).response.status).toBe(400);
    expect((await m.fetch("https://us-south.metrics.example.com/v1/metrics/list")).status).toBe(401);
    const six = await metrics().client.GET("/v1/metrics", { params: { query: { target: ["a", "b", "c", "d", "e", "f"] } } });
    expect(six.response.status).toBe(400);
  });
});

describe("widget emulator", () => {
  it("gives a stable URL per request and refuses a key that differs from the header", async () => {
    const env = emulator("widget");
    const client = createWidgetClient({ validate: false, credentials: { apiKey: "prj_4f1c2a9d" }, fetch: env.fetch });
    const body = { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042 };
    const a = await client.POST("/developers/flex-api/widget-url", { body });
    const b = await client.POST("/developers/flex-api/widget-url", { body: { user_email: "user@example.com", package_id: 1042, key: "prj_4f1c2a9d" } });
    // A 200 may carry the failure shape (issue 14 item 24): narrow on success before reading data.
    const url = (r: typeof a) => (r.data?.success === 1 ? r.data.data : undefined);
    expect(url(a)).toBeDefined();
    expect(url(a)).toBe(url(b));
    const c = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_id: 7 } });
    expect(url(c)).not.toBe(url(a));
    const mismatch = await client.POST("/developers/flex-api/widget-url", { body: { ...body, key: "other" } });
    expect(mismatch.response.status).toBe(401);
    // Issue 35: the 401 says which rule failed, in the document's failure shape.
    expect(mismatch.error).toEqual({ success: 0, error: expect.stringMatching(/^Invalid project key: the X-ApiKey header must equal the body's key/) });
    // Issue 14 item 23: "required unless the other is present" allows both identifiers.
    const both = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_sku_id: "gold" } });
    expect(both.response.status).toBe(200);
    expect(both.data).toMatchObject({ success: 1 });
  });
});

describe("widget emulator: the 401 names its rule", () => {
  it("a missing X-ApiKey and a key outside seed.projects each say which rule failed", async () => {
    const env = emulator("widget", { seed: { projects: ["prj_known"] } });
    const send = (headers: Record<string, string>, key: string) =>
      env.fetch("https://api.widget.example.com/developers/flex-api/widget-url", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ key, user_email: "user@example.com", package_id: 1 }) });
    const missing = await send({}, "prj_known");
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatch(/X-ApiKey header is missing/);
    const unknown = await send({ "x-apikey": "prj_other" }, "prj_other");
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toMatch(/not one of the emulator's projects/);
    expect((await send({ "x-apikey": "prj_known" }, "prj_known")).status).toBe(200);
  });
});
