/**
 * Issue 44, first load: what only a call needs is not in the first load of a client (bundled as
 * scripts/bench/bundle-size.ts does, from the sources): the request path (relay, guard, sender,
 * deadlines) and the bounded body readers load on creation, in chunks of their own (as the rules
 * do), and the pager's unwrap with the pager. Checked for every service the registry lists.
 */
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/bench/bundle-size.js";
import { pascalName, readServices } from "../../scripts/lib/services.js";

describe("a client's first load", () => {
  // errors.ts and redact.ts: the errors of a sent call and the deep copy of bodies (masked-error.ts and mask.ts stay);
  // credentials.ts and call-state.ts: sending credentials and bodies (credential-check.ts stays).
  const lazy = ["body-limit", "unwrap", "calls", "relay", "sender", "request-guard", "abort", "errors", "redact", "credentials", "call-state"].map((name) => `runtime/core/${name}.ts`);
  it.each(readServices().map((s) => [s.id]))("%s: no request path, bounded body readers or unwrap, yet all still bundled", { timeout: 60_000 }, async (id) => {
    const factory = `create${pascalName(id)}Client`;
    const size = await measure(`import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}({ baseUrl: "https://x.example" } as never);\n`, id, ["source"]);
    expect(size.firstLoadInputs).toContain("runtime/core/create-client.ts");
    expect(size.firstLoadInputs.filter((f) => lazy.includes(f))).toEqual([]);
    expect(size.totalBytes).toBeGreaterThan(size.bytes);
  });
});
