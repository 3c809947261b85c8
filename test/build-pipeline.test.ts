/**
 * The build's steps end to end on a tiny project in a scratch folder (test/harness/tiny-project.ts):
 * one document's build in memory, and the atomic, cached build of the set. Faster than
 * test/identity/build-atomic.e2e.test.ts (test:e2e), which runs the same build on a real document. The linters, the
 * bundler and the type generator alone are in build-lint.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { readManifest, writeManifest } from "../scripts/lib/build-cache.js";
import { runBuild } from "../scripts/lib/build-run.js";
import { buildService, serviceOutputs } from "../scripts/lib/build-service.js";
import { bundleForBuild } from "../scripts/lib/bundle.js";
import { generateClient, generateEntryPoint } from "../scripts/lib/generate-client.js";
import { generateHelperRules, generateRules } from "../scripts/lib/generate-rules.js";
import { generateEmulatorModule, generateServersModule } from "../scripts/lib/generate-emulator.js";
import { generateOperationsModule } from "../scripts/lib/generate-operations.js";
import { DocumentError } from "../scripts/lib/client-meta.js";
import { generateTypes } from "../scripts/lib/generate-types.js";
import { failingTypes, tiny, tinyB, root, layout, file, write, edit, lineOf, useTinyProject } from "./harness/tiny-project.js";

useTinyProject();

describe("one document's build", () => {
  it("computes the bundle, YAML, types, client, rules and entry point in memory", async () => {
    const result = await buildService(tinyB, layout);
    const { doc } = await bundleForBuild(tinyB, file("tiny-b.yaml"), root);
    expect(result.findings).toEqual([]);
    expect(result.id).toBe("tiny-b");
    expect(result.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny-b.yaml"]);
    const [bundleFile, yamlFile, typesFile, clientFile, rulesFile, indexFile, helperRulesFile, emulatorFile, serversFile, operationsFile] = serviceOutputs(tinyB, layout);
    expect([bundleFile, yamlFile, typesFile, clientFile, rulesFile, indexFile, helperRulesFile, emulatorFile, serversFile, operationsFile]).toEqual([
      join(root, "dist/openapi/tiny-b.json"),
      join(root, "dist/openapi/tiny-b.yaml"),
      join(root, "generated/tiny-b/types.ts"),
      join(root, "generated/tiny-b/client.ts"),
      join(root, "generated/tiny-b/rules.ts"),
      join(root, "generated/tiny-b/index.ts"),
      join(root, "generated/tiny-b/helper-rules.ts"),
      join(root, "generated/tiny-b/emulator.ts"),
      join(root, "generated/tiny-b/servers.ts"),
      join(root, "generated/tiny-b/operations.ts"),
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
      { file: operationsFile, content: generateOperationsModule(tinyB, doc) },
      { file: yamlFile, content: expect.any(String) },
      // No resource with a create: no Arazzo workflows, and a stale file of them is removed.
      { file: join(root, "dist/openapi/tiny-b.arazzo.yaml"), content: null },
    ]);
    expect(parseYaml(result.outputs[9]!.content!)).toEqual(doc);
    expect(existsSync(join(root, "generated"))).toBe(false);
    expect(existsSync(join(root, "dist"))).toBe(false);
  }, 60_000);

  it("removes the Arazzo workflows of a document that no longer has a resource with a create", async () => {
    mkdirSync(join(root, "dist/openapi"), { recursive: true });
    writeFileSync(join(root, "dist/openapi/tiny-b.arazzo.yaml"), "arazzo: 1.0.1\n");
    const summary = await runBuild({ layout, only: ["tiny-b"], noCache: true, log: () => {}, error: () => {} });
    expect(summary.failed).toEqual([]);
    expect(existsSync(join(root, "dist/openapi/tiny-b.arazzo.yaml"))).toBe(false);
    expect(existsSync(join(root, "dist/openapi/tiny-b.json"))).toBe(true);
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
