import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, inject, it } from "vitest";
import { expectedExports } from "../scripts/lib/package-exports.js";
import { ROOT } from "../scripts/lib/paths.js";
import { expectedRedoclyApis } from "../scripts/lib/redocly-apis.js";
import { serviceOutputs } from "../scripts/lib/service-outputs.js";
import { documentPath, readServices, selectServices } from "../scripts/lib/services.js";

describe("service registry (openapi/services.json)", () => {
  const services = readServices();

  // What the registry drives, both ways: a document, a generated folder, a case catalogue or a
  // mock that the registry does not list fails here, as does an entry with none of them.
  it("lists every root document in openapi/, and only those", () => {
    const roots = readdirSync(join(ROOT, "openapi")).filter((f) => f.endsWith(".yaml"));
    expect(services.map((s) => s.document).sort()).toEqual(roots.sort());
    expect(new Set(services.map((s) => s.id)).size).toBe(services.length);
  });

  it("drives generated/: one folder per service holding every file the build writes for it, and no other folder", () => {
    const folders = readdirSync(join(ROOT, "generated"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(services.map((s) => s.id).sort());
    for (const s of services) for (const file of serviceOutputs(s).filter((f) => f.startsWith(join(ROOT, "generated")))) expect(existsSync(file), file).toBe(true);
  });

  it("drives the replayed case catalogues and the mocks this run started: one each per service", () => {
    const catalogues = readdirSync(join(ROOT, "test", "cases")).filter((f) => f.endsWith(".ts")).map((f) => f.replace(/\.ts$/, ""));
    expect(catalogues.sort()).toEqual(services.map((s) => s.id).sort());
    expect(Object.keys(inject("mockUrls")).sort()).toEqual(services.map((s) => s.id).sort());
  });

  // The interface documents (../shared/seeds) are the writers' source, not part of a clone, so only the name is checked.
  it.each(services.map((s) => [s.id, s] as const))("%s has its document and names its interface document", (_id, s) => {
    expect(existsSync(documentPath(s)), `openapi/${s.document}`).toBe(true);
    expect(s.seed).toMatch(/^\d{3}_[0-9a-f]{16}\.txt$/);
  });

  it("agrees with redocly.yaml", () => {
    const config = parse(readFileSync(join(ROOT, "redocly.yaml"), "utf8"));
    expect(config.apis, "run npm run sync-exports").toEqual(expectedRedoclyApis(services));
  });

  it("gives every service its package entry point, and package.json exports nothing else", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.exports, "run npm run sync-exports").toEqual(expectedExports(services));
    for (const s of services) {
      expect(existsSync(join(ROOT, "generated", s.id, "index.ts")), s.id).toBe(true);
      if (s.family) expect(existsSync(join(ROOT, "runtime", s.family, "index.ts")), `runtime/${s.family}`).toBe(true);
    }
  });

  it("rejects an unknown service id with a clear error", () => {
    expect(() => selectServices(["nope"])).toThrow(/Unknown service id\(s\): nope/);
  });
});
