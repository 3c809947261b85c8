/**
 * What `require()` of an entry point meets: Node 22.12+, 24 and 26 load an ES module from
 * CommonJS unless its static import graph holds a top-level `await` (then
 * ERR_REQUIRE_ASYNC_MODULE). This walks each package.json entry point's source graph (static
 * imports and re-exports; an `import()` is loaded later and asynchronously, so it is not
 * followed) and fails on any top-level await. It also holds the emulators and MSW to needing no
 * Ajv: no file they ever load, statically or by `import()`, imports `ajv` or `ajv-formats`, but
 * ajv-validators.ts, which compiles a caller's own document at run time. The packed package is
 * required for real in test/consumer/commonjs.test.ts. Last, the README's install table: the
 * optional peers its rows name for each entry point are exactly the ones the entry point's
 * graph, with its import()s, can load.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../scripts/lib/paths.js";
import { OPTIONAL_PEERS, installLine, type OptionalPeer } from "../runtime/package/optional-peers.js";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, string | { source?: string }> };
const ENTRIES = Object.entries(pkg.exports).flatMap(([name, target]) => (typeof target === "object" && target.source ? [[name, target.source] as const] : []));

interface FileFacts {
  imports: string[];
  dynamicImports: string[];
  topLevelAwaits: number[];
}
/** The one module that may load Ajv: it compiles validators for a document the build did not see. */
const RUN_TIME_AJV = "runtime/emulator/ajv-validators.ts";
const facts = new Map<string, FileFacts>();

/** The lines of `await` (and `for await`) outside any function: what makes a module asynchronous. */
function topLevelAwaits(source: ts.SourceFile): number[] {
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return lines;
}

/** Specifiers of the static imports and re-exports that survive compilation (type-only ones do not). */
function staticImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) out.push((node.moduleSpecifier as ts.StringLiteral).text);
  }
  return out;
}

/** Specifiers of every `import("literal")`: loaded later, but loaded. */
function dynamicImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) out.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function read(file: string): FileFacts {
  let found = facts.get(file);
  if (!found) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
    facts.set(file, (found = { imports: staticImports(source), dynamicImports: dynamicImports(source), topLevelAwaits: topLevelAwaits(source) }));
  }
  return found;
}

/** Every file an entry point reaches (statically, or also through import()), and the packages they import. */
function graph(entry: string, { dynamic = false, skip = "" } = {}): { files: string[]; packages: Map<string, string[]> } {
  const seen = new Set<string>();
  const packages = new Map<string, string[]>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || relative(ROOT, file) === skip) continue;
    seen.add(file);
    const { imports, dynamicImports } = read(file);
    for (const spec of dynamic ? [...imports, ...dynamicImports] : imports) {
      if (spec.startsWith(".")) queue.push(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
      else packages.set(spec, [...(packages.get(spec) ?? []), relative(ROOT, file)]);
    }
  }
  return { files: [...seen], packages };
}

describe("entry points load with require()", () => {
  it("package.json exports name the entry points walked here", () => {
    expect(ENTRIES.map(([name]) => name)).toEqual(expect.arrayContaining(["./core", "./emulator", "./msw", "./verify", "./mock"]));
  });

  it.each(ENTRIES)("%s (%s): no top-level await in its static import graph", (_name, entry) => {
    const awaits = graph(entry).files.flatMap((file) => read(file).topLevelAwaits.map((line) => `${relative(ROOT, file)}:${line}`));
    expect(awaits).toEqual([]);
  });

  it.each(["./emulator", "./msw"])("%s: no file it loads for the bundled documents imports ajv or ajv-formats", (name) => {
    const entry = ENTRIES.find(([n]) => n === name)![1];
    const { files, packages } = graph(entry, { dynamic: true, skip: RUN_TIME_AJV });
    expect(files.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(["runtime/emulator/validator-runtime.ts"]));
    const ajv = [...packages].filter(([spec]) => /^ajv(-formats)?(\/|$)/.test(spec));
    expect(ajv).toEqual([]);
  });

  it("the walk sees a top-level await and an import of ajv where there is one (the check can fail)", () => {
    const source = ts.createSourceFile("x.ts", 'import Ajv from "ajv";\nimport type { A } from "ajv-formats";\nconst a = await f();\nasync function g() { await h(); }\nfor await (const x of y) {}\nconst l = () => import("ajv/dist/2020.js");\n', ts.ScriptTarget.Latest, true);
    expect(topLevelAwaits(source)).toEqual([3, 5]);
    expect(staticImports(source)).toEqual(["ajv"]);
    expect(dynamicImports(source)).toEqual(["ajv/dist/2020.js"]);
  });
});

