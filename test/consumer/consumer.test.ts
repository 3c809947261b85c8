/**
 * The package as users get it: packed, installed from the tarball into a fresh project outside
 * the repository, and used the three ways the README promises (clients, mocks in tests, docs).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { relativeLinks } from "./markdown-links.js";
import { bin, copyFixtures, exec, installProject, linkDevTools, packPackage, startUntil, type Result } from "./workspace.js";

const PACKAGE = "cloud-interfaces";
let work: string;
let tarball: string;
let app: string;
let withoutPrism: Result;
let withoutAjv: Result;
let withoutMsw: Result;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "ci-pack-"));
  tarball = await packPackage(work);
  app = await installProject(tarball);
  // Before any dev tool is linked: the project has the package and its runtime dependencies only.
  withoutPrism = await exec(process.execPath, ["-e", `import("${PACKAGE}/mock").then((m) => m.startMock("kms-v2")).catch((e) => { console.log(e.message); process.exit(3); })`], app);
  // The bundled documents' emulator needs no Ajv (its validators carry their helpers); a document of your own does.
  const list = `new Request(m.placeholderBaseUrl("kms-v2") + "/api/v2/keys", { headers: { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" } })`;
  withoutAjv = await exec(process.execPath, ["-e", `import("${PACKAGE}/emulator").then(async (m) => { const kms = m.createEmulator("kms-v2"); console.log((await kms.handle(${list})).status); m.createEmulator("kms-v2", { document: structuredClone(kms.document) }); }).catch((e) => { console.log(e.message); process.exit(3); })`], app);
  linkDevTools(app, ["typescript", "vitest", "esbuild", "@types/node", "@stoplight/prism-http", "@stoplight/prism-core", "ajv", "ajv-formats"]);
  // With ajv (linked above) but without MSW.
  withoutMsw = await exec(process.execPath, ["-e", `import("${PACKAGE}/msw").catch((e) => { console.log(e.message); process.exit(3); })`], app);
  copyFixtures(app);
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  if (app) rmSync(app, { recursive: true, force: true });
});

// Each step runs a whole tool (npm, tsc, vitest, attw) in a fresh process: minutes, not the default 20 s, on a loaded 2-core machine.
describe("installed from the tarball", { timeout: 120_000 }, () => {
  it("ships no tests or build scripts, and carries LICENSE, CHANGELOG and the bundled documents", async () => {
    const listed = await exec("tar", ["-tzf", tarball], work);
    const files = listed.stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
    expect(files.filter((f) => /^(test|scripts)\//.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "package.json", "dist/site/index.html"]));
    for (const { id } of readServices()) {
      expect(files).toEqual(expect.arrayContaining([`dist/openapi/${id}.json`, `dist/openapi/${id}.yaml`, `dist/lib/generated/${id}/index.js`, `dist/lib/generated/${id}/index.d.ts`, `dist/lib/generated/${id}/index.d.ts.map`]));
    }
  });

  it("carries every file its Markdown links to: the README links the contributor guide only from its two repository commands, and no path outside the repository", async () => {
    const files = new Set((await exec("tar", ["-tzf", tarball], work)).stdout.split("\n").filter(Boolean).map((f) => f.replace(/^package\//, "")));
    const readme = readFileSync(join(app, "node_modules", PACKAGE, "README.md"), "utf8");
    // Issue 46: the README says near its top how to work on a clone (two commands) and links the
    // contributor guide there; that guide is the repository's, not the package's.
    const working = /^## Working on this repository\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
    expect(working).toContain("npm install");
    expect(working).toContain("npm test");
    expect(relativeLinks(working)).toEqual(["CONTRIBUTING.md"]);
    expect(relativeLinks(readme.replace(working, "")).filter((l) => l === "CONTRIBUTING.md")).toEqual([]);
    expect(files.has("CONTRIBUTING.md")).toBe(false);
    expect(readme.match(/(^|[\s`("'])\.\.\//gm) ?? []).toEqual([]);
    const markdown = [...files].filter((f) => f.endsWith(".md"));
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "runtime/mock/README.md", "runtime/emulator/ASSUMPTIONS.md"]));
    const broken: string[] = [];
    let links = 0;
    for (const file of markdown) {
      // The README's link to the contributor guide, checked above, is the repository's.
      for (const link of relativeLinks(readFileSync(join(app, "node_modules", PACKAGE, file), "utf8")).filter((l) => !(file === "README.md" && l === "CONTRIBUTING.md"))) {
        links++;
        const target = posix.normalize(posix.join(posix.dirname(file), link)).replace(/\/$/, "");
        if (target.startsWith("../") || !(files.has(target) || [...files].some((f) => f.startsWith(`${target}/`)))) broken.push(`${file} → ${link}`);
      }
    }
    expect(broken).toEqual([]);
    expect(links).toBeGreaterThanOrEqual(2);
  });

  it("gives each service's factory to a plain Node import", async () => {
    for (const { id } of readServices()) {
      const result = await exec(process.execPath, ["-e", `import("${PACKAGE}/${id}").then((m) => console.log(JSON.stringify(Object.keys(m))))`], app);
      expect(result.stderr, id).toBe("");
      const factory = `create${id.split("-").map((p) => p[0]!.toUpperCase() + p.slice(1)).join("")}Client`;
      expect(JSON.parse(result.stdout), id).toContain(factory);
    }
  });

  it("serves the bundled documents as JSON and YAML subpaths", async () => {
    const result = await exec(process.execPath, ["-e", `import("${PACKAGE}/openapi/kms-v2.json", { with: { type: "json" } }).then((m) => console.log(m.default.openapi))`], app);
    expect(result.stdout.trim()).toBe("3.1.0");
    const yaml = await exec(process.execPath, ["-e", `console.log(require.resolve("${PACKAGE}/openapi/widget.yaml"))`], app);
    expect(readFileSync(yaml.stdout.trim(), "utf8")).toMatch(/^openapi: 3\.1\.0/m);
  });

  it("without Prism installed, startMock fails with one sentence naming what to install", () => {
    expect(withoutPrism.code).toBe(3);
    expect(withoutPrism.stdout.trim()).toMatch(/^startMock needs Prism, an optional peer dependency: npm install --save-dev @stoplight\/prism-http@5\.12\.0 @stoplight\/prism-core@5\.8\.0$/);
  });

  it("without ajv, the emulator answers; given a document of its own it fails with one sentence naming Ajv's install line; without MSW, Node names msw", () => {
    expect(withoutAjv.code).toBe(3);
    expect(withoutAjv.stdout.trim().split("\n")).toEqual(["200", "The verifier (cloud-interfaces/verify) and an emulator given a document of your own (the document option) needs Ajv, an optional peer dependency: npm install --save-dev ajv@8.20.0 ajv-formats@3.0.1"]);
    expect(withoutMsw.code).toBe(3);
    expect(withoutMsw.stdout.trim()).toMatch(/^Cannot find package 'msw' imported from /);
  });

  it("runs a plain JavaScript app that creates a key and sends a notification against the mocks", async () => {
    const result = await exec(process.execPath, ["js-app/app.mjs"], app);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ keyType: "application/vnd.svc.kms.key+json", keys: 1, notificationStatus: expect.any(Number) });
    expect(JSON.parse(result.stdout).notificationStatus).toBeLessThan(300);
  });

  it("runs the mock under node:test", async () => {
    // TAP explicitly: from Node 23 the default reporter is spec, also when not on a terminal.
    const result = await exec(process.execPath, ["--test", "--test-reporter=tap", "js-app/mock.node-test.mjs"], app);
    expect(result.stdout, result.stderr).toMatch(/# pass 1\n# fail 0/);
  });

  it("runs a vitest suite that asserts a documented KMS error case", async () => {
    const result = await exec(process.execPath, [join(app, "node_modules", "vitest", "vitest.mjs"), "run", "--root", join(app, "vitest-app")], app);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/1 passed/);
  });

  it("type-checks a use of every service under the strictest compiler options, and rejects wrong calls", async () => {
    const result = await exec(process.execPath, [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", "ts-app/tsconfig.json"], app);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
    // The @ts-expect-error lines are proven to be errors: without the directives tsc must fail on each.
    const source = readFileSync(join(app, "ts-app", "app.ts"), "utf8");
    const expected = source.split("\n").filter((l) => l.includes("@ts-expect-error")).length;
    const stripped = join(app, "ts-app", "app.ts");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(stripped, source.replaceAll("// @ts-expect-error", "// expected error"));
    const unguarded = await exec(process.execPath, [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", "ts-app/tsconfig.json"], app);
    writeFileSync(stripped, source);
    expect(expected).toBeGreaterThanOrEqual(5);
    expect(unguarded.stdout.match(/error TS/g)?.length).toBe(expected);
  });

  it("bundles one client for the browser without the mock, Node built-ins or another service", async () => {
    const { build } = await import("esbuild");
    const out = await build({
      entryPoints: [join(app, "browser", "entry.js")],
      absWorkingDir: app,
      bundle: true,
      platform: "browser",
      format: "esm",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs.filter((f) => f.includes("/runtime/mock/") || f.includes("/runtime/cli/") || f.includes("@stoplight"))).toEqual([]);
    expect(inputs.filter((f) => f.startsWith("node:"))).toEqual([]);
    const others = readServices().filter((s) => s.id !== "kms-v2").map((s) => `/generated/${s.id}/`);
    expect(inputs.filter((f) => others.some((o) => f.includes(o)))).toEqual([]);
    expect(inputs.some((f) => f.includes("/generated/kms-v2/"))).toBe(true);
  });

  it("passes publint and arethetypeswrong on the tarball", async () => {
    const lint = await exec(bin("publint"), ["run", join(app, "node_modules", PACKAGE), "--strict"], app);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    // A YAML file is no module to a type checker, so attw cannot resolve those subpaths by design;
    // they are still proven above (require.resolve and the content).
    const yaml = readServices().map((s) => `./openapi/${s.id}.yaml`);
    const types = await exec(bin("attw"), [tarball, "--profile", "esm-only", "--format", "ascii", "--exclude-entrypoints", ...yaml], app);
    expect(types.code, types.stdout + types.stderr).toBe(0);
  });

  it("starts a mock from the CLI that answers on the printed URL", async () => {
    const { child, match } = await startUntil(join(app, "node_modules", ".bin", PACKAGE), ["mock", "kms-v2", "--port", "0"], app, /listening on (http:\/\/\S+)/);
    try {
      const response = await fetch(`${match[1]}/api/v2/keys`);
      expect(response.status).toBe(401);
    } finally {
      child.kill();
    }
  });

  it("prints its version and help, and serves the stateful emulator with mock --stateful", async () => {
    const cli = join(app, "node_modules", ".bin", PACKAGE);
    const version = await exec(cli, ["--version"], app);
    expect(version).toEqual({ code: 0, stdout: `${JSON.parse(readFileSync(join(app, "node_modules", PACKAGE, "package.json"), "utf8")).version}\n`, stderr: "" });
    expect((await exec(cli, ["--help"], app)).stdout).toContain("--stateful");
    const { child, match } = await startUntil(cli, ["mock", "kms-v2", "--stateful", "--port", "0"], app, /listening on (http:\/\/\S+)/);
    try {
      const KEY = "application/vnd.svc.kms.key+json";
      const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
      const body = JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "from-the-bin" }] });
      expect((await fetch(`${match[1]}/api/v2/keys`, { method: "POST", headers: { ...headers, "content-type": KEY }, body })).status).toBe(201);
      const listed = (await (await fetch(`${match[1]}/api/v2/keys`, { headers })).json()) as { resources: { name: string }[] };
      expect(listed.resources.map((k) => k.name)).toContain("from-the-bin");
    } finally {
      child.kill();
    }
  });

  it("serves the reference site from the installed package", async () => {
    const { child, match } = await startUntil(join(app, "node_modules", ".bin", PACKAGE), ["docs", "--port", "0"], app, /reference site on (http:\/\/\S+?)\/? /);
    try {
      const index = await fetch(`${match[1]}/index.html`);
      expect(index.status).toBe(200);
      expect(await index.text()).toMatch(/kms-v2/);
      expect((await fetch(`${match[1]}/%E0%A4%A`)).status).toBe(400);
      expect(index.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
    } finally {
      child.kill();
    }
  });

  it("writes the reference site into a folder for a static host (docs --out)", async () => {
    const out = mkdtempSync(join(tmpdir(), "ci-docs-out-"));
    try {
      const result = await exec(join(app, "node_modules", ".bin", PACKAGE), ["docs", "--out", join(out, "docs")], app);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/reference site written to .*docs \(\d+ files\)/);
      for (const file of ["index.html", "kms-v2.html", "assumptions.html", "mockServiceWorker.js", "_headers", "assets/reference.js", "assets/tryit/loader.js", "openapi/kms-v2.json"]) {
        expect(readFileSync(join(out, "docs", file)).length, file).toBeGreaterThan(0);
      }
      expect(readFileSync(join(out, "docs", "_headers"), "utf8")).toContain("Content-Security-Policy: frame-ancestors 'none'");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
