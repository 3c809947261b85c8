/** Issue 37: the mock reads a body sent without Content-Type by the document's x-untyped-body (the KMS Go client's create). */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";

describe("the mock reads by the rule", () => {
  const KEY_TYPE = "application/vnd.svc.kms.key+json";
  const headers = { accept: "application/json", authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" };
  const body = () => new TextEncoder().encode(JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "k", extractable: true }] }));

  it("an untyped create body is read as JSON where the document says so", async () => {
    const response = await fetch(`${mockUrl("kms-v2")}/api/v2/keys`, { method: "POST", headers, body: body() });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
  });
});
