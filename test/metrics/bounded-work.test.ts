/**
 * Issue 27, finding 1: emulator work is bounded by the input, not by how a pattern backtracks
 * or how many records a collection holds. The functional checks live here; the timings that
 * prove the bounds are in `npm run bench` (scripts/bench/emulator-bounds.ts).
 */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

const TOKEN = { "X-Auth-User-Token": "iam token-1" };
const BASE = "https://metrics.example.com";

describe("metrics wildcards match in linear time", () => {
  // `*a*a…*b` made a RegExp backtrack for tens of seconds over one 44-character node (issue 27 #1).
  // Bounded by counting: the answer fits a budget of 10,000 matching steps (it takes about 3,000;
  // backtracking would take billions). The wall-clock figure is in npm run bench.
  it("answers a pathological wildcard query within 10,000 matching steps, with the right answer", async () => {
    const { fetch } = emulator("metrics-v1", { caps: { metricsMatchSteps: 10_000 } });
    const name = `${"a".repeat(44)}`;
    const sent = await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify([{ name, value: 1 }, { name: `${name}b`, value: 2 }]) });
    expect(sent.status).toBe(200);
    const listed = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("*a*a*a*a*a*a*a*a*a*a*b")}`, { headers: TOKEN });
    const body = (await listed.json()) as { metrics: Array<{ path: string }> };
    expect(listed.status).toBe(200);
    expect(body.metrics.map((m) => m.path)).toEqual([`${name}b`]);
  });

  it("keeps the wildcard meanings: * and ? stay inside a node, [..] classes, {a,b} alternatives", async () => {
    const { fetch } = emulator("metrics-v1");
    const names = ["app.web01.requests", "app.web02.requests", "app.web1.requests", "app.web01.latency", "app.x.y.requests", "app.web.x"];
    await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify(names.map((name) => ({ name, value: 1 }))) });
    const find = async (query: string) => {
      const r = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent(query)}`, { headers: TOKEN });
      return ((await r.json()) as { metrics: Array<{ path: string }> }).metrics.map((m) => m.path);
    };
    expect(await find("app.*.requests")).toEqual(["app.web01.requests", "app.web02.requests", "app.web1.requests"]);
    expect(await find("app.web??.requests")).toEqual(["app.web01.requests", "app.web02.requests"]);
    expect(await find("app.web0[2-9].*")).toEqual(["app.web02.requests"]);
    expect(await find("app.web01.{latency,requests}")).toEqual(["app.web01.latency", "app.web01.requests"]);
    expect(await find("app.web*")).toEqual(["app.web", "app.web01", "app.web02", "app.web1"]);
    expect(await find("*")).toEqual(["app"]);
    const bad = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("app.[z-a]")}`, { headers: TOKEN });
    expect(bad.status).toBe(400);
  });
});

describe("metrics matching has a step budget", () => {
  it("a query past the budget is a 400 naming it, not a slow answer", async () => {
    const { fetch } = emulator("metrics-v1", { caps: { metricsMatchSteps: 20_000 } });
    const samples = Array.from({ length: 200 }, (_, i) => ({ name: `app.${"a".repeat(30)}${i}`, value: 1 }));
    expect((await fetch(`${BASE}/v1/metrics`, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify(samples) })).status).toBe(200);
    const r = await fetch(`${BASE}/v1/metrics/list?query=${encodeURIComponent("app.*a*a*a*a*a*b")}`, { headers: TOKEN });
    expect(r.status).toBe(400);
    expect(JSON.stringify(await r.json())).toContain("matching budget");
    expect((await fetch(`${BASE}/v1/metrics/list?query=app.b*`, { headers: TOKEN })).status).toBe(200);
  });
});
