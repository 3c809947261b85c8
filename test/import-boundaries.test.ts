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

/**
 * The import cycles among runtime/'s modules, each as its files in order: static imports,
 * type-only imports, re-exports and import() with a literal all count (a type-only cycle still
 * ties two modules' designs together). Tarjan's strongly connected components.
 */
export function importCycles(tree: string): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of sources(join(ROOT, tree))) {
    const from = relative(ROOT, file).replace(/\.(ts|mts|js|mjs)$/, "");
    graph.set(from, importsOf(file).map((t) => t.replace(/\.(ts|mts|js|mjs)$/, "")));
  }
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return cycles;
}

describe("import cycles", () => {
  it("runtime/ has none, type-only imports included", () => {
    expect(importCycles("runtime")).toEqual([]);
  });

  it("the check finds a cycle when there is one (two files importing each other, one by type only)", async () => {
    const { mkdtempSync, writeFileSync, mkdirSync, rmSync } = await import("node:fs");
    const dir = mkdtempSync(join(ROOT, ".cycle-check-"));
    try {
      mkdirSync(join(dir, "a"));
      writeFileSync(join(dir, "a", "x.ts"), 'import type { Y } from "./y.js";\nexport type X = Y;\n');
      writeFileSync(join(dir, "a", "y.ts"), 'export { z } from "../z.js";\nexport type Y = string;\n');
      writeFileSync(join(dir, "z.ts"), 'export const z = () => import("./a/x.js");\n');
      const tree = relative(ROOT, dir);
      expect(importCycles(tree)).toEqual([[`${tree}/a/x`, `${tree}/a/y`, `${tree}/z`]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("import boundaries", () => {
  it("nothing under scripts/ imports from test/", () => {
    expect(crossing("scripts", ["test"])).toEqual([]);
  });

  it("the package's runtime imports neither scripts/ nor test/", () => {
    expect(crossing("runtime", ["scripts", "test"])).toEqual([]);
  });
});
