/**
 * A build on several threads (scripts/lib/build-pool.ts) writes exactly what a build on one
 * thread writes: the same files with the same bytes, committed in registry order. Runs the real
 * build of every registered document twice on a scratch copy, so it sits beside test:e2e.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildThreads } from "../scripts/lib/build-pool.js";
import { runBuild } from "../scripts/lib/build-run.js";
import { layoutFor, OPENAPI_DIR } from "../scripts/lib/paths.js";

const root = mkdtempSync(join(tmpdir(), "build-threads-"));
const layout = layoutFor(root);
cpSync(OPENAPI_DIR, layout.openapiDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every generated file's content, by its path under generated/. */
function generated(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[relative(layout.generatedDir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(layout.generatedDir);
  return out;
}

it("two build threads write what one thread writes", { timeout: 600_000 }, async () => {
  const lines: string[] = [];
  const build = async (threads: number) => {
    rmSync(layout.generatedDir, { recursive: true, force: true });
    const summary = await runBuild({ layout, noCache: true, threads, log: (l) => lines.push(l), error: (l) => lines.push(l) });
    expect(summary.failed, lines.join("\n")).toEqual([]);
    return { rebuilt: summary.rebuilt, files: generated() };
  };
  const one = await build(1);
  const two = await build(2);
  expect(one.rebuilt.length).toBeGreaterThan(1);
  expect(Object.keys(one.files).length).toBeGreaterThan(one.rebuilt.length);
  expect(two).toEqual(one);
});

it("uses one thread per core, at most four", () => {
  expect([1, 2, 3, 8].map((cores) => buildThreads(cores))).toEqual([1, 2, 3, 4]);
});
