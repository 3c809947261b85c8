/**
 * The README's browser example built by the two commands the README gives, esbuild's and Vite's,
 * in a project with the packed package installed: each service's emulator (its document and
 * validators) is a chunk of its own, apart from the entry and from every other service's, and
 * the page's first load (the entry and the chunks it imports statically) stays small.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { browserExample, bundleCommand } from "./readme-blocks.js";
import { exec, installProject, linkDevTools, packPackage, type Result } from "./workspace.js";

/**
 * Raw minified bytes. The first load is MSW's browser API, the client, the emulator's router
 * and engine: measured 2026-11-27 at 470,588 bytes with Vite 8.3.8 (its entry 71,482) and
 * 333,957 with esbuild 0.28.2 (its entry 45,990). Each service's document and validators
 * wait for the first request to it; the README's esbuild command without --splitting makes one
 * file of 1,979,434 bytes, every service's document in it.
 */
const ENTRY_MAX_BYTES = 100_000;
const FIRST_LOAD_MAX_BYTES = 550_000;
const ONE_FILE_MIN_BYTES = 1_500_000;
const SERVICES = readServices().map((s) => s.id);
/** The module of one service's emulator in the installed package: its document and validators. */
const emulatorModule = (id: string) => `node_modules/cloud-interfaces/dist/lib/generated/${id}/emulator.js`;

let work: string;
let app: string;
const built: Record<string, Result> = {};

/** Runs a README command (`npx <tool> ...`) with the tool's own bin from the project, plus `extra` flags for the test to read. */
async function runReadme(tool: "esbuild" | "vite", extra: string[]): Promise<Result> {
  const [npx, name, ...args] = bundleCommand(tool);
  if (npx !== "npx" || name !== tool) throw new Error(`README.md: the ${tool} command must be "npx ${tool} ...", not ${npx} ${name}`);
  const manifest = JSON.parse(readFileSync(join(app, "node_modules", tool, "package.json"), "utf8")) as { bin: string | Record<string, string> };
  const bin = join(app, "node_modules", tool, typeof manifest.bin === "string" ? manifest.bin : manifest.bin[tool]!);
  // esbuild's bin is its native executable once installed, Vite's a Node script.
  const script = readFileSync(bin).subarray(0, 2).toString() === "#!";
  return script ? exec(process.execPath, [bin, ...args, ...extra], app) : exec(bin, [...args, ...extra], app);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-bundlers-pack-"));
  app = await installProject(await packPackage(work));
  linkDevTools(app, ["esbuild", "vite", "msw", "ajv", "ajv-formats", "typescript"]);
  writeFileSync(join(app, "app.ts"), browserExample());
  mkdirSync(join(app, "public"));
  // The README's step before either bundler: MSW's worker script into public/.
  await exec(process.execPath, [join(app, "node_modules", "msw", "cli", "index.js"), "init", "public", "--no-save"], app);
  writeFileSync(join(app, "index.html"), `<!doctype html><meta charset="utf-8"><title>example</title><body>loading</body><script type="module" src="/app.ts"></script>\n`);
  built.esbuild = await runReadme("esbuild", ["--metafile=esbuild-meta.json"]);
  built.vite = await runReadme("vite", ["--manifest", "--logLevel", "warn"]);
}, 300_000);

