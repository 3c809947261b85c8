/**
 * Issue 38, the metrics finding: series work is charged to the request's step budget, so a
 * function that repeats an argument pays for every repetition (`sumSeries(a,a,…×250)` over
 * 50,000 points held the event loop 41.5 s) and a retrieve pays for the points it reads, found
 * by bisection rather than scanned. Bounded by counting steps; the wall-clock figures are in
 * `npm run bench` (scripts/bench/emulator-bounds-child.ts) and runtime/emulator/ASSUMPTIONS.md.
 */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

/** The emulator's default caps (declared by its plug-in). */
const CAPS = emulator("metrics-v1").emu.state.caps as Record<string, number> & { metricsDatapoints: number; metricsMatchSteps: number };
const TOKEN = { "X-Auth-User-Token": "iam token-1" };
const BASE = "https://metrics.example.com/v1/metrics";
const T0 = 1_600_000_000;

async function withPoints(points: number, steps: number) {
  const env = emulator("metrics-v1", { seedFromExamples: false, caps: { metricsMatchSteps: steps, metricsDatapoints: Math.max(points, CAPS.metricsDatapoints) } });
  for (let sent = 0; sent < points; sent += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, points - sent) }, (_, i) => ({ name: "a", value: 1, timestamp: T0 + sent + i }));
    expect((await env.fetch(BASE, { method: "POST", headers: { ...TOKEN, "content-type": "application/json" }, body: JSON.stringify(batch) })).status).toBe(200);
  }
  const get = async (target: string, from = String(T0 - 1), until = String(T0 + points)) => {
    const r = await env.fetch(`${BASE}?${new URLSearchParams({ target, from, until })}`, { headers: TOKEN });
    return { status: r.status, body: (await r.json()) as any };
  };
  return { ...env, get };
}

describe("metrics series work is charged to the step budget", () => {
  it("sumSeries repeating one path is charged per repetition: past the budget a 400 naming it", async () => {
    // 2,000 points: four repetitions read 8,000 and combine 8,000 (16,000 steps), ten would take 40,000.
    const m = await withPoints(2_000, 20_000);
    const four = await m.get(`sumSeries(${Array(4).fill("a").join(",")})`);
    expect(four.status).toBe(200);
    expect(four.body[0].datapoints).toHaveLength(2_000);
    expect(four.body[0].datapoints[0]).toEqual([4, T0]);
    const ten = await m.get(`sumSeries(${Array(10).fill("a").join(",")})`);
    expect(ten.status).toBe(400);
    expect(ten.body.detail).toMatch(/step budget/);
  });

  it("the issue's query, 250 repetitions over 50,000 points, is refused at the default budget", async () => {
    const m = await withPoints(50_000, CAPS.metricsMatchSteps);
    const r = await m.get(`sumSeries(${Array(250).fill("a").join(",")})`);
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/step budget/);
    // One repetition is well within it.
    expect((await m.get("sumSeries(a)")).body[0].datapoints).toHaveLength(50_000);
  });

  it("a retrieve pays for the points in its range, not for the whole series", async () => {
    const m = await withPoints(40_000, 1_000);
    // 100 points of 40,000 (bisection finds the range): within 1,000 steps.
    const narrow = await m.get("a", String(T0 + 20_000), String(T0 + 20_099));
    expect(narrow.status).toBe(200);
    expect(narrow.body[0].datapoints).toHaveLength(100);
    expect(narrow.body[0].datapoints[0]).toEqual([1, T0 + 20_000]);
    // All 40,000 are 40,000 steps: refused at 1,000.
    expect((await m.get("a")).status).toBe(400);
    expect((await m.get("scale(a, 2)", String(T0), String(T0 + 399))).body[0].datapoints).toHaveLength(400);
    expect((await m.get("scale(a, 2)", String(T0), String(T0 + 599))).status).toBe(400);
  });
});
