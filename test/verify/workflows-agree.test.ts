/**
 * `verify --allow-writes` runs the shipped Arazzo workflows: the file the build writes for each
 * service (dist/openapi/<id>.arazzo.yaml) holds the same workflows as the generated module verify
 * reads (generated/<id>/operations.ts), every step of every workflow is a check of a verify run
 * against the emulator, and a workflow changed in the document changes what verify checks.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, type ServiceId } from "cloud-interfaces/mock";
import { verifyServer } from "cloud-interfaces/verify";
import { generateArazzo } from "../../scripts/lib/generate-flows.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { loadBundledDocument, loadBundledWorkflows } from "../../runtime/emulator/documents.js";
import { documentWorkflows, type ArazzoWorkflow } from "../../runtime/openapi/workflows.js";
import { bundledDocument } from "../harness/documents.js";
import { emulatorRun } from "./harness.js";

describe.each(readServices().map((s) => [s.id, s] as const))("%s: the shipped workflows", (id, service) => {
  it("are the generated module's, and verify runs every step of them", async () => {
    const doc = bundledDocument(id);
    const generated = generateArazzo(service, doc);
    const file = join(BUNDLE_DIR, `${id}.arazzo.yaml`);
    expect(existsSync(file)).toBe(generated !== undefined);
    const shipped = generated ? (parseYaml(readFileSync(file, "utf8")).workflows as ArazzoWorkflow[]) : [];
    expect(generated?.workflows ?? [], "dist/openapi/<id>.arazzo.yaml differs from the build output: run npm run build").toEqual(shipped);
    expect(loadBundledWorkflows(id), "generated/<id>/operations.ts differs from the shipped workflows: run npm run build").toEqual(shipped);
    const report = await verifyServer(id as ServiceId, emulatorRun(id as ServiceId));
    const checks = new Set(report.operations.flatMap((o) => o.checks.map((c) => c.name.split(":")[0])));
    const steps = shipped.flatMap((w) => w.steps.map((s) => `${w.workflowId}/${s.stepId}`));
    expect(steps.filter((s) => !checks.has(s))).toEqual([]);
  });
});

describe("verify follows the workflow it is given", () => {
  it("fails a step whose success criterion the document changed, and names it", async () => {
    const [id, workflow] = SERVICE_IDS.flatMap((s) => {
      const w = documentWorkflows(loadBundledDocument(s) as object).find((x) => x.steps.some((st) => (st.successCriteria ?? []).some((c) => /^\$response\.body#\S* == \S+$/.test(c.condition))));
      return w ? [[s, w] as const] : [];
    })[0]!;
    expect(workflow, "no workflow has a criterion on the answer's body to change").toBeDefined();
    const doc = structuredClone(loadBundledDocument(id)) as Record<string, any>;
    const step = workflow.steps.find((st) => (st.successCriteria ?? []).some((c) => /^\$response\.body#\S* == \S+$/.test(c.condition)))!;
    const changed = { ...workflow, workflowId: `${workflow.workflowId}Changed`, steps: workflow.steps.map((st) => (st === step ? { ...st, successCriteria: [...st.successCriteria!, { condition: "$response.body#/no-such-field == 'planted'" }] } : st)) };
    doc["x-workflows"] = [...(doc["x-workflows"] ?? []), changed];
    const report = await verifyServer(id, { ...emulatorRun(id), document: doc });
    const failed = report.operations.flatMap((o) => o.checks.filter((c) => c.verdict === "failed").map((c) => c.name));
    expect(failed).toEqual([`${changed.workflowId}/${step.stepId}`]);
    expect(report.exitCode).toBe(1);
  });
});
