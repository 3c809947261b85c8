/** The small pieces of the build, fast: source locations, finding format and de-duplication, the cache file, the registry, the layout, generator errors. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashFiles, readManifest, toRelative, writeManifest } from "../scripts/lib/build-cache.js";
import { DocumentError, extractMeta } from "../scripts/lib/client-meta.js";
import { dedupeFindings, formatFindings, type Finding } from "../scripts/lib/findings.js";
import { BUNDLE_DIR, DIST_DIR, GENERATED_DIR, layoutFor, OPENAPI_DIR, ROOT, SITE_DIR } from "../scripts/lib/paths.js";
import { documentPath, pascalName, readServices, selectServices } from "../scripts/lib/services.js";
import { splitPointer } from "../runtime/core/pointer.js";
import { locate } from "../scripts/lib/source-location.js";

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
  return join(dir, file);
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "build-steps-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("source locations", () => {
  it("finds the line of a key, a list item, and stops at the deepest node that exists", () => {
    const file = write("doc.yaml", "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      parameters:\n        - name: x\n        - name: y\n");
    expect(locate(file, ["paths", "/a", "get"])).toEqual({ file, pointer: "#/paths/~1a/get", line: 4 });
    expect(locate(file, ["paths", "/a", "get", "parameters", "1"])).toEqual({ file, pointer: "#/paths/~1a/get/parameters/1", line: 7 });
    expect(locate(file, ["paths", "/a", "post", "summary"])).toEqual({ file, pointer: "#/paths/~1a", line: 3 });
    expect(locate(file, ["paths", "/a", "get", "parameters", "7"])).toEqual({ file, pointer: "#/paths/~1a/get/parameters", line: 5 });
    expect(locate(file, ["paths", "/a", "get", "parameters", "x"])).toEqual({ file, pointer: "#/paths/~1a/get/parameters", line: 5 });
    expect(locate(file, [])).toEqual({ file, pointer: "#", line: 1 });
    // Redocly reports the root as "#/" (strictly the key ""): it still lands on the root.
    expect(locate(file, splitPointer("#/"))).toEqual({ file, pointer: "#", line: 1 });
  });

  it("follows an external $ref into the fragment, with the fragment's own pointer", () => {
    const root = write("api/doc.yaml", "openapi: 3.1.0\ncomponents:\n  schemas:\n    Key:\n      $ref: ./shared/Key.yaml\n    Other:\n      $ref: ./shared/Many.yaml#/defs/Other\n    Local:\n      $ref: '#/components/schemas/Key'\n");
    const key = write("api/shared/Key.yaml", "type: object\nproperties:\n  id:\n    type: string\n");
    const many = write("api/shared/Many.yaml", "defs:\n  Other:\n    type: object\n    required: [a]\n");
    expect(locate(root, ["components", "schemas", "Key", "properties", "id", "type"])).toEqual({ file: key, pointer: "#/properties/id/type", line: 4 });
    expect(locate(root, ["components", "schemas", "Other", "required"])).toEqual({ file: many, pointer: "#/defs/Other/required", line: 4 });
    // A local $ref is not followed: the pointer stops at the node carrying it.
    expect(locate(root, ["components", "schemas", "Local", "type"])).toEqual({ file: root, pointer: "#/components/schemas/Local", line: 8 });
  });

  it("stops at the $ref when the fragment is missing, and reads a changed file again", () => {
    const root = write("doc.yaml", "a:\n  $ref: ./missing.yaml\n");
    expect(locate(root, ["a", "b"])).toEqual({ file: root, pointer: "#/a", line: 1 });
    write("doc.yaml", "x: 1\na:\n  b: 2\n");
    expect(locate(root, ["a", "b"])).toEqual({ file: root, pointer: "#/a/b", line: 3 });
    expect(locate(join(dir, "nope.yaml"), ["a"])).toEqual({ file: join(dir, "nope.yaml"), pointer: "#", line: 1 });
  });
});

const finding = (over: Partial<Finding>): Finding => ({
  tool: "redocly",
  severity: "error",
  rule: "r",
  message: "m",
  file: join(ROOT, "openapi/a.yaml"),
  pointer: "#/paths",
  line: 3,
  ...over,
});

describe("findings", () => {
  it("print rule, message, file:line and pointer (and the bundle pointer when it differs)", () => {
    expect(formatFindings([finding({})])).toBe("  error redocly/r: m\n        at openapi/a.yaml:3 #/paths");
    expect(formatFindings([finding({ severity: "warn", tool: "spectral", reported: "#/paths/x" })])).toBe("  warn  spectral/r: m\n        at openapi/a.yaml:3 #/paths (bundle #/paths/x)");
    expect(formatFindings([finding({ reported: "#/paths" })])).toBe("  error redocly/r: m\n        at openapi/a.yaml:3 #/paths");
    expect(formatFindings([finding({}), finding({ rule: "s" })]).split("\n")).toHaveLength(4);
  });

  it("the same rule (or message) at the same place is reported once, keeping the more precise pointer", () => {
    const a = finding({ pointer: "#/paths/~1a/post" });
    const b = finding({ tool: "spectral", pointer: "#/paths/~1a/post/operationId" });
    expect(dedupeFindings([a, b])).toEqual([b]);
    expect(dedupeFindings([b, a])).toEqual([b]);
    expect(dedupeFindings([a, finding({ rule: "other", message: "m", pointer: "#/paths/~1a/post" })])).toEqual([a]);
  });

  it("keeps different rules, different files and unrelated places", () => {
    const a = finding({ pointer: "#/paths/~1a/post" });
    expect(dedupeFindings([a, finding({ rule: "x", message: "n", pointer: "#/paths/~1a/post" })])).toHaveLength(2);
    expect(dedupeFindings([a, finding({ file: "/other.yaml" })])).toHaveLength(2);
    expect(dedupeFindings([a, finding({ pointer: "#/paths/~1a/postx" })])).toHaveLength(2);
    expect(dedupeFindings([finding({ pointer: "#/" }), finding({ pointer: "#/a" })])).toHaveLength(1);
  });
});

describe("build cache file", () => {
  it("is written whole, read back, and left untouched when unchanged", async () => {
    const file = join(dir, "sub", "cache.json");
    expect(readManifest(file)).toBeUndefined();
    const manifest = { global: "g", services: { a: { key: "k", dependencies: ["x"] } }, site: "s" };
    writeManifest(manifest, file);
    expect(readManifest(file)).toEqual(manifest);
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify(manifest, null, 2));
    const before = statSync(file).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    writeManifest(structuredClone(manifest), file);
    expect(statSync(file).mtimeMs).toBe(before);
    writeManifest({ ...manifest, site: "t" }, file);
    expect(readManifest(file)?.site).toBe("t");
    expect(readdir(join(dir, "sub"))).toEqual(["cache.json"]);
  });

  it("hashes names and contents, a missing file differently from an empty one", () => {
    write("a", "1");
    write("e", "");
    const h = (files: string[]) => hashFiles(files, dir);
    expect(h(["a"])).toMatch(/^[0-9a-f]{64}$/);
    expect(h(["a", "e"])).toBe(h(["e", "a"]));
    expect(h(["e"])).not.toBe(h(["missing"]));
    expect(h(["a"])).not.toBe(h(["e"]));
    expect(toRelative(["file://" + join(dir, "x.yaml"), join(dir, "y")], dir)).toEqual(["x.yaml", "y"]);
  });
});

const readdir = (d: string) => readdirSync(d);

describe("registry and layout", () => {
  it("layoutFor moves every folder under another root, keeping the layout", () => {
    expect(layoutFor()).toEqual({
      root: ROOT,
      openapiDir: OPENAPI_DIR,
      generatedDir: GENERATED_DIR,
      distDir: DIST_DIR,
      bundleDir: BUNDLE_DIR,
      siteDir: SITE_DIR,
      cacheFile: join(DIST_DIR, "build-cache.json"),
    });
    const moved = layoutFor("/x");
    expect(moved.bundleDir).toBe(join("/x", BUNDLE_DIR.slice(ROOT.length)));
    expect(moved.cacheFile).toBe(join(moved.distDir, "build-cache.json"));
  });

  it("selects services from a registry, refusing unknown ids and missing documents", () => {
    const openapi = join(dir, "openapi");
    write("openapi/services.json", JSON.stringify({ services: [{ id: "a", document: "a.yaml", seed: "" }, { id: "b", document: "b.yaml", seed: "" }] }));
    write("openapi/a.yaml", "openapi: 3.1.0\n");
    expect(readServices(openapi).map((s) => s.id)).toEqual(["a", "b"]);
    expect(documentPath({ id: "a", document: "a.yaml", seed: "" }, openapi)).toBe(join(openapi, "a.yaml"));
    expect(selectServices(["a"], openapi).map((s) => s.id)).toEqual(["a"]);
    expect(() => selectServices(["c"], openapi)).toThrow("Unknown service id(s): c. Known: a, b");
    expect(() => selectServices([], openapi)).toThrow("Missing OpenAPI document(s): openapi/b.yaml (service b).");
    expect(pascalName("billing-v2")).toBe("BillingV2");
    expect(pascalName("a_b--c")).toBe("ABC");
  });
});

describe("generator errors carry a pointer and a rule", () => {
  const base = { openapi: "3.1.0", paths: { "/a/{id}": { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }], get: { responses: {} } } } };

  it("x-client.bind naming no parameter", () => {
    const error = (() => {
      try {
        extractMeta("svc", { ...base, "x-client": { bind: ["id", "nope"] } });
      } catch (e) {
        return e;
      }
    })() as DocumentError;
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ name: "DocumentError", pointer: "#/x-client/bind/1", rule: "client-bind-parameter", message: 'svc: x-client.bind names "nope", which is no path or header parameter' });
    expect(extractMeta("svc", { ...base, "x-client": { bind: ["id"] } }).bind).toEqual([{ name: "id", in: "path" }]);
  });

  it("an unsupported security scheme", () => {
    expect(() => extractMeta("svc", { ...base, components: { securitySchemes: { "q/k": { type: "apiKey", in: "query", name: "k" } } } })).toThrow(
      expect.objectContaining({ pointer: "#/components/securitySchemes/q~1k", rule: "client-supported-security-scheme" }),
    );
  });
});
