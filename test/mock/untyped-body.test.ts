/**
 * Issue 37: the mock reads a body sent without Content-Type by the document's x-untyped-body (as
 * the KMS Go client sends its create). On the synthetic document
 * (test/emulator/fixtures/resource-document.ts) with the annotation on its create: the rule is the
 * mock's, the same for every document that states it.
 */
import { describe, expect, it } from "vitest";
import { BASE, mockOf, resourceDocument } from "../emulator/fixtures/resource-document.js";

describe("the mock reads by the rule", () => {
  const body = () => new TextEncoder().encode(JSON.stringify({ name: "untyped" }));
  const untyped = () => {
    const doc = resourceDocument();
    doc.paths["/things"].post.requestBody["x-untyped-body"] = "application/json";
    return doc;
  };

  it("an untyped create body is read as JSON where the document says so", async () => {
    const mock = await mockOf(untyped());
    const response = await mock(new Request(`${BASE}/things`, { method: "POST", headers: { accept: "application/json" }, body: body() }));
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
  });

  it("without the annotation the same body is refused", async () => {
    const mock = await mockOf(resourceDocument());
    const response = await mock(new Request(`${BASE}/things`, { method: "POST", headers: { accept: "application/json" }, body: body() }));
    expect(response.status).not.toBe(201);
  });
});
