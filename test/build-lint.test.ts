/**
 * The build's first steps on a tiny project in a scratch folder (test/harness/tiny-project.ts):
 * linting with in-document exceptions (Redocly on the sources, Spectral on the bundle), bundling,
 * and the type generator. The build of one document and of the set are in build-pipeline.test.ts.
 */
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { bundleDocument, bundleForBuild, bundleWithDependencies } from "../scripts/lib/bundle.js";
import { generateTypes } from "../scripts/lib/generate-types.js";
import { lintBundle, lintDocument, lintSource, redoclyFinding } from "../scripts/lib/lint.js";
import { THING, tiny, root, file, edit, lineOf, useTinyProject } from "./harness/tiny-project.js";

useTinyProject();

describe("lint", () => {
  it("a clean document has no finding from either linter", async () => {
    const { doc } = await bundleForBuild(tiny, file("tiny.yaml"), root);
    expect(await lintSource(tiny, file("tiny.yaml"))).toEqual([]);
    expect(await lintBundle(tiny, JSON.stringify(doc), file("tiny.yaml"))).toEqual([]);
    expect(await lintDocument(tiny, JSON.stringify(doc), file("tiny.yaml"))).toEqual([]);
  }, 60_000);

  it("Redocly: errors and warnings at the fragment's line, silenced by an exception on the node or above, read again after an edit", async () => {
    edit("shared/getThing.yaml", "summary: Get a thing.\n", "");
    edit("shared/getThing.yaml", '  "400":', '  "500":');
    const findings = await lintSource(tiny, file("tiny.yaml"));
    expect(findings.map((f) => [f.tool, f.severity, f.rule])).toEqual(
      expect.arrayContaining([
        ["redocly", "error", "operation-summary"],
        ["redocly", "warn", "operation-4xx-response"],
      ]),
    );
    const summary = findings.find((f) => f.rule === "operation-summary")!;
    expect(summary).toMatchObject({ file: file("shared/getThing.yaml"), pointer: "#", line: 1 });
    const warn = findings.find((f) => f.rule === "operation-4xx-response")!;
    expect(warn).toMatchObject({ file: file("shared/getThing.yaml"), pointer: "#/responses", line: lineOf("shared/getThing.yaml", "responses:") });

    edit("shared/getThing.yaml", "responses:\n", 'x-lint-exceptions:\n  operation-summary: "The test checks that an exception on the operation silences the rule."\nresponses:\n');
    const excepted = await lintSource(tiny, file("tiny.yaml"));
    expect(excepted.map((f) => f.rule)).not.toContain("operation-summary");
    expect(excepted.map((f) => f.rule)).toContain("operation-4xx-response");

    // Deeper in the root file: an exception on the tag silences the tag's problem, until its reason is no string.
    edit("tiny.yaml", "    description: Things.\n", "");
    expect((await lintSource(tiny, file("tiny.yaml"))).find((f) => f.rule === "tag-description")).toMatchObject({ severity: "warn", file: file("tiny.yaml"), pointer: "#/tags/0" });
    edit("tiny.yaml", "  - name: t\n", '  - name: t\n    x-lint-exceptions:\n      tag-description: "The test checks that an exception on a tag silences the rule there."\n');
    expect((await lintSource(tiny, file("tiny.yaml"))).map((f) => f.rule)).not.toContain("tag-description");
    edit("tiny.yaml", 'tag-description: "The test checks that an exception on a tag silences the rule there."', "tag-description: 3");
    expect((await lintSource(tiny, file("tiny.yaml"))).map((f) => f.rule)).toContain("tag-description");
    // Below a path key with "/" and "~" in it (written ~1 and ~0 in the pointer).
    edit("tiny.yaml", "paths:\n", 'paths:\n  /other~x:\n    get:\n      operationId: other\n      summary: Other.\n      responses: { "200": { description: Ok. } }\n');
    const inRoot = (findings: Awaited<ReturnType<typeof lintSource>>) => findings.filter((f) => f.rule === "operation-4xx-response" && f.file === file("tiny.yaml"));
    expect(inRoot(await lintSource(tiny, file("tiny.yaml")))).toEqual([expect.objectContaining({ pointer: "#/paths/~1other~0x/get/responses" })]);
    edit("tiny.yaml", "      operationId: other\n", '      operationId: other\n      x-lint-exceptions:\n        operation-4xx-response: "The test checks that an exception is found below such a path key."\n');
    expect(inRoot(await lintSource(tiny, file("tiny.yaml")))).toEqual([]);
  }, 60_000);

  it("a Redocly problem is placed at the file and line of its pointer, with the tool's pointer when it differs", () => {
    const thing = file("shared/Thing.yaml");
    const problem = (pointer: string | undefined, severity: string) =>
      ({ ruleId: "r", message: "m", severity, location: pointer === undefined ? [] : [{ pointer, source: { absoluteRef: `file://${thing}` } }] }) as any;
    expect(redoclyFinding("bundle", problem("#/properties/id", "error"), file("tiny.yaml"))).toEqual({
      tool: "bundle",
      severity: "error",
      rule: "r",
      message: "m",
      file: thing,
      pointer: "#/properties/id",
      line: 3,
    });
    expect(redoclyFinding("redocly", problem("#/properties/id/nope/deeper", "warn"), file("tiny.yaml"))).toEqual({
      tool: "redocly",
      severity: "warn",
      rule: "r",
      message: "m",
      file: thing,
      pointer: "#/properties/id",
      line: 3,
      reported: "#/properties/id/nope/deeper",
    });
    expect(redoclyFinding("redocly", problem(undefined, "error"), file("tiny.yaml"))).toEqual({ tool: "redocly", severity: "error", rule: "r", message: "m", file: file("tiny.yaml"), pointer: "#", line: 1 });
    expect(redoclyFinding("redocly", problem("", "error"), file("tiny.yaml"))).toMatchObject({ file: thing, pointer: "#", line: 1 });
    expect(redoclyFinding("redocly", problem("", "error"), file("tiny.yaml"))).not.toHaveProperty("reported");
  });

  it("Spectral: findings in the source file with the bundle's pointer, warnings as warnings, and unused exceptions reported", async () => {
    edit("tiny.yaml", "  contact: { name: Team, email: team@example.com }\n", "");
    edit("tiny.yaml", "x-lint-exceptions:\n", 'x-lint-exceptions:\n  "owasp:api3:2023-no-additionalProperties": "Nothing here has additionalProperties: this exception must be reported as unused."\n  operation-summary: "A Redocly rule: Spectral does not check whether it is used."\n');
    edit("tiny.yaml", '  "owasp:api4:2023-rate-limit": "The tiny test service is never deployed, so it has no rate limit headers to document."\n', "");
    edit("shared/getThing.yaml", '  "400":\n', '  "400":\n    x-lint-exceptions:\n      "owasp:api3:2023-no-additionalProperties": "Nothing here either: this nested exception must be reported as unused too."\n');
    const { doc } = await bundleForBuild(tiny, file("tiny.yaml"), root);
    const findings = await lintBundle(tiny, JSON.stringify(doc, null, 2), file("tiny.yaml"));
    expect(findings.find((f) => f.rule === "info-contact")).toEqual({
      tool: "spectral",
      severity: "warn",
      rule: "info-contact",
      message: 'Info object must have "contact" object.',
      file: file("tiny.yaml"),
      pointer: "#/info",
      line: 3,
    });
    const rate = findings.filter((f) => f.rule === "owasp:api4:2023-rate-limit");
    expect(rate.length).toBeGreaterThan(0);
    expect(rate[0]).toMatchObject({ severity: "error", file: file("shared/getThing.yaml"), pointer: "#/responses/200", reported: "#/paths/~1things~1{id}/get/responses/200", line: lineOf("shared/getThing.yaml", '"200":') });
    expect(findings.filter((f) => f.rule === "project-unused-lint-exception")).toEqual([
      {
        tool: "spectral",
        severity: "error",
        rule: "project-unused-lint-exception",
        message: "x-lint-exceptions names owasp:api3:2023-no-additionalProperties, which reports nothing here: remove the exception",
        file: file("tiny.yaml"),
        pointer: "#/x-lint-exceptions/owasp:api3:2023-no-additionalProperties",
        line: lineOf("tiny.yaml", "owasp:api3:2023-no-additionalProperties"),
      },
      {
        tool: "spectral",
        severity: "error",
        rule: "project-unused-lint-exception",
        message: "x-lint-exceptions names owasp:api3:2023-no-additionalProperties, which reports nothing here: remove the exception",
        file: file("shared/getThing.yaml"),
        pointer: "#/responses/400/x-lint-exceptions/owasp:api3:2023-no-additionalProperties",
        line: lineOf("shared/getThing.yaml", "owasp:api3:2023-no-additionalProperties"),
        reported: "#/paths/~1things~1{id}/get/responses/400/x-lint-exceptions/owasp:api3:2023-no-additionalProperties",
      },
    ]);
    expect(findings.at(-1)!.rule).toBe("project-unused-lint-exception");
    expect(findings.map((f) => f.rule)).not.toContain("oas3-api-servers");
  }, 60_000);

  it("Spectral: an exception deeper in the document silences only below its node; one that is used there is not stale", async () => {
    edit("tiny.yaml", '  "owasp:api4:2023-rate-limit": "The tiny test service is never deployed, so it has no rate limit headers to document."\n', "");
    edit("shared/getThing.yaml", '  "200":\n', '  "200":\n    x-lint-exceptions:\n      "owasp:api4:2023-rate-limit": "The test checks that an exception on one response silences that response only."\n');
    const { doc } = await bundleForBuild(tiny, file("tiny.yaml"), root);
    const findings = await lintBundle(tiny, JSON.stringify(doc), file("tiny.yaml"));
    expect(findings.map((f) => `${f.rule} ${f.reported ?? f.pointer}`)).toEqual(["owasp:api4:2023-rate-limit #/paths/~1things~1{id}/get/responses/400"]);
    const both = await lintDocument(tiny, JSON.stringify(doc), file("tiny.yaml"));
    expect(both).toEqual(findings);
    // A rule both linters check (a missing operationId) is reported once.
    edit("tiny.yaml", "paths:\n", "paths:\n  /other:\n    get:\n      summary: Other.\n      responses: { \"200\": { description: Ok. } }\n");
    const bundled = JSON.stringify((await bundleForBuild(tiny, file("tiny.yaml"), root)).doc);
    const missing = (await lintDocument(tiny, bundled, file("tiny.yaml"))).filter((f) => f.rule === "operation-operationId");
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ file: file("tiny.yaml"), pointer: "#/paths/~1other/get", line: lineOf("tiny.yaml", "/other:") + 1 });
  }, 60_000);
});

