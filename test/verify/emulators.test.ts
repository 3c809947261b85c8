/**
 * The verifier against the stateful emulators, which define the expected behaviour: with writes
 * allowed every check of every service passes, each operation is exercised, and nothing secret
 * reaches the report.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { renderJson, renderJunit, renderText, verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { emulatorRun, ENV } from "./harness.js";

/**
 * Failures the verifier finds in an emulator itself, each a defect of the emulator (not of the
 * verifier) reported to its owner: the KMS emulator echoes a malformed `correlation-id` request
 * header into its 400 answer, whose documented header is a UUID, so its own response check turns
 * the answer into a 500 (runtime/emulator/services/kms.ts errorAnswer). When it is fixed this
 * list must be emptied: the test holds the failures to exactly these.
 */
const KNOWN_EMULATOR_DEFECTS: Record<string, string[]> = {};

const failures = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => !c.passed).map((c) => `${o.operationId}: ${c.name}`));

describe.each([...SERVICE_IDS])("verify %s against its emulator", (serviceId) => {
  let report: VerifyReport;

  it("passes every check with writes allowed, exercising every operation", async () => {
    report = await verifyServer(serviceId, emulatorRun(serviceId));
    expect(failures(report).sort()).toEqual([...(KNOWN_EMULATOR_DEFECTS[serviceId] ?? [])].sort());
    expect(report.summary.checks).toBeGreaterThan(report.operations.length);
    expect(report.coverage.operations.exercised).toBe(report.coverage.operations.total);
    expect(report.operations.every((o) => o.skipped === undefined)).toBe(true);
    expect(report.coverage.responseCases.exercised).toBeGreaterThan(0);
  });

  it("keeps every secret out of all three renderings", () => {
    for (const text of [renderText(report), renderJson(report), renderJunit(report)]) {
      for (const secret of Object.values(ENV)) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(Buffer.from(secret).toString("base64"));
      }
    }
  });
});
