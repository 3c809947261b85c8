/**
 * CommonJS users (Jest and other require() suites): the packed package, installed with MSW and
 * nothing else (no Ajv, no Prism), is require()d entry point by entry point on the machine's Node
 * and on the pinned binary of each other claimed line (.ci/node-lines, scripts/lib/node-lines.ts),
 * and its emulator answers from CommonJS with Ajv not resolvable. Node 22.12+ loads an ES module
 * from require() unless its graph awaits at the top: test/entry-graphs.test.ts is the fast form.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeBinary, nodeLines } from "../../scripts/lib/node-lines.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { exec, installProject, packPackage } from "./workspace.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown>; devDependencies: Record<string, string> };
const ENTRIES = Object.keys(pkg.exports).filter((name) => name !== "./package.json" && !/\.(json|yaml)$/.test(name));
/** MSW 3's floor; below it cloud-interfaces/msw refuses with the version and the install line. */
const MSW_NODE = "22.12.0";

/** Requires each entry point, then runs the emulator; prints one JSON line. */
const PROGRAM = `
const entries = ${JSON.stringify(ENTRIES)};
const out = { node: process.versions.node, entries: {} };
for (const name of entries) {
  try {
    out.entries[name] = Object.keys(require("${pkg.name}" + name.slice(1))).length > 0 ? "ok" : "no exports";
  } catch (error) {
    out.entries[name] = (error.code ? error.code + ": " : "") + error.message.split("\\n")[0];
  }
}
out.ajv = ["ajv", "ajv-formats"].map((name) => { try { return require.resolve(name); } catch { return "not resolvable"; } });
(async () => {
  const { createEmulator, placeholderBaseUrl } = require("${pkg.name}/emulator");
  const kms = createEmulator("kms-v2");
  const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
  out.list = (await kms.handle(new Request(placeholderBaseUrl("kms-v2") + "/api/v2/keys", { headers }))).status;
  try {
    createEmulator("kms-v2", { document: structuredClone(kms.document) });
    out.ownDocument = "compiled";
  } catch (error) {
    out.ownDocument = error.message;
  }
  console.log(JSON.stringify(out));
})();
`;

let work: string;
let app: string;
const runs: Array<{ line: string; code: number; stdout: string; stderr: string }> = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-cjs-pack-"));
  app = await installProject(await packPackage(work), [`msw@${pkg.devDependencies.msw}`]);
  writeFileSync(join(app, "require-all.cjs"), PROGRAM);
  const machine = process.versions.node.split(".")[0];
  const others = nodeLines().filter((v) => v.split(".")[0] !== machine);
  for (const [line, node] of [[process.versions.node, process.execPath], ...others.map((v) => [v, nodeBinary(v)])] as const) {
    runs.push({ line, ...(await exec(node, ["require-all.cjs"], app)) });
  }
}, 600_000);

afterAll(() => {
  for (const dir of [work, app]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("require() of every entry point, without Ajv installed", { timeout: 60_000 }, () => {
  it("runs on the machine's Node and every other claimed line", () => {
    expect(runs.map((r) => r.line.split(".")[0])).toEqual(expect.arrayContaining(nodeLines().map((v) => v.split(".")[0])));
  });

  it.each(ENTRIES)("%s loads with require() on each line (msw: on Node 22.12 or later)", (name) => {
    for (const run of runs) {
      expect(run.code, `${run.line}: ${run.stderr}`).toBe(0);
      const out = JSON.parse(run.stdout) as { entries: Record<string, string> };
      if (name === "./msw" && semver.lt(run.line, MSW_NODE)) expect(out.entries[name], run.line).toContain(`this is Node ${run.line}`);
      else expect(out.entries[name], run.line).toBe("ok");
    }
  });

  it("the emulator answers from CommonJS with ajv and ajv-formats not resolvable; a document of your own names the install line", () => {
    for (const run of runs) {
      const out = JSON.parse(run.stdout) as { ajv: string[]; list: number; ownDocument: string };
      expect(out.ajv, run.line).toEqual(["not resolvable", "not resolvable"]);
      expect(out.list, run.line).toBe(200);
      expect(out.ownDocument, run.line).toMatch(/needs Ajv, an optional peer dependency: npm install --save-dev ajv@\S+ ajv-formats@\S+$/);
    }
  });
});
