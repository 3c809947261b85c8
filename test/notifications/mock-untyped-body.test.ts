/** Issue 37: a body sent without Content-Type where the document states no x-untyped-body is refused by the mock. */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";

describe("the mock reads by the rule", () => {
  it("an untyped body where the document states no x-untyped-body is refused (the mock read any untyped body as JSON before)", async () => {
    const instance = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
    const response = await fetch(`${mockUrl("notifications-v1")}/v1/instances/${instance}/sources`, {
      method: "POST",
      headers: { authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln" },
      body: new TextEncoder().encode(JSON.stringify({ name: "CI", description: "Build events" })),
    });
    expect([400, 415]).toContain(response.status);
  });
});
