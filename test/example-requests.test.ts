/**
 * Each operation's documented example call (runtime/openapi/example-requests.ts, in wire form by scripts/lib/example-requests.ts), sent as bytes the
 * way the load benchmark sends it: the mock must take it as a valid request (a documented
 * success, no violation), or the benchmark would be measuring refusals.
 */
import { describe, expect, it } from "vitest";
import { wireRequests } from "../scripts/lib/example-requests.js";
import { extractMeta } from "../scripts/lib/client-meta.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";
import { mockUrl } from "./harness/mocks.js";

describe.each(readServices().map((s) => s.id))("%s example requests", (id) => {
  it("cover every operation and are each answered as valid by the mock", async () => {
    const doc = bundledDocument(id);
    const meta = extractMeta(id, doc);
    const requests = wireRequests(doc, meta);
    expect(requests.map((r) => r.operation).sort()).toEqual(Object.keys(meta.operations).sort());
    for (const r of requests) {
      const res = await fetch(`${mockUrl(id)}${r.target}`, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}), redirect: "manual" });
      await res.arrayBuffer();
      expect(res.status, `${r.operation}: ${res.headers.get("sl-violations")}`).toBeLessThan(400);
      expect(JSON.parse(res.headers.get("sl-violations") ?? "[]"), r.operation).toEqual([]);
    }
  });
});
