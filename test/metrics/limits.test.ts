/** Metrics' paths, datapoints, domains and pattern length stop at their caps (the emulators' caps: runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps"). */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

describe("state caps", () => {
  it("metrics: paths, datapoints, domains and pattern length stop at their caps; a refused send stores nothing", async () => {
    const { fetch, emu } = emulator("metrics-v1", { seedFromExamples: false, caps: { metricsPathsPerDomain: 2, metricsDatapoints: 3, metricsDomains: 1, metricsPatternLength: 20 } });
    const send = (samples: unknown[], token = "iam token-1") => fetch("https://metrics.example.com/v1/metrics", { method: "POST", headers: { "X-Auth-User-Token": token, "content-type": "application/json" }, body: JSON.stringify(samples) });
    expect((await send([{ name: "a.b", value: 1, timestamp: 1 }])).status).toBe(200);
    expect((await send([{ name: "a.c", value: 1 }, { name: "a.d", value: 1 }])).status).toBe(400);
    expect((await send([{ name: "a.b", value: 1, timestamp: 2 }, { name: "a.b", value: 1, timestamp: 3 }, { name: "a.b", value: 1, timestamp: 4 }])).status).toBe(400);
    expect((emu.state as any).datapoints).toBe(1);
    expect((await send([{ name: "a.b", value: 1 }], "iam token-2")).status).toBe(400);
    const long = await fetch(`https://metrics.example.com/v1/metrics/list?query=${"a.".repeat(15)}b`, { headers: { "X-Auth-User-Token": "iam token-1" } });
    expect(long.status).toBe(400);
  });
});
