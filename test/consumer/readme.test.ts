/**
 * Every code block of README.md (the users' guide; the contributor guide is CONTRIBUTING.md), run as written in a fresh project made from
 * the packed tarball: the project installs exactly the README's `npm install` lines (the
 * package's own line installs the tarball), type-checks every TypeScript block under the strict
 * consumer tsconfig, runs each block with the command in its first line and checks what it
 * prints. Run on every claimed Node line by .ci/run.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import semver from "semver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exec, FIXTURES, linkDevTools, packPackage, type Result } from "./workspace.js";
import { readmeBlocks, readmeText } from "./readme-blocks.js";

const blocks = readmeBlocks();
let work: string;
let app: string;
const installed: Result[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-readme-pack-"));
  const tarball = await packPackage(work);
  app = mkdtempSync(join(tmpdir(), "ci-readme-"));
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "readme-app", private: true, type: "module" }, null, 2));
  for (const args of blocks.installs) {
    const packages = args.map((a) => (a === "cloud-interfaces" ? tarball : a));
    installed.push(await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], app));
    if (installed.at(-1)!.code !== 0) throw new Error(`npm install ${args.join(" ")} failed:\n${installed.at(-1)!.stderr}`);
  }
  for (const block of blocks.programs) writeFileSync(join(app, block.file), block.source);
}, 600_000);

afterAll(() => {
  for (const dir of [work, app]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("README.md", { timeout: 180_000 }, () => {
  it("has program blocks, each with a unique file name, and says how to install the package", () => {
    expect(blocks.programs.length).toBeGreaterThanOrEqual(6);
    expect(new Set(blocks.programs.map((b) => b.file)).size).toBe(blocks.programs.length);
    expect(blocks.installs[0]).toEqual(["cloud-interfaces"]);
    expect(readmeText()).toContain('"type": "module"');
  });

  it("no install of the README's sequence prints a peer conflict (ERESOLVE)", () => {
    expect(installed.length).toBe(blocks.installs.length);
    for (const [i, result] of installed.entries()) expect(result.stderr, blocks.installs[i]!.join(" ")).not.toMatch(/ERESOLVE|conflicting peer/);
  });

  it("installing the tarball warns of no install scripts (the shipped package.json has none)", () => {
    expect(installed[0]!.stderr).not.toMatch(/install-scripts|cloud-interfaces@[^ ]+ \(prepare/);
  });

  it("every TypeScript block type-checks under the strict consumer tsconfig", async () => {
    linkDevTools(app, ["typescript", "@types/node"]);
    const strict = JSON.parse(readFileSync(join(FIXTURES, "ts-app", "tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
    const files = blocks.programs.filter((b) => b.file.endsWith(".ts")).map((b) => b.file);
    // The strict fixture's options, plus the DOM lib that MSW's own declarations need (MSW's setup docs say so; the README too).
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions: { ...strict.compilerOptions, lib: ["ES2022", "DOM"] }, files }, null, 2));
    const tsc = await exec(process.execPath, [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app);
    expect(tsc.stdout + tsc.stderr).toBe("");
  });

  it.each(blocks.programs.map((b) => [`${b.file} (README.md:${b.line})`, b] as const))("%s runs as written", async (_name, block) => {
    const result = await exec(block.run[0]!, block.run.slice(1), app);
    if (block.needsNode && !semver.gte(process.versions.node, block.needsNode)) {
      // The README says this block needs a newer Node: on this one it must fail with the one sentence naming it.
      expect(result.code).not.toBe(0);
      expect(result.stdout + result.stderr).toContain(`this is Node ${process.versions.node}`);
      return;
    }
    expect(result.code, result.stdout + result.stderr).toBe(0);
    for (const line of block.prints) expect(result.stdout).toContain(line);
  });
});
