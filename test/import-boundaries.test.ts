/**
 * Which tree may import which: the package (runtime/) stands alone; the build and benchmarks
 * (scripts/) may use the runtime but nothing under test/; what both need lives in runtime/ or
 * scripts/lib. Inside runtime/, the folders stand in layers (RUNTIME_LAYERS): a module imports
 * its own folder or a folder of a lower layer, never one above or beside it, so no two folders
 * import each other. See it with `npx vitest run test/import-boundaries.test.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";
import { readServices } from "../scripts/lib/services.js";

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
  return stronglyConnected(graph);
}

/** Tarjan's strongly connected components of more than one node (or a node importing itself), each sorted. */
export function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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

/** `runtime/<folder>` of a path under runtime/ (a file directly in runtime/ is its own folder). */
const folderOf = (path: string) => path.split("/").slice(0, 2).join("/");

/** Every import from one runtime/ folder into another, as `file → target`, by the two folders. */
export function folderImports(tree = "runtime"): { from: string; to: string; edge: string }[] {
  return sources(join(ROOT, tree)).flatMap((file) => {
    const path = relative(ROOT, file);
    return importsOf(file)
      .filter((target) => target.startsWith(`${tree}/`) && folderOf(target) !== folderOf(path))
      .map((target) => ({ from: folderOf(path), to: folderOf(target), edge: `${path} → ${target}` }));
  });
}

/** The folders of runtime/ that import each other, directly or around a circle. */
export function folderCycles(tree = "runtime"): string[][] {
  const graph = new Map<string, string[]>();
  for (const dir of readdirSync(join(ROOT, tree), { withFileTypes: true })) if (dir.isDirectory()) graph.set(`${tree}/${dir.name}`, []);
  for (const { from, to } of folderImports(tree)) graph.get(from)?.push(to);
  return stronglyConnected(graph);
}

/** The service families' folders (runtime/<family>/, or runtime/<id>/ for a service without one), from the registry. */
const FAMILIES = [...new Set(readServices().map((s) => s.family ?? s.id))];

/**
 * runtime/'s folders from the bottom up, with what each holds. A module may import its own
 * folder and any folder of a lower layer; folders that share a layer do not import each other.
 */
export const RUNTIME_LAYERS: readonly { folders: readonly string[]; holds: string }[] = [
  { folders: ["core"], holds: "the typed client's runtime: errors, JSON pointers, query styles, the router, rules, credentials, retries" },
  { folders: ["openapi"], holds: "reading a bundled document: its operation table, each operation's statuses and examples, violations as read" },
  { folders: ["package"], holds: "what the package ships beside its code: bundled documents, package files, optional peers" },
  { folders: ["controls"], holds: "the test controls every form applies: case selection and its check, faults and latency, seeded randomness, the bounded request record" },
  { folders: ["http"], holds: "the HTTP front end alone: listen, body, limits, media types, CORS, error shapes, the handler signature" },
  { folders: ["options"], holds: "the one option set of startMock, serveHandler and the CLI: table, types, checks" },
  { folders: ["emulator"], holds: "the stateful engine, its contract, control API and serving; the package face generated from the registry" },
  { folders: FAMILIES, holds: "each family's plug-in and helpers (from openapi/services.json)" },
  { folders: ["mock", "msw", "tryit", "verify"], holds: "the forms and tools built on the emulator and the front end: the Prism mock, MSW, Try it, verify" },
  { folders: ["cli"], holds: "the cloud-interfaces command: its parser, commands and signals" },
];

/** Each import that runs up a layer or across one, as `file → target (from layer → layer)`. */
export function upwardImports(tree = "runtime", layers = RUNTIME_LAYERS): string[] {
  const rank = new Map<string, number>(layers.flatMap((layer, i) => layer.folders.map((f): [string, number] => [`${tree}/${f}`, i])));
  return folderImports(tree)
    .filter(({ from, to }) => rank.has(from) && rank.has(to) && rank.get(to)! >= rank.get(from)!)
    .map(({ edge, from, to }) => `${edge} (${from} → ${to})`);
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

describe("runtime/ folders in layers", () => {
  it("every folder of runtime/ has its layer (a new folder is placed on purpose)", () => {
    const placed = new Set(RUNTIME_LAYERS.flatMap((l) => l.folders));
    const folders = readdirSync(join(ROOT, "runtime"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !placed.has(f))).toEqual([]);
    expect([...placed].filter((f) => !folders.includes(f))).toEqual([]);
  });

  it("no two folders import each other, directly or around a circle (type-only imports included)", () => {
    expect(folderCycles()).toEqual([]);
  });

  it("no import points up a layer or across one", () => {
    expect(upwardImports()).toEqual([]);
  });

  it("the checks find a folder cycle and an import pointing up", async () => {
    const { mkdtempSync, writeFileSync, mkdirSync, rmSync } = await import("node:fs");
    const dir = mkdtempSync(join(ROOT, ".layer-check-"));
    try {
      for (const f of ["low", "high", "side"]) mkdirSync(join(dir, f));
      writeFileSync(join(dir, "low", "a.ts"), 'import type { B } from "../high/b.js";\nexport type A = B;\n');
      writeFileSync(join(dir, "high", "b.ts"), 'import type { A } from "../low/a.js";\nexport type B = string;\nexport type C = A;\n');
      writeFileSync(join(dir, "side", "c.ts"), 'export const c = () => import("../high/b.js");\n');
      const tree = relative(ROOT, dir);
      expect(folderCycles(tree)).toEqual([[`${tree}/high`, `${tree}/low`]]);
      const layers = [{ folders: ["low"], holds: "" }, { folders: ["high", "side"], holds: "" }];
      expect(upwardImports(tree, layers)).toEqual([`${tree}/low/a.ts → ${tree}/high/b.js (${tree}/low → ${tree}/high)`, `${tree}/side/c.ts → ${tree}/high/b.js (${tree}/side → ${tree}/high)`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
