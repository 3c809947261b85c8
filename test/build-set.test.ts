/**
 * The atomic, cached build of a set of documents on a tiny project in a scratch folder
 * (test/harness/tiny-project.ts); one document's build in memory is in build-pipeline.test.ts. Faster than
 * test/identity/build-atomic.e2e.test.ts (test:e2e), which runs the same build on a real document. The linters, the
 * bundler and the type generator alone are in build-lint.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { readManifest, writeManifest } from "../scripts/lib/build-cache.js";
import { runBuild } from "../scripts/lib/build-run.js";
import { buildService, serviceOutputs } from "../scripts/lib/build-service.js";
import { bundleForBuild } from "../scripts/lib/bundle.js";
import { generateClient, generateEntryPoint } from "../scripts/lib/generate-client.js";
import { generateHelperRules, generateRules } from "../scripts/lib/generate-rules.js";
import { generateEmulatorModule, generateServersModule } from "../scripts/lib/generate-emulator.js";
import { DocumentError } from "../scripts/lib/client-meta.js";
import { generateTypes } from "../scripts/lib/generate-types.js";
import { failingTypes, tiny, tinyB, root, layout, file, write, edit, lineOf, useTinyProject } from "./harness/tiny-project.js";

useTinyProject();

/** Every file under generated/ and dist/ with its modification time and content. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out[path.slice(root.length + 1)] = `${statSync(path).mtimeMs} ${readFileSync(path, "utf8").length}`;
    }
  };
  walk(layout.generatedDir);
  walk(layout.distDir);
  return out;
}

describe("the build of a set of documents", () => {
  const lines: string[] = [];
  const errors: string[] = [];
  const build = (options: { only?: string[]; noCache?: boolean } = {}) =>
    runBuild({ layout, ...options, log: (l) => lines.push(l), error: (l) => errors.push(l) });
  beforeEach(() => {
    lines.length = 0;
    errors.length = 0;
  });

  it("builds every document and the site once, then skips what is unchanged", async () => {
    const first = await build();
    expect(first).toEqual({ documents: 2, rebuilt: ["tiny", "tiny-b"], unchanged: [], failed: [], siteRebuilt: true });
    expect(lines).toEqual(["build: 2 document(s), 2 rebuilt, 0 unchanged, ok"]);
    expect(errors).toEqual([]);
    for (const id of ["tiny", "tiny-b"]) for (const out of serviceOutputs({ id, document: "", seed: "" }, layout)) expect(existsSync(out), out).toBe(true);
    expect(readFileSync(join(layout.generatedDir, "service-ids.ts"), "utf8")).toContain('export const SERVICE_IDS = ["tiny", "tiny-b"] as const;');
    expect(readdirSync(layout.siteDir).sort()).toEqual(expect.arrayContaining(["index.html", "tiny.html", "tiny-b.html", "assumptions.html"]));
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).toContain(">Tiny B</a>");
    expect(readdirSync(layout.distDir).filter((f) => f.startsWith(".staging-"))).toEqual([]);
    const manifest = readManifest(layout.cacheFile)!;
    expect(Object.keys(manifest.services)).toEqual(["tiny", "tiny-b"]);
    expect(manifest.services.tiny!.dependencies).toEqual(["openapi/shared/Thing.yaml", "openapi/shared/getThing.yaml", "openapi/tiny.yaml"]);
    expect(manifest.services.tiny!.key).toMatch(/^[0-9a-f]{64}$/);

    const before = snapshot();
    lines.length = 0;
    expect(await build()).toEqual({ documents: 2, rebuilt: [], unchanged: ["tiny", "tiny-b"], failed: [], siteRebuilt: false });
    expect(lines).toEqual(["build: 2 document(s), 0 rebuilt, 2 unchanged, ok"]);
    expect(snapshot()).toEqual(before);

    // Without the cache every document is rebuilt, and files whose content is the same keep their time.
    expect((await build({ noCache: true })).rebuilt).toEqual(["tiny", "tiny-b"]);
    expect(snapshot()).toEqual(before);

    // An edit of one document's file rebuilds that document only; a shared file rebuilds both.
    edit("tiny-b.yaml", "title: Tiny B", "title: Tiny Bee");
    expect(await build()).toMatchObject({ rebuilt: ["tiny-b"], unchanged: ["tiny"], siteRebuilt: true });
    expect(readFileSync(join(layout.bundleDir, "tiny-b.json"), "utf8")).toContain('"title": "Tiny Bee"');
    edit("shared/Thing.yaml", "maxLength: 10", "maxLength: 11");
    expect((await build()).rebuilt).toEqual(["tiny", "tiny-b"]);
    // A missing output is rebuilt.
    rmSync(join(layout.generatedDir, "tiny", "rules.ts"));
    expect((await build()).rebuilt).toEqual(["tiny"]);
    expect(existsSync(join(layout.generatedDir, "tiny", "rules.ts"))).toBe(true);
  }, 120_000);

  it("a failing document changes nothing on disk, is reported with its findings, and blocks the site", async () => {
    await build();
    const before = snapshot();
    const cache = readFileSync(layout.cacheFile, "utf8");
    edit("tiny.yaml", "security: []\n", "security: []\nx-client:\n  bind: [idd]\n");
    edit("tiny-b.yaml", "title: Tiny B", "title: Tiny Bee");
    lines.length = 0;
    const result = await build();
    expect(result).toMatchObject({ documents: 2, rebuilt: ["tiny-b"], unchanged: [], siteRebuilt: false });
    expect(result.failed).toEqual([{ id: "tiny", findings: [expect.objectContaining({ rule: "client-bind-parameter", pointer: "#/x-client/bind/0" })] }]);
    expect(lines).toEqual(["build: 2 document(s), 1 rebuilt, 0 unchanged, 1 FAILED (tiny)"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\ntiny: 1 finding\(s\), outputs left as they were\n {2}error client\/client-bind-parameter: tiny: x-client\.bind names "idd"/);
    const after = snapshot();
    for (const [path, stamp] of Object.entries(before)) {
      if (path.includes("tiny-b") || path === "dist/build-cache.json") continue;
      expect(after[path], path).toBe(stamp);
    }
    // The site was not rebuilt from the half-built set; tiny-b's entry is new, tiny's as it was.
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).not.toContain("Tiny Bee");
    const manifest = readManifest(layout.cacheFile)!;
    expect(manifest.services.tiny).toEqual(JSON.parse(cache).services.tiny);
    expect(manifest.services["tiny-b"]).not.toEqual(JSON.parse(cache).services["tiny-b"]);

    edit("tiny.yaml", "bind: [idd]", "bind: [id]");
    expect(await build()).toMatchObject({ rebuilt: ["tiny"], unchanged: ["tiny-b"], failed: [], siteRebuilt: true });
    expect(readFileSync(join(layout.siteDir, "index.html"), "utf8")).toContain("Tiny Bee");

    // A shared file that breaks both documents fails both, each named in the summary line.
    edit("shared/getThing.yaml", "summary: Get a thing.\n", "");
    lines.length = 0;
    expect((await build()).failed.map((f) => f.id)).toEqual(["tiny", "tiny-b"]);
    expect(lines).toEqual(["build: 2 document(s), 0 rebuilt, 0 unchanged, 2 FAILED (tiny, tiny-b)"]);
  }, 120_000);

  it("--only builds the named documents, keeps the others' cache entries, and leaves the id list and strays alone", async () => {
    mkdirSync(join(layout.generatedDir, "stray"), { recursive: true });
    writeFileSync(join(layout.generatedDir, "stray", "client.ts"), "");
    writeFileSync(join(layout.generatedDir, "loose.ts"), "");
    expect(await build({ only: ["tiny-b"] })).toEqual({ documents: 1, rebuilt: ["tiny-b"], unchanged: [], failed: [], siteRebuilt: true });
    expect(lines).toEqual(["build: 1 document(s), 1 rebuilt, 0 unchanged, ok"]);
    expect(existsSync(join(layout.generatedDir, "service-ids.ts"))).toBe(false);
    expect(existsSync(join(layout.generatedDir, "stray"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "tiny"))).toBe(false);
    expect(readdirSync(layout.siteDir)).not.toContain("tiny.html");
    expect(Object.keys(readManifest(layout.cacheFile)!.services)).toEqual(["tiny-b"]);

    await build({ only: ["tiny"] });
    expect(Object.keys(readManifest(layout.cacheFile)!.services).sort()).toEqual(["tiny", "tiny-b"]);
    expect(readdirSync(layout.siteDir)).toContain("tiny.html");

    // A full build removes generated folders of services the registry no longer lists, nothing else.
    await build();
    expect(existsSync(join(layout.generatedDir, "stray"))).toBe(false);
    expect(existsSync(join(layout.generatedDir, "loose.ts"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "tiny"))).toBe(true);
    expect(existsSync(join(layout.generatedDir, "service-ids.ts"))).toBe(true);
  }, 120_000);

  it("a change of the build's global inputs drops every cache entry; the same inputs keep them, and the site key", async () => {
    await build();
    const manifest = readManifest(layout.cacheFile)!;
    writeManifest({ ...manifest, site: "kept" }, layout.cacheFile);
    await build({ only: ["tiny"], noCache: true });
    expect(readManifest(layout.cacheFile)).toEqual({ ...manifest, site: "kept" });

    // The registry is one of the global inputs.
    write("services.json", JSON.stringify({ services: [tiny, tinyB], note: "changed" }));
    expect(await build({ only: ["tiny"] })).toMatchObject({ rebuilt: ["tiny"], unchanged: [] });
    const after = readManifest(layout.cacheFile)!;
    expect(after.global).not.toBe(manifest.global);
    expect(Object.keys(after.services)).toEqual(["tiny"]);
    expect(after).not.toHaveProperty("site");
    expect(await build()).toMatchObject({ rebuilt: ["tiny-b"], unchanged: ["tiny"] });
  }, 120_000);
});
