/**
 * verify's flows and the shipped Arazzo workflows are one plan: for every service, each flow
 * `verify --allow-writes` runs (runtime/verify/flows.ts `flowPlans`) creates, reads, updates,
 * replaces and deletes through the same operations as the workflow the build wrote for that
 * resource (dist/openapi/<id>.arazzo.yaml), and no workflow is without its verify flow.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { generateArazzo } from "../../scripts/lib/generate-flows.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { flowPlans, type FlowPlan } from "../../runtime/verify/flows.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import { bundledDocument } from "../harness/documents.js";

type Workflow = { workflowId: string; steps: { stepId: string; operationId: string }[] };

/** What a flow does, by the operation each part uses: the same shape for both sides. */
function fromPlan(plan: FlowPlan) {
  return { create: plan.create.operationId, read: plan.get?.operationId ?? plan.list.operationId, update: plan.update?.operationId, replace: plan.replace?.operationId, delete: plan.delete?.operationId };
}

function fromWorkflow(w: Workflow) {
  const step = (re: RegExp) => w.steps.find((s) => re.test(s.stepId))?.operationId;
  return { create: step(/^create/), read: step(/^(read|list).*AfterCreate$/), update: step(/^update/), replace: step(/^replace/), delete: step(/^delete/) };
}

export function agreement(doc: object, workflows: Workflow[]) {
  const plans = flowPlans(documentOperations(doc), () => true).map(fromPlan);
  const flows = workflows.map(fromWorkflow);
  return { plans: [...plans].sort((a, b) => a.create.localeCompare(b.create)), flows: [...flows].sort((a, b) => (a.create ?? "").localeCompare(b.create ?? "")) };
}

describe.each(readServices().map((s) => [s.id, s] as const))("%s: verify's flows and the Arazzo workflows", (id, service) => {
  it("use the same operations for every resource, and the shipped file is the build's", () => {
    const doc = bundledDocument(id);
    const generated = generateArazzo(service, doc);
    const file = join(BUNDLE_DIR, `${id}.arazzo.yaml`);
    expect(existsSync(file)).toBe(generated !== undefined);
    if (!generated) {
      expect(flowPlans(documentOperations(doc), () => true)).toEqual([]);
      return;
    }
    expect(parseYaml(readFileSync(file, "utf8")), "dist/openapi/<id>.arazzo.yaml differs from the build output: run npm run build").toEqual(generated);
    const { plans, flows } = agreement(doc, generated.workflows);
    expect(flows.length).toBeGreaterThan(0);
    expect(flows).toEqual(plans);
  });
});

describe("the comparison", () => {
  it("sees a workflow whose update step uses another operation than verify's", () => {
    const service = readServices().find((s) => {
      const gen = generateArazzo(s, bundledDocument(s.id));
      return gen?.workflows.some((w: Workflow) => w.steps.some((st) => /^update/.test(st.stepId)));
    })!;
    expect(service, "no document has an update flow to plant a difference in").toBeDefined();
    const workflows: Workflow[] = structuredClone(generateArazzo(service, bundledDocument(service.id)).workflows);
    const planted = workflows.find((w) => w.steps.some((st) => /^update/.test(st.stepId)))!;
    planted.steps.find((st) => /^update/.test(st.stepId))!.operationId = planted.steps[0]!.operationId;
    const { plans, flows } = agreement(bundledDocument(service.id), workflows);
    expect(flows).not.toEqual(plans);
  });
});
