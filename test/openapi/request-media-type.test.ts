/**
 * Issue 37: a body sent without Content-Type is read by one rule the document states
 * (`x-untyped-body` on the Request Body Object; runtime/openapi/request-media-type.ts), not by a
 * guess in each server. The rule itself, the documents' use of it, and the mock reading by it.
 */
import { describe, expect, it } from "vitest";
import { requestBodyMediaType, UNTYPED_BODY, untypedBodyMediaType } from "../../runtime/openapi/request-media-type.js";
import { listOperations } from "../../runtime/core/router.js";
import { deref } from "../../runtime/core/pointer.js";
import { readServices } from "../../scripts/lib/services.js";
import { bundledDocument } from "../harness/documents.js";

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

  it("is stated by some document (each family's real-client tests say where: the KMS Go client's create, the metrics Node client's save)", () => {
    expect(uses.length).toBeGreaterThan(0);
  });
});
