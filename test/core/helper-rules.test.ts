// generated/<id>/helper-rules.ts: what the hand-written helpers read from a document besides
// the request rules. A small document shows each part and what is left out.
import { describe, expect, it } from "vitest";
import { extractHelperRules, extractRules } from "../../scripts/lib/generate-rules.js";

const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  paths: {
    "/go": {
      get: {
        operationId: "go",
        parameters: [
          { name: "back", in: "query", required: true, schema: { type: "string", format: "uri" } },
          { name: "kind", in: "query", schema: { $ref: "#/components/schemas/Kind" } },
          { name: "who", in: "query", schema: { type: "string" }, "x-required-when": { kind: "person" } },
          { name: "plain", in: "query", schema: { type: "string", minLength: 1 } },
        ],
        responses: { "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/Answer" } } } } },
      },
    },
  },
  components: {
    schemas: {
      Kind: { type: "string", enum: ["person", "thing"] },
      Answer: { type: "object", required: ["code"], properties: { code: { $ref: "#/components/schemas/Code" } }, description: "dropped" },
      Code: { type: "string", enum: ["a", "b"] },
    },
    securitySchemes: {
      token: { type: "apiKey", in: "header", name: "X-Token", "x-value-pattern": "^t .+$" },
      other: { type: "http", scheme: "bearer" },
    },
  },
};

describe("helperRules", () => {
  const helper = extractHelperRules(doc);

  it("holds the named schemas no request reaches, as rules, and leaves the request ones to `rules`", () => {
    expect(Object.keys(extractRules(doc).schemas)).toEqual(["Kind"]);
    expect(helper.schemas).toEqual({
      Answer: { type: "object", required: ["code"], properties: { code: { $ref: "Code" } } },
      Code: { type: "string", enum: ["a", "b"] },
    });
  });

  it("notes the format and x-required-when of parameters, and only of those that state one", () => {
    expect(helper.parameters).toEqual({
      "GET /go": { query: { back: { format: "uri" }, who: { requiredWhen: { kind: "person" } } } },
    });
  });

  it("keeps the x-value-pattern of the security schemes that state one", () => {
    expect(helper.securitySchemes).toEqual({ token: { valuePattern: "^t .+$" } });
  });
});
