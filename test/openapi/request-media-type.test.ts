/**
 * Issue 37: a body sent without Content-Type is read by one rule the document states
 * (`x-untyped-body` on the Request Body Object; runtime/openapi/request-media-type.ts), not by a
 * guess in each server. The rule itself, the documents' use of it, and the mock reading by it.
 */
import { describe, expect, it } from "vitest";
import { requestBodyMediaType, UNTYPED_BODY, untypedBodyMediaType } from "../../runtime/openapi/request-media-type.js";
import { listOperations } from "../../runtime/openapi/router.js";
import { deref } from "../../runtime/openapi/pointer.js";
import { readServices } from "../../scripts/lib/services.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";

const declared = { content: { "application/json": {}, "application/vnd.svc.kms.key+json": {} }, [UNTYPED_BODY]: "Application/JSON" };

describe("requestBodyMediaType", () => {
  it("a sent Content-Type decides, by its essence, declared or not", () => {
    expect(requestBodyMediaType("application/vnd.svc.kms.key+json; charset=utf-8", 10, declared)).toBe("application/vnd.svc.kms.key+json");
    expect(requestBodyMediaType("text/plain", 10, declared)).toBe("text/plain");
    expect(requestBodyMediaType("", 10, declared)).toBe("");
  });

  it("a body without Content-Type is read as the document's x-untyped-body, and as nothing without one", () => {
    expect(requestBodyMediaType(null, 10, declared)).toBe("application/json");
    expect(requestBodyMediaType(undefined, 10, declared)).toBe("application/json");
    expect(requestBodyMediaType(null, 10, { content: { "application/json": {} } })).toBe("");
    expect(requestBodyMediaType(null, 10, undefined)).toBe("");
    expect(requestBodyMediaType(null, 10, { [UNTYPED_BODY]: 7 })).toBe("");
  });

  it("no body has no media type", () => {
    expect(requestBodyMediaType(null, 0, declared)).toBe("");
  });
});

describe("the documents' x-untyped-body", () => {
  const uses: string[] = [];
  for (const service of readServices()) {
    const doc = bundledDocument(service.id);
    for (const { method, path, operation } of listOperations(doc)) {
      const body = deref(doc, operation.requestBody);
      const untyped = untypedBodyMediaType(body);
      if (untyped === undefined) continue;
      uses.push(`${service.id} ${method.toUpperCase()} ${path}`);
      it(`${service.id} ${method.toUpperCase()} ${path}: names one of the body's declared media types`, () => {
        expect(Object.keys(body.content).map((k) => k.toLowerCase())).toContain(untyped);
      });
    }
  }

  it("is stated where real clients send untyped bodies (the KMS Go client's create, the metrics Node client's save)", () => {
    expect(uses).toEqual(expect.arrayContaining(["kms-v2 POST /api/v2/keys", "metrics-v1 POST /v1/metrics"]));
  });
});

describe("the mock reads by the rule", () => {
  const KEY_TYPE = "application/vnd.svc.kms.key+json";
  const headers = { accept: "application/json", authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" };
  const body = () => new TextEncoder().encode(JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "k", extractable: true }] }));

  it("an untyped create body is read as JSON where the document says so", async () => {
    const response = await fetch(`${mockUrl("kms-v2")}/api/v2/keys`, { method: "POST", headers, body: body() });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
  });

  it("an untyped body where the document states no x-untyped-body is refused (the mock read any untyped body as JSON before)", async () => {
    const instance = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
    const response = await fetch(`${mockUrl("notifications-v1")}/v1/instances/${instance}/sources`, {
      method: "POST",
      headers: { authorization: headers.authorization },
      body: new TextEncoder().encode(JSON.stringify({ name: "CI", description: "Build events" })),
    });
    expect([400, 415]).toContain(response.status);
  });
});
