/**
 * The build's steps end to end on a tiny project in a scratch folder (two small documents
 * sharing an operation file): linting with in-document exceptions, bundling, one document's
 * build in memory, and the atomic, cached build of the set. Faster than build-atomic.test.ts,
 * which runs the same build on a real document.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readManifest, writeManifest } from "../scripts/lib/build-cache.js";
import { runBuild } from "../scripts/lib/build-run.js";
import { buildService, serviceOutputs } from "../scripts/lib/build-service.js";
import { bundleDocument, bundleForBuild, bundleWithDependencies } from "../scripts/lib/bundle.js";
import { generateClient, generateEntryPoint } from "../scripts/lib/generate-client.js";
import { generateHelperRules, generateRules } from "../scripts/lib/generate-rules.js";
import { generateEmulatorModule, generateServersModule } from "../scripts/lib/generate-emulator.js";
import { DocumentError } from "../scripts/lib/client-meta.js";
import { generateTypes } from "../scripts/lib/generate-types.js";
import { lintBundle, lintDocument, lintSource, redoclyFinding } from "../scripts/lib/lint.js";
import { layoutFor, type Layout } from "../scripts/lib/paths.js";
import type { Service } from "../scripts/lib/services.js";

const TINY = `openapi: 3.1.0
jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema
info:
  title: Tiny
  version: "1"
  description: A tiny service for build tests.
  license: { name: MIT, identifier: MIT }
  contact: { name: Team, email: team@example.com }
servers:
  - url: https://api.example.com
    x-name: default
    x-internal: false
security: []
x-lint-exceptions:
  "owasp:api2:2023-read-restricted": "The tiny test service has no credentials to check; it is read by build tests only."
  "owasp:api4:2023-rate-limit-responses-429": "The tiny test service is never deployed, so it has no rate limit to document."
  "owasp:api8:2023-define-error-responses-401": "The tiny test service has no credentials, so nothing answers 401 in it."
  "owasp:api8:2023-define-error-responses-500": "The tiny test service is generated in memory; nothing in it can fail with 500."
  "owasp:api4:2023-rate-limit": "The tiny test service is never deployed, so it has no rate limit headers to document."
paths:
  /things/{id}:
    get:
      $ref: ./shared/getThing.yaml
tags:
  - name: t
    description: Things.
`;

const GET_THING = `operationId: getThing
summary: Get a thing.
description: Gets it.
tags: [t]
security: []
parameters:
  - name: id
    in: path
    required: true
    schema: { type: string, maxLength: 10, pattern: "^[a-z]+$" }
responses:
  "200":
    description: The thing.
    content:
      application/json:
        schema: { $ref: ./Thing.yaml }
        examples:
          one: { value: { id: abc } }
  "400":
    description: Bad id.
    content:
      application/json:
        schema: { type: object, properties: { error: { type: string, enum: [bad] } } }
        examples:
          bad: { value: { error: bad } }
`;

const THING = `type: object
properties:
  id: { type: string, maxLength: 10, pattern: "^[a-z]+$" }
`;

/** A type generator that throws `failure`, to see how a document's build reports it (openapi-typescript rarely fails on a linted bundle). */
const failingTypes = (failure: unknown) => () => Promise.reject(failure);

const tiny: Service = { id: "tiny", document: "tiny.yaml", seed: "" };
const tinyB: Service = { id: "tiny-b", document: "tiny-b.yaml", seed: "", family: "kms" };

let root: string;
let layout: Layout;
const file = (name: string) => join(layout.openapiDir, name);
const write = (name: string, text: string) => {
  mkdirSync(join(file(name), ".."), { recursive: true });
  writeFileSync(file(name), text);
};
/** Replaces one occurrence of `from` in an openapi/ file. */
const edit = (name: string, from: string, to: string) => {
  const text = readFileSync(file(name), "utf8");
  expect(text.split(from)).toHaveLength(2);
  writeFileSync(file(name), text.replace(from, to));
};
const lineOf = (name: string, text: string) => readFileSync(file(name), "utf8").split("\n").findIndex((l) => l.includes(text)) + 1;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "build-pipeline-"));
  layout = layoutFor(root);
  write("services.json", JSON.stringify({ services: [tiny, tinyB] }));
  write("tiny.yaml", TINY);
  write("tiny-b.yaml", TINY.replace("title: Tiny", "title: Tiny B"));
  write("shared/getThing.yaml", GET_THING);
  write("shared/Thing.yaml", THING);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

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

