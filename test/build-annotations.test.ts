/**
 * A broken annotation fails the build with a finding at its file and line (scripts/lib/check-annotations.ts):
 * a key the vocabulary does not have, a value of the wrong form, a handler the family does not
 * register, a cap that names nothing, a create with no cap. On the tiny project (test/harness/tiny-project.ts).
 */
import { describe, expect, it } from "vitest";
import { buildService } from "../scripts/lib/build-service.js";
import { edit, file, layout, lineOf, tiny, useTinyProject } from "./harness/tiny-project.js";

useTinyProject();

/** Annotates the tiny document's one operation, then builds it: its findings. */
async function findingsWith(annotation: string) {
  edit("shared/getThing.yaml", "summary: Get a thing.", `${annotation}\nsummary: Get a thing.`);
  const result = await buildService(tiny, layout);
  expect(result.outputs).toEqual([]);
  return result.findings;
}

describe("the build checks the annotations the emulators follow", () => {
  it("a document whose annotations are right builds", async () => {
    edit("shared/getThing.yaml", "summary: Get a thing.", "x-resource: { name: thing, action: get, id: id }\nsummary: Get a thing.");
    expect((await buildService(tiny, layout)).findings).toEqual([]);
  }, 30_000);

  it("an unknown key of x-resource is a finding naming the key, at its file and line", async () => {
    const findings = await findingsWith("x-resource: { name: thing, action: get, id: id, partitoin: [id] }");
    expect(findings).toEqual([
      expect.objectContaining({ tool: "annotations", rule: "annotation-vocabulary", file: file("shared/getThing.yaml"), line: lineOf("shared/getThing.yaml", "x-resource"), message: expect.stringContaining('"partitoin" is not a key of x-resource') }),
    ]);
  }, 30_000);

  it("a value of the wrong form is a finding at its pointer", async () => {
    const findings = await findingsWith("x-resource: { name: thing, action: fetch, id: id }");
    expect(findings).toEqual([expect.objectContaining({ rule: "annotation-vocabulary", reported: expect.stringMatching(/\/get\/x-resource\/action$/), message: expect.stringContaining("allowed values") })]);
    edit("shared/getThing.yaml", "x-resource: { name: thing, action: fetch, id: id }\n", "");
    expect(await findingsWith("x-pagination: { offsetParam: offset, limitParam: 5, items: /things }")).toEqual([
      expect.objectContaining({ rule: "annotation-vocabulary", reported: expect.stringMatching(/\/x-pagination\/limitParam$/) }),
    ]);
  }, 30_000);

  it("a handler the family does not register, a cap that names nothing and a parameter the operation lacks are findings", async () => {
    expect(await findingsWith("x-resource: { plugin: noSuchHandler }")).toEqual([
      expect.objectContaining({ rule: "annotation-reference", reported: expect.stringMatching(/\/x-resource\/plugin$/), message: expect.stringContaining('"noSuchHandler"') }),
    ]);
    edit("shared/getThing.yaml", "x-resource: { plugin: noSuchHandler }\n", "");
    const findings = await findingsWith("x-resource: { name: thing, action: get, id: ident, partitionCap: thingsPerShelf }");
    expect(findings.map((f) => f.reported?.replace(/.*\/x-resource/, "x-resource"))).toEqual(["x-resource/partitionCap", "x-resource/id"]);
    expect(findings[0]!.message).toContain('names the cap "thingsPerShelf"');
  }, 30_000);

  it("a create with no cap is a finding: its records would be unbounded", async () => {
    const findings = await findingsWith("x-resource: { name: thing, action: create }");
    expect(findings).toEqual([expect.objectContaining({ rule: "annotation-reference", message: expect.stringContaining("a create with no cap") })]);
  }, 30_000);
});
