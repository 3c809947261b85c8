/**
 * Issue 23: the checker has one list of the keywords it checks and one of the annotations it
 * ignores; the build refuses a request schema that uses any other keyword, so a rule the
 * client cannot check never passes silently.
 */
import { describe, expect, it } from "vitest";
import { CHECKED_KEYWORDS, IGNORED_KEYWORDS } from "../../runtime/core/rules.js";
import { extractRules } from "../../scripts/lib/generate-rules.js";

const docWith = (schema: unknown) => ({
  paths: { "/a": { post: { operationId: "a", requestBody: { content: { "application/json": { schema } } } } } },
  components: { schemas: { S: { type: "object", properties: { x: schema } } } },
});

describe("the keyword lists", () => {
  it("do not overlap", () => {
    expect(CHECKED_KEYWORDS.filter((k) => IGNORED_KEYWORDS.includes(k))).toEqual([]);
  });

  it("leave `format` to the service (a documented decision)", () => {
    expect(IGNORED_KEYWORDS).toContain("format");
    expect(extractRules(docWith({ type: "string", format: "email" })).operations["POST /a"]!.body).toEqual({ type: "string" });
  });

  it.each(["description", "default", "examples", "writeOnly", "contentEncoding", "contentMediaType", "contentSchema", "title", "x-anything"])(
    "ignore the annotation %s",
    (keyword) => {
      expect(extractRules(docWith({ type: "string", [keyword]: "v" })).operations["POST /a"]!.body).toEqual({ type: "string" });
    },
  );

  it("accept unevaluatedProperties: true, which constrains nothing", () => {
    expect(extractRules(docWith({ type: "object", unevaluatedProperties: true })).operations["POST /a"]!.body).toEqual({ type: "object" });
  });
});

describe("the build", () => {
  it.each([
    ["patternProperties", { patternProperties: { "^a": { type: "string" } } }],
    ["unevaluatedProperties", { unevaluatedProperties: false }],
    ["dependentRequired", { dependentRequired: { a: ["b"] } }],
    ["if", { if: { type: "string" }, then: { minLength: 1 } }],
    ["contains", { contains: { type: "string" } }],
    ["propertyNames", { propertyNames: { maxLength: 3 } }],
  ])("refuses a request schema with %s", (keyword, schema) => {
    expect(() => extractRules(docWith(schema))).toThrowError(expect.objectContaining({ rule: "keyword", message: expect.stringContaining(keyword) }));
  });

  it("refuses an unknown keyword in a nested request schema, naming where", () => {
    expect(() => extractRules(docWith({ type: "object", properties: { a: { items: { minContains: 1 } } } }))).toThrowError(/minContains/);
  });
});

describe("every listed keyword", () => {
  it.each(CHECKED_KEYWORDS.filter((k) => k !== "$ref"))("the build accepts the checked keyword %s", (keyword) => {
    const value = keyword === "required" ? ["a"] : ["prefixItems", "allOf", "anyOf", "oneOf"].includes(keyword) ? [{}] : 1;
    expect(() => extractRules(docWith({ [keyword]: value }))).not.toThrow();
  });

  it.each(IGNORED_KEYWORDS)("the build accepts the ignored keyword %s and drops it", (keyword) => {
    expect(extractRules(docWith({ type: "string", [keyword]: "v" })).operations["POST /a"]!.body).toEqual({ type: "string" });
  });

  it("lists every keyword the checker reports a violation of", () => {
    const reported = ["type", "enum", "const", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
      "minItems", "maxItems", "uniqueItems", "required", "additionalProperties", "minProperties", "maxProperties", "oneOf", "not"];
    expect(CHECKED_KEYWORDS).toEqual(expect.arrayContaining([...reported, "$ref", "items", "prefixItems", "properties", "allOf", "anyOf"]));
    expect(new Set(CHECKED_KEYWORDS).size).toBe(CHECKED_KEYWORDS.length);
  });
});
