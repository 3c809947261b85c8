/**
 * Which tree may import which: the package (runtime/) stands alone; the build and benchmarks
 * (scripts/) may use the runtime but nothing under test/; what both need lives in runtime/ or
 * scripts/lib.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module a file names (static imports, re-exports, import() with a literal), as a path from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'`](\.{1,2}\/[^"'`$]+)["'`]/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s)));
}

const crossing = (tree: string, forbidden: string[]) =>
  sources(join(ROOT, tree)).flatMap((file) =>
    importsOf(file)
      .filter((target) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
      .map((target) => `${relative(ROOT, file)} → ${target}`),
  );

describe("import boundaries", () => {
  it("nothing under scripts/ imports from test/", () => {
    expect(crossing("scripts", ["test"])).toEqual([]);
  });

  it("the package's runtime imports neither scripts/ nor test/", () => {
    expect(crossing("runtime", ["scripts", "test"])).toEqual([]);
  });
});