describe("bundle", () => {
  it("resolves the fragments and lists every file it read, relative and sorted", async () => {
    const result = await bundleForBuild(tiny, file("tiny.yaml"), root);
    expect(result.findings).toEqual([]);
    expect(result.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny.yaml"]);
    expect(result.doc.paths["/things/{id}"].get.operationId).toBe("getThing");
    expect(result.doc.paths["/things/{id}"].get.deprecated).toBeUndefined();
    // Fragments become components referenced from their place, not copies.
    expect(result.doc.paths["/things/{id}"].get.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Thing" });
    expect(result.doc.components.schemas.Thing).toEqual(parseYaml(THING));
    expect(await bundleDocument(tiny, file("tiny.yaml"))).toEqual(result.doc);
  }, 60_000);

  it("marks a retired version's operations deprecated", async () => {
    edit("tiny.yaml", "  version: \"1\"\n", '  version: "1"\n  x-deprecated: { deprecated: true }\n');
    const { doc } = await bundleForBuild(tiny, file("tiny.yaml"), root);
    expect(doc.paths["/things/{id}"].get.deprecated).toBe(true);
  }, 60_000);

  it("reports an unresolvable reference as an error at its line, or throws where a bundle is required", async () => {
    edit("shared/getThing.yaml", "$ref: ./Thing.yaml", "$ref: ./Missing.yaml");
    const result = await bundleForBuild(tiny, file("tiny.yaml"), root);
    expect(result.findings).toEqual([
      {
        tool: "bundle",
        severity: "error",
        rule: "bundler",
        message: expect.stringMatching(/^Can't resolve \$ref: ENOENT: no such file or directory '.*Missing\.yaml'$/),
        file: file("shared/getThing.yaml"),
        pointer: "#/responses/200/content/application~1json/schema",
        line: lineOf("shared/getThing.yaml", "Missing.yaml"),
      },
    ]);
    await expect(bundleWithDependencies(tiny, file("tiny.yaml"))).rejects.toThrow(/^Bundling tiny\.yaml failed:\n {2}error bundle\/bundler: Can't resolve/);
    await expect(bundleDocument(tiny, file("tiny.yaml"))).rejects.toThrow("Bundling tiny.yaml failed");
  }, 60_000);
});

describe("generate-types", () => {
  it("keeps the document's property order, leaves defaulted fields optional, and leaves the document as it was", async () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {},
      components: { schemas: { Item: { type: "object", required: ["zeta"], properties: { zeta: { type: "string" }, alpha: { type: "boolean", default: true } } } } },
    };
    const before = structuredClone(doc);
    const source = await generateTypes(tiny, doc);
    expect(source.startsWith("// Generated from openapi/tiny.yaml by scripts/build.ts (openapi-typescript). Do not edit.\n\n")).toBe(true);
    expect(source).toMatch(/Item: \{\s*zeta: string;\s*\/\*\* @default true \*\/\s*alpha\?: boolean;\s*\};/);
    expect(doc).toEqual(before);
  });
});
