/**
 * Issue 24, bundle weight: what createKmsClient's first call does not need stays off a browser
 * app's first load. The filter parser and the rule tables load on creation, in chunks of their
 * own (runtime/kms/rules.ts, imported dynamically), bundled as scripts/bench/bundle-size.ts does.
 */
import { describe, expect, it } from "vitest";
import { HELPER_ENTRIES, helperEntry, measure } from "../../scripts/bench/bundle-size.js";

const kms = HELPER_ENTRIES.find((h) => h.name === "createKmsClient")!;

describe("createKmsClient's first load", () => {
  it("holds the client but neither the grammar parsers, the rule tables and their checker, the pager nor the retry loop", { timeout: 30_000 }, async () => {
    const size = await measure(helperEntry(kms), kms.service, ["source"]);
    expect(size.firstLoadInputs).toEqual(expect.arrayContaining(["runtime/kms/client.ts", "runtime/core/create-client.ts"]));
    // Also what the generated client loads on first use (the pager, the retry loop), which the helper's entry re-exports from.
    const lazy = ["runtime/kms/filter.ts", "runtime/kms/search.ts", "runtime/kms/rules.ts", "generated/kms-v2/rules.ts", "runtime/core/rules.ts", "runtime/core/paginate.ts", "runtime/core/retry-loop.ts"];
    expect(size.firstLoadInputs.filter((f) => lazy.includes(f))).toEqual([]);
    // They are still in the bundle, in the chunks loaded on creation.
    expect(size.totalBytes).toBeGreaterThan(size.bytes);
    expect(size.pullsOthers).toEqual([]);
    // Issue 24's target for the helper's first load, min+gz (openapi-fetch loads with the request path, issue 44).
    expect(size.gzip).toBeLessThanOrEqual(8 * 1024);
  });
});
