/**
 * Safety by default, on the metrics emulator: the rate limit spaces requests, the deadline stops
 * the run, and bad options are usage errors naming the option. (Read-only runs and --allow-send:
 * each family's verify-safety test.)
 */
import { describe, expect, it } from "vitest";
import { verifyServer, VerifyUsageError } from "cloud-interfaces/verify";
import { emulatorRun, recording } from "../verify/harness.js";

describe("verify safety", () => {
  it("spaces requests by the rate limit and stops at the deadline", async () => {
    const m = recording("metrics-v1");
    const start = performance.now();
    await verifyServer("metrics-v1", { ...emulatorRun("metrics-v1", m.fetch), only: ["listMetrics"], rate: 25 });
    expect(m.sent.length).toBeGreaterThanOrEqual(3);
    // The limiter keeps the average: the n-th request is planned (n-1) × 40 ms after the first, which is
    // planned no earlier than the run's start, and timers never fire early. A request that goes out late
    // (a loaded machine) only makes the span longer, so the bound holds from the start, whatever the load.
    expect(m.sent.at(-1)!.at - start).toBeGreaterThanOrEqual((m.sent.length - 1) * (1000 / 25) - 2);

    const slow = await verifyServer("metrics-v1", { ...emulatorRun("metrics-v1"), rate: 10, deadlineMs: 250 });
    expect(slow.passed).toBe(false);
    expect(slow.incomplete).toMatch(/deadline of 250 ms/);
    expect(slow.summary.requests).toBeLessThanOrEqual(4);
  });

  it("refuses bad options with the option's name, before sending anything", async () => {
    const m = recording("metrics-v1");
    const run = (extra: object) => verifyServer("metrics-v1", { ...emulatorRun("metrics-v1", m.fetch), ...extra });
    await expect(run({ credentialsEnv: { nope: "X" } })).rejects.toThrow(new VerifyUsageError("--credentials-env nope: not a security scheme of the document (schemes: userToken)"));
    await expect(run({ credentialsEnv: { userToken: "UNSET_VAR" } })).rejects.toThrow(/UNSET_VAR is not set/);
    await expect(run({ bind: { nowhere: "1" } })).rejects.toThrow(/--bind nowhere: not a parameter/);
    await expect(run({ only: ["noSuchOperation"] })).rejects.toThrow(/--only noSuchOperation: no such operationId/);
    await expect(run({ baseUrl: "https://user:pw@example.com" })).rejects.toThrow(/must not carry credentials/);
    await expect(run({ rate: 0 })).rejects.toThrow(/--rate/);
    expect(m.sent).toEqual([]);
  });
});
