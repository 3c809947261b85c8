/**
 * The README's browser example built by the two commands the README gives, esbuild's and Vite's,
 * in a fresh project that installed the packed package and exactly the README's install line for
 * the example (MSW and both bundlers, pinned; no Ajv): both builds succeed, each service's
 * emulator (its document and validators) is a chunk of its own, apart from the entry and from
 * every other service's, and the page's first load stays small. Each built page is then served
 * on loopback and run in Chromium: the emulator in the page answers the example's requests with
 * their documented successes, and a caller's own document, which needs Ajv at run time, fails
 * with the one-sentence install line rather than a bundler's error. Screenshots of the pages go
 * to dist/screenshots/.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { installLine } from "../../runtime/package/optional-peers.js";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, launchChromium, openWatched, requireBrowser } from "../harness/browser.js";
import { browserExample, browserInstall, bundleCommand, esbuildPage } from "./readme-blocks.js";
import { exec, installProject, packPackage, type Result } from "./workspace.js";

/**
 * Raw minified bytes. The first load is MSW's browser API (about 270,000 bytes of it MSW and its
 * cookie store's public-suffix list), the client, the emulator's router and engine: measured
 * 2026-11-29 from a fresh install of the README's line at 504,287 bytes (191,595 gzipped) with
 * Vite 8.3.8 and 372,368 (130,573) with esbuild 0.28.2. Which of those bytes the entry file holds
 * and which its static chunks is the bundler's choice (the entry was 45,990 bytes with esbuild on
 * 2026-11-27 and is 281,061 now, MSW having moved into it), so only the first load is bounded.
 * Each service's document and validators wait for the first request to it; the README's esbuild
 * command without --splitting makes one file of about 2 MB, every service's document in it.
 */
const FIRST_LOAD_MAX_BYTES = 550_000;
const ONE_FILE_MIN_BYTES = 1_500_000;
const SERVICES = readServices().map((s) => s.id);
/** The module of one service's emulator in the installed package: its document and validators. */
const emulatorModule = (id: string) => `node_modules/cloud-interfaces/dist/lib/generated/${id}/emulator.js`;

let work: string;
let app: string;
let install: Result;
const built: Record<string, Result> = {};

/**
 * Runs a README command (`npx <tool> ...`) with the tool's own bin from the project, plus `extra`
 * flags for the test to read; `map` rewrites the README's arguments.
 */
async function runReadme(tool: "esbuild" | "vite", extra: string[], map: (arg: string) => string = (a) => a): Promise<Result> {
  const [npx, name, ...readme] = bundleCommand(tool);
  if (npx !== "npx" || name !== tool) throw new Error(`README.md: the ${tool} command must be "npx ${tool} ...", not ${npx} ${name}`);
  const args = readme.map(map);
  const manifest = JSON.parse(readFileSync(join(app, "node_modules", tool, "package.json"), "utf8")) as { bin: string | Record<string, string> };
  const bin = join(app, "node_modules", tool, typeof manifest.bin === "string" ? manifest.bin : manifest.bin[tool]!);
  // esbuild's bin is its native executable once installed, Vite's a Node script.
  const script = readFileSync(bin).subarray(0, 2).toString() === "#!";
  return script ? exec(process.execPath, [bin, ...args, ...extra], app) : exec(bin, [...args, ...extra], app);
}

/** A page of the test's own beside the README's: an emulator given a document of its own, which needs Ajv, in a project without it. */
const OWN_DOCUMENT_PAGE = `import { mswEmulator } from "cloud-interfaces/msw";
const kms = mswEmulator("kms-v2");
await kms.emulator.ready;
const own = mswEmulator("kms-v2", { document: { ...(kms.emulator.document as object) } });
document.body.textContent = await own.emulator.ready.then(() => "loaded", (e) => e.message);
`;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-bundlers-pack-"));
  // The README's sequence: the package, then the example's own line, and nothing else.
  app = await installProject(await packPackage(work));
  install = await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...browserInstall()], app);
  if (install.code !== 0) throw new Error(`npm install ${browserInstall().join(" ")} failed:\n${install.stderr}`);
  writeFileSync(join(app, "app.ts"), browserExample());
  writeFileSync(join(app, "own.ts"), OWN_DOCUMENT_PAGE);
  mkdirSync(join(app, "public"));
  // The README's step before either bundler: MSW's worker script into public/.
  await exec(process.execPath, [join(app, "node_modules", "msw", "cli", "index.js"), "init", "public", "--no-save"], app);
  writeFileSync(join(app, "index.html"), `<!doctype html><meta charset="utf-8"><title>example</title><body>loading</body><script type="module" src="/app.ts"></script>\n`);
  writeFileSync(join(app, "own.html"), `<!doctype html><meta charset="utf-8"><title>own document</title><body>loading</body><script type="module" src="/own.ts"></script>\n`);
  // Vite first: it copies public/ into dist/, which should hold its own build and MSW's worker only.
  built.vite = await runReadme("vite", ["--manifest", "--logLevel", "warn"]);
  writeFileSync(join(app, "vite.own.config.mjs"), `export default { build: { outDir: "dist-own", rollupOptions: { input: "own.html" } } };\n`);
  const own = await runReadme("vite", ["--config", "vite.own.config.mjs", "--logLevel", "warn"]);
  if (own.code !== 0) throw new Error(`vite build of own.html failed:\n${own.stdout}${own.stderr}`);
  built.esbuild = await runReadme("esbuild", ["--metafile=esbuild-meta.json"]);
  const ownEsbuild = await runReadme("esbuild", [], (a) => (a === "app.ts" ? "own.ts" : a.startsWith("--outdir=") ? "--outdir=public-own" : a));
  if (ownEsbuild.code !== 0) throw new Error(`esbuild of own.ts failed:\n${ownEsbuild.stderr}`);
  // The README's page for esbuild's output.
  writeFileSync(join(app, "public", "index.html"), esbuildPage());
  writeFileSync(join(app, "public-own", "own.html"), esbuildPage().replace("/app.js", "/own.js"));
}, 300_000);

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