afterAll(() => {
  for (const dir of [work, app]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What a build made of the example: the first load's files, and the file holding each service's emulator. */
interface Split {
  entry: string;
  /** The entry and every chunk it imports statically, transitively. */
  firstLoad: string[];
  serviceChunk: Record<string, string[]>;
  /** Every output file with the emulator modules it holds. */
  holds: Record<string, string[]>;
}

function esbuildSplit(): Split {
  const meta = JSON.parse(readFileSync(join(app, "esbuild-meta.json"), "utf8")) as { outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }> };
  const entry = Object.keys(meta.outputs).find((file) => meta.outputs[file]!.entryPoint === "app.ts")!;
  const firstLoad = new Set<string>();
  const visit = (file: string) => {
    if (firstLoad.has(file)) return;
    firstLoad.add(file);
    for (const i of meta.outputs[file]!.imports) if (i.kind === "import-statement") visit(i.path);
  };
  visit(entry);
  const holds = Object.fromEntries(Object.entries(meta.outputs).map(([file, out]) => [file, SERVICES.filter((id) => emulatorModule(id) in out.inputs)]));
  const serviceChunk = Object.fromEntries(SERVICES.map((id) => [id, Object.keys(holds).filter((file) => holds[file]!.includes(id))]));
  return { entry, firstLoad: [...firstLoad], serviceChunk, holds };
}

function viteSplit(): Split {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(readFileSync(join(app, "dist", ".vite", "manifest.json"), "utf8")) as Record<string, Chunk>;
  const entry = Object.values(manifest).find((c) => c.isEntry)!;
  const firstLoad = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (firstLoad.has(`dist/${chunk.file}`)) return;
    firstLoad.add(`dist/${chunk.file}`);
    for (const key of chunk.imports ?? []) visit(manifest[key]!);
  };
  visit(entry);
  const serviceChunk = Object.fromEntries(SERVICES.map((id) => [id, manifest[emulatorModule(id)] ? [`dist/${manifest[emulatorModule(id)]!.file}`] : []]));
  const holds: Record<string, string[]> = {};
  for (const [id, files] of Object.entries(serviceChunk)) for (const file of files) (holds[file] ??= []).push(id);
  return { entry: `dist/${entry.file}`, firstLoad: [...firstLoad], serviceChunk, holds };
}

describe.each([
  ["esbuild", esbuildSplit],
  ["vite", viteSplit],
] as const)("the README's browser example built with %s", { timeout: 60_000 }, (tool, split) => {
  it("builds without an error", () => {
    expect(built[tool]!.code, built[tool]!.stdout + built[tool]!.stderr).toBe(0);
  });

  it("keeps each service's emulator in a chunk of its own, outside the first load", () => {
    const { firstLoad, serviceChunk, holds } = split();
    for (const id of SERVICES) {
      expect(serviceChunk[id], id).toHaveLength(1);
      const [file] = serviceChunk[id]!;
      expect(holds[file!], `${file} holds ${id} only`).toEqual([id]);
      expect(firstLoad, id).not.toContain(file);
    }
    expect(new Set(SERVICES.map((id) => serviceChunk[id]![0])).size).toBe(SERVICES.length);
  });

  it(`has an entry of at most ${ENTRY_MAX_BYTES} bytes and loads at most ${FIRST_LOAD_MAX_BYTES} before the first request, a small part of the whole`, () => {
    const { entry, firstLoad, serviceChunk } = split();
    expect(statSync(join(app, entry)).size).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    const bytes = (files: string[]) => files.reduce((n, f) => n + statSync(join(app, f)).size, 0);
    const first = bytes(firstLoad);
    const services = bytes(SERVICES.flatMap((id) => serviceChunk[id]!));
      console.log(`${tool}: first load ${first} bytes in ${firstLoad.length} file(s) (${firstLoad.map((f) => `${f} ${statSync(join(app, f)).size}`).join(", ")}); the six services' chunks ${services} bytes`);
    expect(first).toBeLessThanOrEqual(FIRST_LOAD_MAX_BYTES);
    expect(services).toBeGreaterThan(2 * first);
  });
});

describe("the README's esbuild command without --splitting", { timeout: 60_000 }, () => {
  it(`makes one file of over ${ONE_FILE_MIN_BYTES} bytes (what the README warns of)`, async () => {
    const args = bundleCommand("esbuild").slice(2).filter((a) => a !== "--splitting").map((a) => (a.startsWith("--outdir=") ? "--outdir=one-file" : a));
    const bin = join(app, "node_modules", "esbuild", JSON.parse(readFileSync(join(app, "node_modules", "esbuild", "package.json"), "utf8")).bin.esbuild);
    const result = await exec(bin, args, app);
    expect(result.code, result.stderr).toBe(0);
    expect(statSync(join(app, "one-file", "app.js")).size).toBeGreaterThan(ONE_FILE_MIN_BYTES);
  });
});
