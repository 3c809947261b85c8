/**
 * The build is atomic per document: a document that fails any step (lint, bundle, types,
 * client) leaves generated/, dist/ and the build cache byte for byte as they were, and its
 * errors name the file, the JSON pointer, the line and the rule. Runs the real build on a
 * scratch copy of one document (identity v4: shared fragments, x-client.bind).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBuild, type BuildSummary } from "../../scripts/lib/build-run.js";
import { layoutFor, OPENAPI_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { snapshotOutputs } from "../harness/build-outputs.js";

const ID = "identity-v4";
let root: string;
let layout: ReturnType<typeof layoutFor>;
const doc = () => join(layout.openapiDir, "identity-v4.yaml");
/** The token operation's own file, and a fragment identity v3 and v4 share. */
const op = () => join(layout.openapiDir, "identity-v4/operations/requestTokens.yaml");
const authorize = () => join(layout.openapiDir, "identity-v4/operations/authorize.yaml");
const fragment = () => join(layout.openapiDir, "shared/identity/operations/getUserInfo.yaml");
const lines: string[] = [];

/** Every file under generated/ and dist/ with its content and modification time. */
const snapshot = () => snapshotOutputs(root, layout);

const build = (options: { noCache?: boolean } = {}): Promise<BuildSummary> =>
  runBuild({ layout, ...options, log: (l) => lines.push(l), error: (l) => lines.push(l) });

function edit(file: string, from: string, to: string): () => void {
  const original = readFileSync(file, "utf8");
  const count = original.split(from).length - 1;
  if (count !== 1) throw new Error(`edit: ${JSON.stringify(from)} occurs ${count} times in ${file}`);
  writeFileSync(file, original.replace(from, to));
  return () => writeFileSync(file, original);
}

/** 1-based line of the first line of `file` containing `text` after `after` (to find the second occurrence). */
function lineOf(file: string, text: string, after = 0): number {
  const index = readFileSync(file, "utf8").split("\n").findIndex((l, i) => i + 1 > after && l.includes(text));
  if (index === -1) throw new Error(`${text} not in ${file}`);
  return index + 1;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "build-atomic-"));
  layout = layoutFor(root);
  mkdirSync(layout.openapiDir, { recursive: true });
  cpSync(join(OPENAPI_DIR, "identity-v4.yaml"), doc());
  cpSync(join(OPENAPI_DIR, ID), join(layout.openapiDir, ID), { recursive: true });
  cpSync(join(OPENAPI_DIR, "shared"), join(layout.openapiDir, "shared"), { recursive: true });
  const service = readServices().find((s) => s.id === ID)!;
  writeFileSync(join(layout.openapiDir, "services.json"), JSON.stringify({ services: [service] }));
  const first = await build();
  expect(first.failed, lines.join("\n")).toEqual([]);
  expect(first.rebuilt).toEqual([ID]);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Case {
  name: string;
  apply: () => () => void;
  tool: string;
  rule: string;
  file: () => string;
  line: () => number;
  pointer: string;
}

const cases: Case[] = [
  {
    name: "a lint failure (operation without summary)",
    apply: () => edit(op(), "\nsummary: Token\n", "\n"),
    tool: "redocly",
    rule: "operation-summary",
    file: op,
    line: () => 1,
    pointer: "#",
  },
  {
    name: "a lint failure inside a shared fragment",
    apply: () => edit(fragment(), "summary: Retrieve user info\n", ""),
    tool: "redocly",
    rule: "operation-summary",
    file: fragment,
    line: () => 1,
    pointer: "#",
  },
  {
    name: "a duplicate operationId",
    apply: () => edit(op(), "operationId: requestTokens", "operationId: authorize"),
    tool: "spectral",
    rule: "operation-operationId-unique",
    file: op,
    line: () => lineOf(op(), "operationId: authorize"),
    pointer: "#/operationId",
  },
  {
    name: "a misspelt x-client.bind",
    apply: () => edit(doc(), "bind: [ tenantId ]", "bind: [ tenantID ]"),
    tool: "client",
    rule: "client-bind-parameter",
    file: doc,
    line: () => lineOf(doc(), "bind: [ tenantID ]"),
    pointer: "#/x-client/bind/0",
  },
  {
    name: "a $ref to a missing fragment",
    apply: () => edit(authorize(), '"../parameters/code_challenge.yaml"', '"../parameters/code_chalenge.yaml"'),
    tool: "redocly",
    rule: "no-unresolved-refs",
    file: authorize,
    line: () => lineOf(authorize(), "code_chalenge"),
    pointer: "#/parameters/13",
  },
];

describe("atomic build", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s changes nothing on disk and is reported once with file, pointer, line and rule", async (_name, c) => {
    const before = snapshot();
    const revert = c.apply();
    lines.length = 0;
    const summary = await build();
    expect(summary.failed.map((f) => f.id)).toEqual([ID]);
    const findings = summary.failed[0]!.findings;
    expect(findings, lines.join("\n")).toHaveLength(1);
    expect(findings[0]).toMatchObject({ tool: c.tool, rule: c.rule, file: c.file(), pointer: c.pointer, line: c.line() });
    // The printed message carries the same facts.
    expect(lines.join("\n")).toContain(`${c.tool}/${c.rule}`);
    expect(lines.join("\n")).toContain(`${relative(root, c.file())}:${c.line()} ${c.pointer}`);
    expect(snapshot()).toEqual(before);

    revert();
    const again = await build();
    expect(again.failed, lines.join("\n")).toEqual([]);
    expect(snapshot()).toEqual(before);
  }, 60_000);

  it("after failures and reverts, the outputs in place are what a clean rebuild of the document produces", async () => {
    const kept = Object.fromEntries(Object.entries(snapshot()).map(([k, v]) => [k, v.slice(v.indexOf(" ") + 1)]));
    const summary = await build({ noCache: true });
    expect(summary.rebuilt).toEqual([ID]);
    const rebuilt = Object.fromEntries(Object.entries(snapshot()).map(([k, v]) => [k, v.slice(v.indexOf(" ") + 1)]));
    expect(rebuilt).toEqual(kept);
  }, 60_000);

  it("an edit after a failure rebuilds the document and the site from the edited document", async () => {
    const revert = edit(op(), "\nsummary: Token\n", "\n");
    await build();
    revert();
    const restore = edit(op(), "summary: Token\n", "summary: Token exchange\n");
    try {
      const summary = await build();
      expect(summary).toMatchObject({ rebuilt: [ID], failed: [], siteRebuilt: true });
      expect(readFileSync(join(layout.bundleDir, `${ID}.json`), "utf8")).toContain('"summary": "Token exchange"');
      expect(readFileSync(join(layout.siteDir, `${ID}.html`), "utf8")).toContain("Token exchange");
    } finally {
      restore();
    }
  }, 60_000);
});
