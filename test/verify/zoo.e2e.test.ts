/**
 * The zoo (test/verify/zoo.ts) against every service of the registry that has state: one run
 * of verify per planted defect, each must fail (exit 1); the clean emulator passes. The table
 * of what was found is printed (and written to dist/verify-zoo.json).
 */
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { SERVICE_IDS, type ServiceId } from "cloud-interfaces/mock";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { emulatorRun } from "./harness.js";
import { defectsOf } from "./zoo.js";

const table: { service: string; defect: string; category: string; found: string; first?: string }[] = [];
const firstFailure = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => `${o.operationId}: ${c.name}: ${c.failures[0]?.message ?? ""}`))[0];

describe.each([...SERVICE_IDS])("the zoo in front of the %s emulator", (serviceId) => {
  const defects = defectsOf(loadBundledDocument(serviceId as ServiceId));
  it("passes clean", async () => {
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId));
    expect(firstFailure(report)).toBeUndefined();
    expect(report.exitCode).toBe(0);
  });
  it.skipIf(defects.length === 0).each(defects.map((d) => [d.name, d] as const))("fails with %s", async (_name, defect) => {
    const doc = loadBundledDocument(serviceId as ServiceId);
    const emulator = createEmulator(serviceId as ServiceId);
    const ops = (await import("../../runtime/verify/operations.js")).documentOperations(doc);
    const shadow = createEmulator(serviceId as ServiceId);
    const handler = defect.wrap(ops, doc, (r) => emulator.handle(r), (r) => shadow.handle(r));
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId, handler));
    const found = report.exitCode === 1 ? "failed" : report.summary.notVerified ? "not verified" : "missed";
    table.push({ service: serviceId, defect: defect.name, category: defect.category, found, ...(found === "failed" ? { first: firstFailure(report) } : {}) });
    expect(found).toBe("failed");
  });
});

describe("the zoo's table", () => {
  it("has at least 20 planted defects, each found", () => {
    mkdirSync("dist", { recursive: true });
    writeFileSync("dist/verify-zoo.json", JSON.stringify(table, null, 2));
    console.log(table.map((t) => `| ${t.service} | ${t.defect} | ${t.category} | ${t.found} |`).join("\n"));
    expect(table.length).toBeGreaterThanOrEqual(20);
    expect(table.filter((t) => t.found !== "failed")).toEqual([]);
  });
});
