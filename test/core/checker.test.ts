// The checker's keywords that the documents use rarely or not yet, each with a value that breaks it.
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { checkRequest, firstViolation, type Rule } from "../../runtime/core/rules.js";

const schemas: Record<string, Rule> = {
  Node: { type: "object", properties: { child: { $ref: "Node" }, name: { type: "string", maxLength: 3 } } },
};
const broken = (rule: Rule, value: unknown) => firstViolation(rule, value, "v", schemas)?.keyword;

describe("firstViolation", () => {
  it.each([
    [{ type: "integer" }, 1.5, "type"],
    [{ type: ["string", "null"] }, 1, "type"],
    [{ const: "x" }, "y", "const"],
    [{ enum: [{ a: 1 }] }, { a: 2 }, "enum"],
    [{ exclusiveMinimum: 0 }, 0, "exclusiveMinimum"],
    [{ exclusiveMaximum: 10 }, 10, "exclusiveMaximum"],
    [{ multipleOf: 2 }, 3, "multipleOf"],
    [{ uniqueItems: true }, [{ a: 1 }, { a: 1 }], "uniqueItems"],
    [{ prefixItems: [{ type: "string" }], items: false }, ["a", "b"], "false"],
    [{ minProperties: 1 }, {}, "minProperties"],
    [{ maxProperties: 1 }, { a: 1, b: 2 }, "maxProperties"],
    [{ properties: { a: {} }, additionalProperties: false }, { b: 1 }, "additionalProperties"],
    [{ oneOf: [{ type: "string" }, { maxLength: 5 }] }, "abc", "oneOf"],
    [{ anyOf: [{ type: "string" }, { type: "number" }] }, true, "type"],
    [{ not: { type: "string" } }, "s", "not"],
    [{ allOf: [{ minLength: 2 }] }, "a", "minLength"],
    [{ $ref: "Node" }, { child: { child: { name: "long" } } }, "maxLength"],
  ] as [Rule, unknown, string][])("%j breaks on %j with %s", (rule, value, keyword) => {
    expect(broken(rule, value)).toBe(keyword);
  });

  it.each([
    [{ type: "number" }, 3],
    [{ oneOf: [{ type: "string" }, { type: "number" }] }, 3],
    [{ minLength: 2 }, "😀😀"],
    [{ properties: { a: { type: "string" } }, required: ["a"] }, { a: "x", b: undefined }],
  ] as [Rule, unknown][])("%j accepts %j", (rule, value) => {
    expect(broken(rule, value)).toBeUndefined();
  });

  it("names the nested field that breaks", () => {
    expect(firstViolation({ $ref: "Node" }, { child: { name: "long" } }, "body", schemas)?.field).toBe("body.child.name");
    expect(firstViolation({ items: { maxLength: 1 } }, ["a", "bb"], "body", schemas)?.field).toBe("body[1]");
  });
});

describe("checkRequest", () => {
  const rules = {
    query: { limit: { type: "integer", maximum: 5 } },
    required: { path: ["id"] },
    header: { "X-Key": { pattern: "^[a-z]+$" } },
    body: { type: "object", required: ["name"] },
    bodyRequired: true,
  } as const;

  it("refuses a missing required parameter, then a broken one, then the body, in that order", () => {
    expect(() => checkRequest(rules, {}, { query: { limit: 9 } })).toThrow(expect.objectContaining({ field: "id", rule: "required" }));
    expect(() => checkRequest(rules, {}, { path: { id: "1" }, query: { limit: 9 } })).toThrow(expect.objectContaining({ field: "limit", rule: "maximum" }));
    expect(() => checkRequest(rules, {}, { path: { id: "1" } })).toThrow(expect.objectContaining({ field: "body", rule: "required" }));
    expect(() => checkRequest(rules, {}, { path: { id: "1" }, body: {} })).toThrow(expect.objectContaining({ field: "body.name", rule: "required" }));
    expect(() => checkRequest(rules, {}, { path: { id: "1" }, body: { name: "n" } })).not.toThrow();
  });

  it("never echoes the value it refuses", () => {
    const secret = "Sup3r-Secret-Value";
    try {
      checkRequest(rules, {}, { path: { id: "1" }, header: { "X-Key": secret }, body: { name: "n" } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect(JSON.stringify(error) + String(error) + (error as Error).message).not.toContain(secret);
    }
  });
});
