/**
 * The battery's checker (test/mock/battery.ts `judge`) addresses an answer to the operation the
 * request reached. fetch (MSW's form) upper-cases `get` before sending; judged by the wire bytes'
 * `get`, a documented answer was reported as "addresses no operation" (issue 43).
 */
import { describe, expect, it } from "vitest";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { hostileCases, judge } from "./battery.js";

describe("the battery's checker", () => {
  it("judges a lower-case method by the method actually sent", async () => {
    const id = servicesWithCatalogues[0]!.id;
    const lower = (await hostileCases(id)).find((c) => c.dimension === "method" && c.label === "get" && c.operation.startsWith("GET "))!;
    expect(lower, "a GET baseline with the `get` mutation").toBeDefined();
    // An undocumented status without X-Mock-Error: the message names whichever operation the request addressed.
    const answer = { status: 299, headers: new Map<string, string>(), body: Buffer.alloc(0), ms: 1 };
    expect(judge(id, lower, answer)).toMatch(/addresses no operation/);
    expect(judge(id, lower, answer, "GET")).toBe(`status 299 is not documented for ${lower.operation} and has no X-Mock-Error`);
  });
});
