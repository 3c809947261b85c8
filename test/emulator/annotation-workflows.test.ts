/**
 * `x-workflows` (runtime/emulator/annotations.ts): Arazzo workflows a document states itself. The
 * build checks their form against the vocabulary's schema, and that every step names an operation
 * of the document and reads only outputs of steps that ran before it.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ANNOTATION_SCHEMAS, annotationProblems } from "../../runtime/emulator/annotations.js";
import { resourceDocument } from "./fixtures/resource-document.js";

const valid = new Ajv2020({ strict: false }).compile(ANNOTATION_SCHEMAS["x-workflows"]!);

const workflow = (steps: object[]) => [{ workflowId: "flow", steps }];
const step = (stepId: string, operationId: string, extra: object = {}) => ({ stepId, operationId, successCriteria: [{ condition: "$statusCode == 200" }], ...extra });

describe("x-workflows", () => {
  it("accepts the subset verify runs", () => {
    expect(valid(workflow([step("a", "createThing", { requestBody: { contentType: "application/json", payload: { name: "$inputs.name" } }, outputs: { id: "$response.body#/id" } }), step("b", "getThing", { parameters: [{ name: "id", in: "path", value: "$steps.a.outputs.id" }] })]))).toBe(true);
  });

  it.each([[[]], [workflow([])], [workflow([{ stepId: "a", operationId: "x" }])], [workflow([step("a", "x", { outputs: { id: "/id" } })])], [workflow([step("a", "x", { parameters: [{ name: "id", in: "body", value: 1 }] })])], [workflow([step("a", "x", { also: 1 })])]])("refuses %j", (value) => {
    expect(valid(value)).toBe(false);
  });

  it("names a step whose operation the document does not have, or that reads a later step", () => {
    const doc = resourceDocument();
    const operationId = Object.values<any>(doc.paths).flatMap((p) => Object.values<any>(p)).find((o) => o?.operationId)!.operationId;
    doc["x-workflows"] = workflow([step("a", operationId, { parameters: [{ name: "id", in: "path", value: "$steps.b.outputs.id" }] }), step("b", "noSuchOperation")]);
    const problems = annotationProblems(doc, { operations: {} }, { things: 10, groups: 10 }).filter((p) => p.pointer.startsWith("#/x-workflows"));
    expect(problems.map((p) => p.pointer)).toEqual(["#/x-workflows/0/steps/0", "#/x-workflows/0/steps/1/operationId"]);
  });
});