/** The optional peer a bare import specifier belongs to (`ajv/dist/2020.js` is Ajv's), if any. */
function peerOf(spec: string): OptionalPeer | undefined {
  const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
  return (Object.keys(OPTIONAL_PEERS) as OptionalPeer[]).find((peer) => OPTIONAL_PEERS[peer].packages.some((p) => p.slice(0, p.lastIndexOf("@")) === name));
}

/** The README's install table: for each entry point its rows name (`cloud-interfaces/<x>` is `./<x>`), the optional peers whose install lines those rows give. */
function tableNeeds(readme: string): Map<string, Set<OptionalPeer>> {
  const table = /^\| what you use \| entry point \| install \|\n\|[-|]+\|\n((?:\|.*\|\n?)+)/m.exec(readme);
  if (!table) throw new Error("README.md: the install table (| what you use | entry point | install |) is missing");
  const needs = new Map<string, Set<OptionalPeer>>();
  for (const row of table[1]!.trim().split("\n")) {
    const cells = row.slice(1, -1).split("|");
    if (cells.length !== 3) throw new Error(`README.md: an install table row has ${cells.length} cells, not 3: ${row}`);
    const peers = (Object.keys(OPTIONAL_PEERS) as OptionalPeer[]).filter((peer) => cells[2]!.includes(installLine(peer)));
    for (const [, name] of cells[1]!.matchAll(/`cloud-interfaces\/([\w-]+)`/g)) {
      const set = needs.get(`./${name}`) ?? new Set();
      for (const peer of peers) set.add(peer);
      needs.set(`./${name}`, set);
    }
  }
  return needs;
}

describe("the README's install table", () => {
  const needs = tableNeeds(readFileSync(join(ROOT, "README.md"), "utf8"));

  it("names every entry point, and no other", () => {
    expect([...needs.keys()].sort()).toEqual(ENTRIES.map(([name]) => name).sort());
  });

  it.each(ENTRIES)("%s (%s): its rows give the install line of exactly the optional peers it can load", (name, entry) => {
    const reached = new Set([...graph(entry, { dynamic: true }).packages.keys()].flatMap((spec) => peerOf(spec) ?? []));
    expect([...(needs.get(name) ?? [])].sort()).toEqual([...reached].sort());
  });

  it("reads a table as written (the check can fail)", () => {
    const table = ["| what you use | entry point | install |", "|---|---|---|", `| mocks | \`cloud-interfaces/mock\` | \`${installLine("prism")}\` |`, `| MSW | \`cloud-interfaces/msw\`, \`cloud-interfaces/mock\` | \`${installLine("msw")}\` (no Ajv) |`, "| docs | the command | nothing more |", ""].join("\n");
    expect(Object.fromEntries([...tableNeeds(table)].map(([k, v]) => [k, [...v].sort()]))).toEqual({ "./mock": ["msw", "prism"], "./msw": ["msw"] });
    expect(peerOf("ajv/dist/2020.js")).toBe("ajv");
    expect(peerOf("@stoplight/prism-http")).toBe("prism");
    expect(peerOf("msw/browser")).toBe("msw");
    expect(peerOf("openapi-fetch")).toBeUndefined();
  });
});
