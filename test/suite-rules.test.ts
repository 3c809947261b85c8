/**
 * npm test runs test files without per-file isolation (vitest.config.ts `isolate: false`), so a
 * module a file mocks may already be loaded, unmocked, by another file in the same worker: the
 * mock would then apply or not depending on file order. Tests inject what they replace instead.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" || entry.name === "node_modules" ? [] : testFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("test suite rules", () => {
  it("no test file mocks a module", () => {
    const mocking = testFiles(join(ROOT, "test"))
      .filter((file) => /\bvi\.(?:mock|doMock|unmock|doUnmock)\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file));
    expect(mocking).toEqual([]);
  });
});
