/**
 * `--baseline`: a run fails only on failures the baseline does not list, until each entry's
 * expiry date; `--write-baseline` records a run's failures so that the next run against the same
 * server passes (ids made `*`). Over the synthetic resource document: no service of the registry.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VerifyUsageError } from "cloud-interfaces/verify";
import { verifyOptionsOf } from "../../runtime/verify/cli.js";
import { verifyFixture, type Handler } from "./fixture-run.js";

/** A server whose list answers an undocumented 418: two failed checks on listThings (its documented request, and the list step of the resource's workflow). */
const teapot = (next: Handler): Handler => async (r) => (r.method === "GET" && new URL(r.url).pathname === "/things" ? new Response(null, { status: 418 }) : next(r));
/** And whose create answers an undocumented 418 too. */
const twoTeapots = (next: Handler): Handler => teapot(async (r) => (r.method === "POST" && new URL(r.url).pathname === "/things" ? new Response(null, { status: 418 }) : next(r)));

const known = (expires: string) => ({ failures: [{ operation: "listThings", check: "*", expires, reason: "ticket 12" }] });
const dir = mkdtempSync(join(tmpdir(), "verify-baseline-"));

describe("verify --baseline", () => {
  it("without a baseline the failure fails the run", async () => {
    const report = await verifyFixture(teapot);
    expect([report.verdict, report.exitCode, report.summary.failed]).toEqual(["fail", 1, 2]);
  });

  it("a listed failure, not expired, is reported as known and the run passes", async () => {
    const report = await verifyFixture(teapot, undefined, { baseline: known("2026-12-31"), today: "2026-11-29" });
    expect([report.verdict, report.exitCode, report.summary.failed, report.summary.known]).toEqual(["pass", 0, 0, 2]);
    const check = report.operations.find((o) => o.operationId === "listThings")!.checks.find((c) => c.verdict === "failed")!;
    expect(check.known).toEqual({ expires: "2026-12-31", reason: "ticket 12" });
    expect(report.baseline).toEqual({ entries: 1, known: 2, unused: [] });
  });

  it("an expired entry no longer hides the failure", async () => {
    const report = await verifyFixture(teapot, undefined, { baseline: known("2026-11-28"), today: "2026-11-29" });
    expect([report.verdict, report.exitCode, report.summary.failed]).toEqual(["fail", 1, 2]);
    expect(report.operations.flatMap((o) => o.checks.flatMap((c) => c.notes ?? []))).toContain("the baseline's entry for this failure expired on 2026-11-28");
  });

  it("a failure the baseline does not list fails the run", async () => {
    const report = await verifyFixture(twoTeapots, undefined, { baseline: known("2026-12-31"), today: "2026-11-29" });
    // The create refused, the workflow stops before its list step: the documented list is the one known failure.
    expect([report.verdict, report.exitCode, report.summary.known]).toEqual(["fail", 1, 1]);
    expect(report.summary.failed).toBeGreaterThan(0);
  });

  it("an entry that matches no failure is reported as unused", async () => {
    const report = await verifyFixture(undefined, undefined, { baseline: known("2026-12-31"), today: "2026-11-29" });
    expect(report.exitCode).toBe(0);
    expect(report.baseline?.unused).toEqual([known("2026-12-31").failures[0]]);
  });

  it("--write-baseline records the failures; the next run with it passes, the file's entries expiring in 30 days", async () => {
    const file = join(dir, "known.json");
    const first = await verifyFixture(twoTeapots, undefined, { writeBaseline: file, today: "2026-11-29" });
    expect(first.exitCode).toBe(1);
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(written.failures.length).toBe(first.summary.failed);
    expect(written.failures.every((e: { expires: string }) => e.expires === "2026-12-29")).toBe(true);
    const second = await verifyFixture(twoTeapots, undefined, { baseline: file, today: "2026-11-29" });
    expect([second.exitCode, second.summary.failed, second.summary.known]).toEqual([0, 0, first.summary.failed]);
  });

  it("refuses an entry without an expiry date, naming it", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ failures: [{ operation: "listThings", check: "x" }] }));
    await expect(verifyFixture(teapot, undefined, { baseline: file })).rejects.toThrow(VerifyUsageError);
    await expect(verifyFixture(teapot, undefined, { baseline: file })).rejects.toThrow(/failures\[0\] \(listThings: x\) needs "expires"/);
  });

  it("the command's flags are the API's options", () => {
    expect(verifyOptionsOf({ "base-url": "http://s.test", baseline: "known.json", "write-baseline": "out.json" })).toMatchObject({ baseline: "known.json", writeBaseline: "out.json" });
  });
});
