/**
 * Issue 44, first load: what only a call needs is not in the first load of a client (bundled as
 * scripts/bench/bundle-size.ts does, from the sources): the request path (relay, guard, sender,
 * deadlines, and openapi-fetch itself) and the bounded body readers load on creation, in chunks of
 * their own (as the rules do), and the pager's unwrap with the pager; what stays is at most 6 KB
 * (6,144 bytes) min+gz. Checked for every service the registry lists.
 */
import { describe, expect, it } from "vitest";
import { measure } from "../../scripts/bench/bundle-size.js";
import { pascalName, readServices } from "../../scripts/lib/services.js";

describe("a client's first load", () => {
  // errors.ts and redact.ts: the errors of a sent call and the deep copy of bodies (masked-error.ts and mask.ts stay);
  // credentials.ts and call-state.ts: sending credentials and bodies (credential-check.ts stays).
  const lazy = ["body-limit", "limited-response", "unwrap", "calls", "relay", "sender", "request-guard", "abort", "errors", "call-errors", "redact", "call-context", "credentials", "call-state"].map((name) => `runtime/core/${name}.ts`);
  lazy.push("node_modules/openapi-fetch/dist/index.mjs");
  /** Issue 44: a client's first load, min+gz, as the bench measures it. */
  const FIRST_LOAD_MAX = 6 * 1024;
  it.each(readServices().map((s) => [s.id]))("%s: no request path, openapi-fetch, bounded body readers or unwrap, yet all still bundled; ≤ 6 KB min+gz", { timeout: 60_000 }, async (id) => {
    const factory = `create${pascalName(id)}Client`;
    const size = await measure(`import { ${factory} } from "cloud-interfaces/${id}";\nexport const client = ${factory}({ baseUrl: "https://x.example" } as never);\n`, id, ["source"]);
    expect(size.firstLoadInputs).toContain("runtime/core/create-client.ts");
    expect(size.firstLoadInputs.filter((f) => lazy.includes(f))).toEqual([]);
    expect(size.totalBytes).toBeGreaterThan(size.bytes);
    expect(size.gzip).toBeLessThanOrEqual(FIRST_LOAD_MAX);
  });
});
