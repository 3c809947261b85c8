/**
 * Issue 45, a rule stated in prose made a keyword: a datapoint time is in seconds since the epoch
 * (a range), so the contract the proxy and verify share finds a time in milliseconds.
 */
import { expect, it } from "vitest";
import { jsonAnswer, proxyResponseProblems } from "../verify/proxy-problems.js";

const metrics = (timestamp: number) =>
  proxyResponseProblems("metrics-v1", jsonAnswer(200, [{ target: "a.b", datapoints: [[1.5, timestamp]] }]), "/v1/metrics?target=a.b", { headers: { "x-auth-user-token": "apikey k" } });

it("metrics: a datapoint time in seconds passes; the same time in milliseconds is past the range", async () => {
  expect(await metrics(1_700_000_000)).toEqual([]);
  expect((await metrics(1_700_000_000_000)).join("\n")).toMatch(/maximum|<= 253402300799/);
});
