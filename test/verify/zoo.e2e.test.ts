/**
 * The zoo (test/verify/zoo.ts) against every service of the registry that has state: one run
 * of verify per planted defect, each must fail (exit 1); the clean emulator passes; and the
 * stateless Prism mock of each service with writes (the "stateless server" of issue 45) fails too.
 * The table of what was found, one row per planted defect with its category and how it was found
 * (failed / not verified / missed), is printed and written to dist/verify-zoo.json and
 * dist/verify-zoo.md (`npm run zoo` runs this file and prints it).
 */
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { SERVICE_IDS, createMockHandler, type ServiceId } from "cloud-interfaces/mock";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer, type VerifyReport } from "cloud-interfaces/verify";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import { emulatorRun } from "./harness.js";
import { CATEGORIES, defectsOf, hasState, type Category } from "./zoo.js";

type Row = { service: string; defect: string; category: Category; found: "failed" | "not verified" | "missed"; first?: string };
const table: Row[] = [];
const firstFailure = (report: VerifyReport) => report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => `${o.operationId}: ${c.name}: ${c.failures[0]?.message ?? ""}`))[0];
const foundAs = (report: VerifyReport): Row["found"] => (report.exitCode === 1 ? "failed" : report.summary.notVerified ? "not verified" : "missed");

/** The table as Markdown: one row per planted defect, then how many of each category were found as what. */
export function zooMarkdown(rows: readonly Row[]): string {
  const lines = ["| service | planted defect | category | found as |", "|---|---|---|---|", ...rows.map((t) => `| ${t.service} | ${t.defect} | ${t.category} | ${t.found} |`)];
  const count = (c: Category, f: Row["found"]) => rows.filter((t) => t.category === c && t.found === f).length;
  lines.push("", "| category | defects | failed | not verified | missed |", "|---|---|---|---|---|");
  for (const c of CATEGORIES) lines.push(`| ${c} | ${rows.filter((t) => t.category === c).length} | ${count(c, "failed")} | ${count(c, "not verified")} | ${count(c, "missed")} |`);
  const failed = rows.filter((t) => t.found === "failed").length;
  lines.push(`| all | ${rows.length} | ${failed} | ${rows.filter((t) => t.found === "not verified").length} | ${rows.filter((t) => t.found === "missed").length} |`, "", `${failed} of ${rows.length} found as failed checks (${((100 * failed) / Math.max(1, rows.length)).toFixed(1)} %).`);
  return lines.join("\n");
}

describe.each([...SERVICE_IDS])("the zoo in front of the %s emulator", (serviceId) => {
  const defects = defectsOf(loadBundledDocument(serviceId as ServiceId));
  it("passes clean", async () => {
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId));
    expect(firstFailure(report)).toBeUndefined();
    expect(report.exitCode).toBe(0);
  });
  // Only what applies to this service is a test (a service with no such operation has no row, rather than a skipped one).
  if (defects.length > 0) it.each(defects.map((d) => [d.name, d] as const))("fails with %s", async (_name, defect) => {
    const doc = loadBundledDocument(serviceId as ServiceId);
    const emulator = createEmulator(serviceId as ServiceId);
    const ops = documentOperations(doc);
    const shadow = createEmulator(serviceId as ServiceId);
    const handler = defect.wrap(ops, doc, (r) => emulator.handle(r), (r) => shadow.handle(r));
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId, handler));
    const found = foundAs(report);
    table.push({ service: serviceId, defect: defect.name, category: defect.category, found, ...(found === "failed" ? { first: firstFailure(report) } : {}) });
    expect(found).toBe("failed");
  });
  if (hasState(serviceId as ServiceId)) it("fails as a stateless server (the Prism mock, which answers its examples and keeps nothing)", async () => {
    const mock = await createMockHandler(serviceId as ServiceId);
    const report = await verifyServer(serviceId as ServiceId, emulatorRun(serviceId as ServiceId, (r) => mock(r)));
    const found = foundAs(report);
    table.push({ service: serviceId, defect: "keeps no state (the Prism mock)", category: "stateless server", found, ...(found === "failed" ? { first: firstFailure(report) } : {}) });
    expect(found).toBe("failed");
  });
});

describe("the zoo's table", () => {
  it("has at least 40 planted defects, one at least of every category, each found as a failed check", () => {
    mkdirSync("dist", { recursive: true });
    const order = (t: Row) => `${t.service} ${CATEGORIES.indexOf(t.category)} ${t.defect}`;
    const rows = [...table].sort((a, b) => order(a).localeCompare(order(b)));
    writeFileSync("dist/verify-zoo.json", JSON.stringify(rows, null, 2));
    const markdown = zooMarkdown(rows);
    writeFileSync("dist/verify-zoo.md", `${markdown}\n`);
    console.log(markdown);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(CATEGORIES.filter((c) => !rows.some((t) => t.category === c))).toEqual([]);
    expect(rows.filter((t) => t.found !== "failed")).toEqual([]);
  });
});
