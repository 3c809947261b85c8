/** The build cache skips only what is truly unchanged: any edit to a document, a fragment it uses, or a shared build input means a rebuild. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { globalKey, isFresh, serviceKey, type CacheManifest } from "../scripts/lib/build-cache.js";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "build-cache-"));
  write("openapi/doc.yaml", "openapi: 3.1.0\n");
  write("openapi/shared/fragment.yaml", "type: string\n");
  write("openapi/other.yaml", "openapi: 3.1.0\n");
  write(".spectral.yaml", "extends: [spectral:oas]\n");
  write("scripts/lib/step.ts", "export {};\n");
  write("out/client.ts", "// generated\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function manifest(): CacheManifest {
  const dependencies = ["openapi/doc.yaml", "openapi/shared/fragment.yaml"];
  return { global: globalKey(root), services: { doc: { key: serviceKey(dependencies, root), dependencies } } };
}
const fresh = (m: CacheManifest) => isFresh(m, "doc", globalKey(root), [join(root, "out/client.ts")], root);

describe("build cache", () => {
  it("skips a document whose inputs are unchanged", () => {
    expect(fresh(manifest())).toBe(true);
  });

  it("rebuilds when the document changes", () => {
    const m = manifest();
    write("openapi/doc.yaml", "openapi: 3.1.0\ninfo: {}\n");
    expect(fresh(m)).toBe(false);
  });

  it("rebuilds when a shared fragment it references changes", () => {
    const m = manifest();
    write("openapi/shared/fragment.yaml", "type: integer\n");
    expect(fresh(m)).toBe(false);
  });

  it("rebuilds everything when a shared build input (lint rules, generator code) changes", () => {
    const m = manifest();
    write(".spectral.yaml", "extends: [spectral:oas]\nrules: {}\n");
    expect(fresh(m)).toBe(false);
    const m2 = manifest();
    write("scripts/lib/step.ts", "export const changed = 1;\n");
    expect(fresh(m2)).toBe(false);
  });

  it("rebuilds when an output is missing or the document was never built cleanly", () => {
    const m = manifest();
    rmSync(join(root, "out/client.ts"));
    expect(fresh(m)).toBe(false);
    expect(isFresh({ global: globalKey(root), services: {} }, "doc", globalKey(root), [], root)).toBe(false);
    expect(isFresh(undefined, "doc", globalKey(root), [], root)).toBe(false);
  });

  it("ignores edits to documents it does not depend on", () => {
    const m = manifest();
    write("openapi/other.yaml", "openapi: 3.1.0\ninfo: {}\n");
    expect(fresh(m)).toBe(true);
  });
});
