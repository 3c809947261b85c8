/**
 * Issue 24: the client generator carries each query parameter's style and explode as the
 * document says, and fails the build, at the parameter's JSON pointer, on a serialization the
 * runtime does not implement, instead of reducing it to another style.
 */
import { describe, expect, it } from "vitest";
import { DocumentError, extractMeta } from "../scripts/lib/client-meta.js";
import { generateClient } from "../scripts/lib/generate-client.js";

const service = { id: "svc", document: "svc.yaml", seed: "" };
const docWith = (parameter: object) => ({
  openapi: "3.1.0",
  paths: { "/a/{id}": { get: { operationId: "a", parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, parameter], responses: {} } } },
  components: { parameters: { Shared: { name: "s", in: "query", style: "matrix", schema: { type: "array" } } }, schemas: { L: { type: "array", items: { type: "integer" } } } },
});
const AT = "#/paths/~1a~1{id}/get/parameters/1";

function refusal(parameter: object): DocumentError {
  try {
    extractMeta("svc", docWith(parameter));
  } catch (e) {
    return e as DocumentError;
  }
  throw new Error("the document was accepted");
}

describe("query parameter serialization the client cannot carry fails the build", () => {
  it.each([
    [{ name: "q", in: "query", style: "matrix", schema: { type: "array" } }, `${AT}/style`, 'svc: query parameter q (#/paths/~1a~1{id}/get/parameters/1) has style "matrix"; the client serializes query styles form, deepObject, spaceDelimited, pipeDelimited'],
    [{ name: "q", in: "query", style: "label", schema: { type: "string" } }, `${AT}/style`, 'has style "label"'],
    [{ name: "q", in: "query", style: "spaceDelimited", explode: true, schema: { type: "array" } }, `${AT}/explode`, "has style spaceDelimited with explode: true, which OpenAPI 3.1 does not define"],
    [{ name: "q", in: "query", style: "pipeDelimited", explode: true, schema: { type: "array" } }, `${AT}/explode`, "has style pipeDelimited with explode: true"],
    [{ name: "q", in: "query", style: "deepObject", schema: { type: "string" } }, `${AT}/style`, "has style deepObject, which carries an object, but its schema is a single value"],
    [{ name: "q", in: "query", style: "deepObject", explode: true, schema: { type: "array" } }, `${AT}/style`, "but its schema is an array"],
    [{ name: "q", in: "query", style: "pipeDelimited", schema: { type: ["integer", "null"] } }, `${AT}/style`, "has style pipeDelimited, which carries an array or an object, but its schema is a single value"],
    [{ name: "q", in: "query", allowReserved: true, schema: { type: "string" } }, `${AT}/allowReserved`, "has allowReserved: true; the client percent-encodes every query value"],
    [{ name: "q", in: "query", content: { "application/json": { schema: { type: "object" } } } }, `${AT}/content`, "is described by content, not schema"],
    [{ $ref: "#/components/parameters/Shared" }, "#/components/parameters/Shared/style", 'query parameter s (#/components/parameters/Shared) has style "matrix"'],
  ])("%o", (parameter, pointer, message) => {
    const error = refusal(parameter);
    expect(error).toBeInstanceOf(DocumentError);
    expect(error).toMatchObject({ pointer, rule: "client-query-style", message: expect.stringContaining(message) });
    // The build's client step is where this surfaces (build-service.ts turns it into a finding at the pointer).
    expect(() => generateClient(service, docWith(parameter))).toThrow(error.message);
  });

  it("what it can carry is kept as the document says, per operation", () => {
    const meta = (parameter: object) => extractMeta("svc", docWith(parameter)).operations["GET /a/{id}"]!.query;
    expect(meta({ name: "q", in: "query", style: "deepObject", explode: true, schema: { type: "object" } })).toEqual({ q: { style: "deepObject", explode: true, shape: "object" } });
    expect(meta({ name: "q", in: "query", style: "pipeDelimited", schema: { $ref: "#/components/schemas/L" } })).toEqual({ q: { style: "pipeDelimited", explode: false, shape: "array" } });
    expect(meta({ name: "q", in: "query", schema: { type: ["string", "null"] } })).toEqual({ q: { style: "form", explode: true, shape: "scalar" } });
    expect(meta({ name: "q", in: "query", explode: false, schema: { type: ["string", "array"] } })).toEqual({ q: { style: "form", explode: false } });
    expect(meta({ name: "q", in: "query", style: "form", allowReserved: false, schema: { oneOf: [{ type: "string" }] } })).toEqual({ q: { style: "form", explode: true } });
  });
});