describe("one document's build", () => {
  it("computes the bundle, YAML, types, client, rules and entry point in memory", async () => {
    const result = await buildService(tinyB, layout);
    const { doc } = await bundleForBuild(tinyB, file("tiny-b.yaml"), root);
    expect(result.findings).toEqual([]);
    expect(result.id).toBe("tiny-b");
    expect(result.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny-b.yaml"]);
    const [bundleFile, yamlFile, typesFile, clientFile, rulesFile, indexFile, helperRulesFile, emulatorFile, serversFile] = serviceOutputs(tinyB, layout);
    expect([bundleFile, yamlFile, typesFile, clientFile, rulesFile, indexFile, helperRulesFile, emulatorFile, serversFile]).toEqual([
      join(root, "dist/openapi/tiny-b.json"),
      join(root, "dist/openapi/tiny-b.yaml"),
      join(root, "generated/tiny-b/types.ts"),
      join(root, "generated/tiny-b/client.ts"),
      join(root, "generated/tiny-b/rules.ts"),
      join(root, "generated/tiny-b/index.ts"),
      join(root, "generated/tiny-b/helper-rules.ts"),
      join(root, "generated/tiny-b/emulator.ts"),
      join(root, "generated/tiny-b/servers.ts"),
    ]);
    expect(result.outputs).toEqual([
      { file: bundleFile, content: JSON.stringify(doc, null, 2) },
      { file: typesFile, content: await generateTypes(tinyB, doc) },
      { file: clientFile, content: generateClient(tinyB, doc) },
      { file: rulesFile, content: generateRules(tinyB, doc) },
      { file: helperRulesFile, content: generateHelperRules(tinyB, doc) },
      { file: indexFile, content: generateEntryPoint(tinyB) },
      { file: emulatorFile, content: generateEmulatorModule(tinyB, doc) },
      { file: serversFile, content: generateServersModule(tinyB, doc) },
      { file: yamlFile, content: expect.any(String) },
    ]);
    expect(parseYaml(result.outputs[8]!.content)).toEqual(doc);
    expect(existsSync(join(root, "generated"))).toBe(false);
    expect(existsSync(join(root, "dist"))).toBe(false);
  }, 60_000);

  it("stops at the first failing step: bundle, lint, or the client generator", async () => {
    edit("shared/getThing.yaml", "$ref: ./Thing.yaml", "$ref: ./Missing.yaml");
    const unbundled = await buildService(tiny, layout);
    expect(unbundled.outputs).toEqual([]);
    expect(unbundled.dependencies).toContain("openapi/tiny.yaml");
    // Redocly's source lint sees the broken reference too; the bundler's report of it is the same finding.
    expect(unbundled.findings.map((f) => `${f.tool} ${f.rule}`)).toEqual(["redocly no-unresolved-refs", "redocly no-invalid-media-type-examples"]);
    edit("shared/getThing.yaml", "$ref: ./Missing.yaml", "$ref: ./Thing.yaml");

    edit("tiny.yaml", "  contact: { name: Team, email: team@example.com }\n", "");
    const warned = await buildService(tiny, layout);
    expect(warned.outputs).toEqual([]);
    expect(warned.findings.map((f) => `${f.tool} ${f.severity} ${f.rule}`)).toEqual(["spectral warn info-contact"]);
    expect(warned.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny.yaml"]);
    edit("tiny.yaml", "  description: A tiny", "  contact: { name: Team, email: team@example.com }\n  description: A tiny");

    edit("tiny.yaml", "security: []\n", "security: []\nx-client:\n  bind: [idd]\n");
    const unbound = await buildService(tiny, layout);
    expect(unbound.outputs).toEqual([]);
    expect(unbound.findings).toEqual([
      {
        tool: "client",
        severity: "error",
        rule: "client-bind-parameter",
        message: 'tiny: x-client.bind names "idd", which is no path or header parameter',
        file: file("tiny.yaml"),
        pointer: "#/x-client/bind/0",
        line: lineOf("tiny.yaml", "bind: [idd]"),
      },
    ]);
    edit("tiny.yaml", "bind: [idd]", "bind: [id]");
    expect((await buildService(tiny, layout)).findings).toEqual([]);
  }, 60_000);

  it("a failure of the type generator is a types finding, at its pointer when it names one", async () => {
    const at = { tool: "types", severity: "error", file: file("tiny.yaml") };
    expect(await buildService(tiny, layout, failingTypes(new Error("types failed")))).toMatchObject({ outputs: [], findings: [{ ...at, rule: "openapi-typescript", message: "types failed", pointer: "#", line: 1 }] });
    expect((await buildService(tiny, layout, failingTypes(new DocumentError("no servers", "#/servers", "types-rule")))).findings).toEqual([{ ...at, rule: "types-rule", message: "no servers", pointer: "#/servers", line: lineOf("tiny.yaml", "servers:") }]);
    expect((await buildService(tiny, layout, failingTypes("thrown text"))).findings).toEqual([{ ...at, rule: "openapi-typescript", message: "thrown text", pointer: "#", line: 1 }]);
  }, 60_000);

  it("a generator's plain error is a client-generator finding at the document root", async () => {
    edit("shared/getThing.yaml", '  "400":\n', '  "400":\n    x-retry: { retry: true }\n');
    const result = await buildService(tiny, layout);
    expect(result.outputs).toEqual([]);
    expect(result.findings).toEqual([
      {
        tool: "client",
        severity: "error",
        rule: "client-generator",
        message: "tiny x-retry-policy.maxAttempts must be an integer (responses of getThing are marked x-retry)",
        file: file("tiny.yaml"),
        pointer: "#",
        line: 1,
      },
    ]);
  }, 60_000);
});

/** Every file under generated/ and dist/ with its modification time and content. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[path.slice(root.length + 1)] = `${statSync(path).mtimeMs} ${readFileSync(path, "utf8").length}`;
    }
  };
  walk(layout.generatedDir);
  walk(layout.distDir);
  return out;
}

describe("the build of a set of documents", () => {
  const lines: string[] = [];
  const errors: string[] = [];
  const build = (options: { only?: string[]; noCache?: boolean } = {}) =>
    runBuild({ layout, ...options, log: (l) => lines.push(l), error: (l) => errors.push(l) });
  beforeEach(() => {
    lines.length = 0;
    errors.length = 0;
  });

  it("builds every document and the site once, then skips what is unchanged", async () => {
    const first = await build();
    expect(first).toEqual({ documents: 2, rebuilt: ["tiny", "tiny-b"], unchanged: [], failed: [], siteRebuilt: true });
    expect(lines).toEqual(["build: 2 document(s), 2 rebuilt, 0 unchanged, ok"]);
    expect(errors).toEqual([]);
    for (const id of ["tiny", "tiny-b"]) for (const out of serviceOutputs({ id, document: "", seed: "" }, layout)) expect(existsSync(out), out).toBe(true);
    expect(readFileSync(join(layout.generatedDir, "service-ids.ts"), "utf8")).toContain('export const SERVICE_IDS = ["tiny", "tiny-b"] as const;');
    expect(readdirSync(layout.siteDir).sort()).toEqual(expect.arrayContaining(["index.html", "tiny.html", "tiny-b.html", "assumptions.html"]));
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).toContain(">Tiny B</a>");
    expect(readdirSync(layout.distDir).filter((f) => f.startsWith(".staging-"))).toEqual([]);
    const manifest = readManifest(layout.cacheFile)!;
    expect(Object.keys(manifest.services)).toEqual(["tiny", "tiny-b"]);
    expect(manifest.services.tiny!.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny.yaml"]);
    expect(manifest.services.tiny!.key).toMatch(/^[0-9a-f]{64}$/);

    const before = snapshot();
    lines.length = 0;
    expect(await build()).toEqual({ documents: 2, rebuilt: [], unchanged: ["tiny", "tiny-b"], failed: [], siteRebuilt: false });
    expect(lines).toEqual(["build: 2 document(s), 0 rebuilt, 2 unchanged, ok"]);
    expect(snapshot()).toEqual(before);

    // Without the cache every document is rebuilt, and files whose content is the same keep their time.
    expect((await build({ noCache: true })).rebuilt).toEqual(["tiny", "tiny-b"]);
    expect(snapshot()).toEqual(before);

    // An edit of one document's file rebuilds that document only; a shared file rebuilds both.
    edit("tiny-b.yaml", "title: Tiny B", "title: Tiny Bee");
    expect(await build()).toMatchObject({ rebuilt: ["tiny-b"], unchanged: ["tiny"], siteRebuilt: true });
    expect(readFileSync(join(layout.bundleDir, "tiny-b.json"), "utf8")).toContain('"title": "Tiny Bee"');
    edit("shared/Thing.yaml", "maxLength: 10", "maxLength: 11");
    expect((await build()).rebuilt).toEqual(["tiny", "tiny-b"]);
    // A missing output is rebuilt.
    rmSync(join(layout.generatedDir, "tiny", "rules.ts"));
    expect((await build()).rebuilt).toEqual(["tiny"]);
    expect(existsSync(join(layout.generatedDir, "tiny", "rules.ts"))).toBe(true);
  }, 120_000);

  it("a failing document changes nothing on disk, is reported with its findings, and blocks the site", async () => {
    await build();
    const before = snapshot();
    const cache = readFileSync(layout.cacheFile, "utf8");
    edit("tiny.yaml", "security: []\n", "security: []\nx-client:\n  bind: [idd]\n");
    edit("tiny-b.yaml", "title: Tiny B", "title: Tiny Bee");
    lines.length = 0;
    const result = await build();
    expect(result).toMatchObject({ documents: 2, rebuilt: ["tiny-b"], unchanged: [], siteRebuilt: false });
    expect(result.failed).toEqual([{ id: "tiny", findings: [expect.objectContaining({ rule: "client-bind-parameter", pointer: "#/x-client/bind/0" })] }]);
    expect(lines).toEqual(["build: 2 document(s), 1 rebuilt, 0 unchanged, 1 FAILED (tiny)"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\ntiny: 1 finding\(s\), outputs left as they were\n {2}error client\/client-bind-parameter: tiny: x-client\.bind names "idd"/);
    const after = snapshot();
    for (const [path, stamp] of Object.entries(before)) {
      if (path.includes("tiny-b") || path === "dist/build-cache.json") continue;
      expect(after[path], path).toBe(stamp);
    }
    // The site was not rebuilt from the half-built set; tiny-b's entry is new, tiny's as it was.
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).not.toContain("Tiny Bee");
    const manifest = readManifest(layout.cacheFile)!;
    expect(manifest.services.tiny).toEqual(JSON.parse(cache).services.tiny);
    expect(manifest.services["tiny-b"]).not.toEqual(JSON.parse(cache).services["tiny-b"]);

    edit("tiny.yaml", "bind: [idd]", "bind: [id]");
    expect(await build()).toMatchObject({ rebuilt: ["tiny"], unchanged: ["tiny-b"], failed: [], siteRebuilt: true });
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).toContain("Tiny Bee");

    // A shared file that breaks both documents fails both, each named in the summary line.
    edit("shared/getThing.yaml", "summary: Get a thing.\n", "");
    lines.length = 0;
    expect((await build()).failed.map((f) => f.id)).toEqual(["tiny", "tiny-b"]);
    expect(lines).toEqual(["build: 2 document(s), 0 rebuilt, 0 unchanged, 2 FAILED (tiny, tiny-b)"]);
  }, 120_000);

  it("--only builds the named documents, keeps the others' cache entries, and leaves the id list and strays alone", async () => {
    mkdirSync(join(layout.generatedDir, "stray"), { recursive: true });
    writeFileSync(join(layout.generatedDir, "stray", "client.ts"), "");
    writeFileSync(join(layout.generatedDir, "loose.ts"), "");
    expect(await build({ only: ["tiny-b"] })).toEqual({ documents: 1, rebuilt: ["tiny-b"], unchanged: [], failed: [], siteRebuilt: true });
    expect(lines).toEqual(["build: 1 document(s), 1 rebuilt, 0 unchanged, ok"]);
    expect(existsSync(join(layout.generatedDir, "service-ids.ts"))).toBe(false);
    expect(existsSync(join(layout.generatedDir, "stray"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "tiny"))).toBe(false);
    expect(readdirSync(layout.siteDir)).not.toContain("tiny.html");
    expect(Object.keys(readManifest(layout.cacheFile)!.services)).toEqual(["tiny-b"]);

    await build({ only: ["tiny"] });
    expect(Object.keys(readManifest(layout.cacheFile)!.services).sort()).toEqual(["tiny", "tiny-b"]);
    expect(readdirSync(layout.siteDir)).toContain("tiny.html");

    // A full build removes generated folders of services the registry no longer lists, nothing else.
    await build();
    expect(existsSync(join(layout.generatedDir, "stray"))).toBe(false);
    expect(existsSync(join(layout.generatedDir, "loose.ts"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "tiny"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "service-ids.ts"))).toBe(true);
  }, 120_000);

  it("a change of the build's global inputs drops every cache entry; the same inputs keep them, and the site key", async () => {
    await build();
    const manifest = readManifest(layout.cacheFile)!;
    writeManifest({ ...manifest, site: "kept" }, layout.cacheFile);
    await build({ only: ["tiny"], noCache: true });
    expect(readManifest(layout.cacheFile)).toEqual({ ...manifest, site: "kept" });

    // The registry is one of the global inputs.
    write("services.json", JSON.stringify({ services: [tiny, tinyB], note: "changed" }));
    expect(await build({ only: ["tiny"] })).toMatchObject({ rebuilt: ["tiny"], unchanged: [] });
    const after = readManifest(layout.cacheFile)!;
    expect(after.global).not.toBe(manifest.global);
    expect(Object.keys(after.services)).toEqual(["tiny"]);
    expect(after).not.toHaveProperty("site");
    expect(await build()).toMatchObject({ rebuilt: ["tiny-b"], unchanged: ["tiny"] });
  }, 120_000);
});
