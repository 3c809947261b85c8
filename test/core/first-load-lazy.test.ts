/**
 * Issue 44, first load: what only an answer's body read or a failure needs is not in the first
 * load of a client (bundled as scripts/bench/bundle-size.ts does, from the sources): the bounded
 * body readers load on creation, in a chunk of their own (as the rules do), and the pager's
 * unwrap with the pager. Checked for every service the registry lists.
 */
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/bench/bundle-size.js";
import { pascalName, readServices } from "../../scripts/lib/services.js";

describe("a client's first load", () => {
  it.each(readServices().map((s) => [s.id]))("%s: no bounded body readers, no unwrap, yet both still bundled", { timeout: 60_000 }, async (id) => {
    const factory = `create${pascalName(id)}Client`;
    const size = await measure(`import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}({ baseUrl: "https://x.example" } as never);\n`, id, ["source"]);
    expect(size.firstLoadInputs).toContain("runtime/core/create-client.ts");
    expect(size.firstLoadInputs.filter((f) => f === "runtime/core/body-limit.ts" || f === "runtime/core/unwrap.ts")).toEqual([]);
    expect(size.totalBytes).toBeGreaterThan(size.bytes);
  });
});