describe("the project the README's lines make", () => {
  it("installed the example's line without a peer conflict, and has no Ajv", () => {
    expect(browserInstall()).toEqual(expect.arrayContaining([expect.stringMatching(/^msw@\d/), expect.stringMatching(/^esbuild@\d/), expect.stringMatching(/^vite@\d/)]));
    expect(install.stderr).not.toMatch(/ERESOLVE|conflicting peer/);
    for (const name of ["ajv", "ajv-formats"]) expect(existsSync(join(app, "node_modules", name)), name).toBe(false);
  });
});

/** Where each bundler's page is: the output folder and the page in it. */
const OUTPUT = { esbuild: { example: ["public", "index.html"], own: ["public-own", "own.html"] }, vite: { example: ["dist", "index.html"], own: ["dist-own", "own.html"] } } as const;
const SHOTS = join(DIST_DIR, "screenshots");
const KMS_HOST = "https://us-south.kms.example.com";
const inBrowser = chromiumAvailable || requireBrowser ? it : it.skip;

/** Serves `folder` of the project on loopback (a service worker needs a secure origin: localhost) and opens `page` in Chromium until its body no longer reads "loading"; a screenshot to dist/screenshots/`shot`. */
async function openPage(browser: Browser, [folder, file]: readonly [string, string], shot?: string) {
  // Browsers ask every origin for /favicon.ico; the example has none, and its 404 would be a console error.
  if (!existsSync(join(app, folder, "favicon.ico"))) writeFileSync(join(app, folder, "favicon.ico"), "");
  const server = await serveStatic(join(app, folder));
  try {
    const { context, page, watch } = await openWatched(browser, server.url);
    /** Every answer to the document's host: method, status, and who answered. */
    const answers: string[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(KMS_HOST)) answers.push(`${r.request().method()} ${r.url().slice(KMS_HOST.length)} ${r.status()} ${r.fromServiceWorker() ? "from the worker" : "from the network"}`);
    });
    await page.setViewportSize({ width: 640, height: 120 });
    await page.goto(`${server.url}/${file}`);
    await page.waitForFunction(() => document.body.textContent?.trim() !== "loading", undefined, { timeout: 30_000 });
    if (shot) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, shot) });
    }
    const body = await page.textContent("body");
    const problems = await watch.settled();
    await context.close();
    return { body, answers, problems, byWorker: watch.byWorker };
  } finally {
    await server.close();
  }
}

describe.each([
  ["esbuild", esbuildSplit],
  ["vite", viteSplit],
] as const)("the README's browser example built with %s", { timeout: 60_000 }, (tool, split) => {
  let browser: Browser | undefined;
  afterAll(() => browser?.close());

  it("builds without an error", () => {
    expect(built[tool]!.code, built[tool]!.stdout + built[tool]!.stderr).toBe(0);
  });

  inBrowser("runs in Chromium from loopback: the emulator in the page answers the create 201 and the list 200, and the page shows them", async () => {
    browser ??= await launchChromium();
    const page = await openPage(browser, OUTPUT[tool].example, `readme-browser-example-${tool}.png`);
    expect(page.body).toBe("POST 201, GET 200: k");
    expect(page.answers).toEqual(["POST /api/v2/keys 201 from the worker", "GET /api/v2/keys 200 from the worker"]);
    expect(page.byWorker).toEqual([`POST ${KMS_HOST}/api/v2/keys`, `GET ${KMS_HOST}/api/v2/keys`]);
    expect(page.problems).toEqual([]);
  });

  inBrowser("in a page without Ajv, an emulator given a document of its own fails with the install line, not the bundler's error", async () => {
    browser ??= await launchChromium();
    const page = await openPage(browser, OUTPUT[tool].own);
    expect(page.body).toContain(installLine("ajv"));
    expect(page.body).toMatch(/^The verifier .* needs Ajv, an optional peer dependency: /);
    expect(page.problems).toEqual([]);
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

  it(`loads at most ${FIRST_LOAD_MAX_BYTES} bytes before the first request, a small part of the whole`, () => {
    const { entry, firstLoad, serviceChunk } = split();
    expect(firstLoad).toContain(entry);
    const bytes = (files: string[]) => files.reduce((n, f) => n + statSync(join(app, f)).size, 0);
    const gzipped = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(join(app, f))).length, 0);
    const first = bytes(firstLoad);
    const services = bytes(SERVICES.flatMap((id) => serviceChunk[id]!));
    console.log(`${tool}: first load ${first} bytes (${gzipped(firstLoad)} gzipped) in ${firstLoad.length} file(s), its entry ${entry} ${statSync(join(app, entry)).size}; the six services' chunks ${services} bytes (${gzipped(SERVICES.flatMap((id) => serviceChunk[id]!))} gzipped)`);
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
