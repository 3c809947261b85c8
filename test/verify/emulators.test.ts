/**
 * The verifier against the stateful emulators, which define the expected behaviour: with writes
 * allowed every check of every service passes, each operation is exercised, and nothing secret
 * reaches the report.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { renderJson, renderJunit, renderText, verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { emulatorRun } from "./harness.js";

const failures = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => c.verdict !== "verified").map((c) => `${o.operationId}: ${c.name} (${c.verdict}${c.reason ? `: ${c.reason}` : ""}${c.failures[0] ? `: ${c.failures[0].message}` : ""})`));

describe.each([...SERVICE_IDS])("verify %s against its emulator", (serviceId) => {
  let report: VerifyReport;
  let secrets: string[];

  it("passes every check with writes allowed, exercising every operation", async () => {
    const run = emulatorRun(serviceId);
    secrets = Object.values(run.env);
    report = await verifyServer(serviceId, run);
    expect(failures(report)).toEqual([]);
    expect(report.summary.checks).toBeGreaterThan(report.operations.length);
    // 100 % verified: every check could be made with the harness's credentials.
    expect(report.summary).toMatchObject({ verified: report.summary.checks, failed: 0, notVerified: 0, skipped: 0 });
    expect([report.verdict, report.exitCode]).toEqual(["pass", 0]);
    expect(report.coverage.operations.exercised).toBe(report.coverage.operations.total);
    expect(report.operations.every((o) => o.skipped === undefined)).toBe(true);
    expect(report.coverage.responseCases.exercised).toBeGreaterThan(0);
  });

  it("keeps every secret out of all three renderings", () => {
    for (const text of [renderText(report), renderJson(report), renderJunit(report)]) {
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(Buffer.from(secret).toString("base64"));
      }
    }
  });
});
