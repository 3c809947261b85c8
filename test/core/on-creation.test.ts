/**
 * What a client loads on creation (scripts/bench/bundle-size.ts, bundled from the sources): the
 * request path, openapi-fetch and its own service's rules, and nothing that only some answers or
 * calls need. The readers of an answer the relay does not read itself (limited-response.ts: an
 * error status, a blob, a caller's middleware) are bundled but load with the first such answer;
 * and what esbuild emits for code it shook off (another service's rules, a family helper's own)
 * is not counted as loaded. Checked for every service the registry lists.
 */
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/bench/bundle-size.js";
import { pascalName, readServices } from "../../scripts/lib/services.js";

describe("what a client loads on creation", () => {
  const later = ["limited-response", "errors", "redact", "router", "retry-loop", "redirect", "paginate", "unwrap"].map((name) => `runtime/core/${name}.ts`);
  it.each(readServices().map((s) => [s.id]))("%s: its own rules and the request path; not the limited readers, nor another's rules", { timeout: 60_000 }, async (id) => {
    const factory = `create${pascalName(id)}Client`;
    const size = await measure(`import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}();\n`, id, ["source"]);
    expect(size.onCreationInputs).toEqual(expect.arrayContaining([`generated/${id}/rules.ts`, "runtime/core/rules.ts", "runtime/core/calls.ts", "node_modules/openapi-fetch/dist/index.mjs"]));
    expect(size.allInputs).toEqual(expect.arrayContaining(later));
    expect(size.onCreationInputs.filter((f) => later.includes(f))).toEqual([]);
    // Only the core runtime, openapi-fetch, the consumer and this service's own generated modules.
    expect(size.onCreationInputs.filter((f) => !/^(runtime\/core\/|node_modules\/openapi-fetch\/|consumer\.ts$)/.test(f) && !f.startsWith(`generated/${id}/`))).toEqual([]);
  });
  it("a module importing ApiError beside a client (as a family runtime does) does not load the request path's errors first", { timeout: 60_000 }, async () => {
    // esbuild splits by file: were call-errors.ts re-exported by errors.ts, it would be reached from
    // this first load and from the request path, and land in a chunk the first load imports.
    const id = readServices()[0]!.id;
    const factory = `create${pascalName(id)}Client`;
    const entry = `import { ApiError } from "./runtime/core/errors.js";\nimport { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}();\nexport const made = new ApiError("op", 500, {});\n`;
    const size = await measure(entry, id, ["source"]);
    expect(size.firstLoadInputs).toContain("runtime/core/errors.ts");
    expect(size.onCreationInputs).toContain("runtime/core/call-errors.ts");
    expect(size.firstLoadInputs).not.toContain("runtime/core/call-errors.ts");
  });
});
