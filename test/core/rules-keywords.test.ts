// Each keyword of the rules checker at its boundary, with the field and sentence it reports.
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { checkRequest, firstViolation, type OperationRules, type Rule } from "../../runtime/core/rules.js";

const schemas: Record<string, Rule> = {
  Str: { type: "string" },
  Named: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
  SelfRef: { $ref: "SelfRef" },
  AllLoop: { allOf: [{ $ref: "AllLoop" }] },
  AnyLoop: { anyOf: [{ $ref: "AnyLoop" }] },
  OneLoop: { oneOf: [{ $ref: "OneLoop" }] },
  List: { type: "array", items: { $ref: "List" } },
  Tree: { type: "object", properties: { child: { $ref: "Tree" } } },
  Open: { type: "object", additionalProperties: { $ref: "Open" } },
};
const check = (rule: Rule | boolean | undefined, value: unknown, field = "v") => firstViolation(rule, value, field, schemas);
/** [keyword, field, message] of the first violation, or undefined. */
const report = (rule: Rule | boolean | undefined, value: unknown, field = "v") => {
  const v = check(rule, value, field);
  return v && [v.keyword, v.field, v.message];
};

describe("boolean and missing rules", () => {
  it("accepts anything under no rule or true", () => {
    expect(check(undefined, { any: 1 })).toBeUndefined();
    expect(check(true, null)).toBeUndefined();
    expect(check({}, "x")).toBeUndefined();
  });

  it("refuses anything under false", () => {
    expect(report(false, 1)).toEqual(["false", "v", "v is not allowed"]);
  });
});

describe("type", () => {
  it.each([
    ["string", "s"],
    ["number", 1.5],
    ["number", 2],
    ["integer", 2],
    ["integer", 2.0],
    ["boolean", false],
    ["null", null],
    ["array", []],
    ["object", {}],
  ])("%s accepts %j", (type, value) => {
    expect(check({ type }, value)).toBeUndefined();
  });

  it.each([
    ["string", 1, "string"],
    ["integer", 1.5, "integer"],
    ["object", null, "object"],
    ["object", [], "object"],
    ["array", {}, "array"],
    ["null", 0, "null"],
    ["number", "1", "number"],
  ])("%s refuses %j", (type, value, named) => {
    expect(report({ type }, value)).toEqual(["type", "v", `v must be of type ${named}`]);
  });

  it("names every allowed type of a list", () => {
    expect(report({ type: ["string", "null"] }, 1)).toEqual(["type", "v", "v must be of type string or null"]);
    expect(check({ type: ["string", "null"] }, null)).toBeUndefined();
    expect(check({ type: ["string", "null"] }, "s")).toBeUndefined();
  });
});

describe("const and enum", () => {
  it("compare deeply, keys in any order", () => {
    expect(check({ const: { a: [1, { b: 2 }], c: null } }, { c: null, a: [1, { b: 2 }] })).toBeUndefined();
    expect(check({ enum: ["x", { k: [1] }] }, { k: [1] })).toBeUndefined();
    expect(check({ const: null }, null)).toBeUndefined();
  });

  it.each([
    [{ a: 1 }, { a: 2 }],
    [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { a: 1 }],
    [{ a: 1 }, { b: 1 }],
    [{ a: 1, b: 2 }, { a: 1, b: 3 }],
    [[1, 2], [1]],
    [[1], { 0: 1 }],
    [{ 0: 1 }, [1]],
    [null, {}],
    [{}, null],
    [1, "1"],
    [1, {}],
    [{}, 1],
    ["", []],
    [{ a: undefined }, {}],
  ])("const %j refuses %j", (expected, value) => {
    expect(report({ const: expected }, value)).toEqual(["const", "v", `v must be ${JSON.stringify(expected)}`]);
  });

  it("enum names every allowed value", () => {
    expect(report({ enum: ["a", 1, null] }, "b")).toEqual(["enum", "v", 'v must be one of "a", 1, null']);
  });
});

describe("string keywords", () => {
  it("count code points, not UTF-16 units", () => {
    expect(check({ maxLength: 2 }, "😀😀")).toBeUndefined();
    expect(report({ maxLength: 1 }, "😀😀")).toEqual(["maxLength", "v", "v must have at most 1 character(s)"]);
    expect(report({ minLength: 3 }, "😀😀")).toEqual(["minLength", "v", "v must have at least 3 character(s)"]);
  });

  it("accept the lengths at their bounds", () => {
    expect(check({ minLength: 3, maxLength: 3 }, "abc")).toBeUndefined();
    expect(report({ minLength: 3 }, "ab")?.[0]).toBe("minLength");
    expect(report({ maxLength: 3 }, "abcd")?.[0]).toBe("maxLength");
  });

  it("pattern matches anywhere unless anchored, and names itself", () => {
    expect(check({ pattern: "b" }, "abc")).toBeUndefined();
    expect(report({ pattern: "^[a-z]+$" }, "abC")).toEqual(["pattern", "v", "v must match the pattern ^[a-z]+$"]);
  });

  it("pattern has Unicode semantics, and falls back for a pattern that is only valid without them", () => {
    expect(check({ pattern: "^.$" }, "😀")).toBeUndefined();
    expect(check({ pattern: "^a\\-b$" }, "a-b")).toBeUndefined();
    expect(report({ pattern: "^a\\-b$" }, "a+b")?.[0]).toBe("pattern");
  });

  it("pattern gives the same answer when reused", () => {
    for (let i = 0; i < 3; i++) {
      expect(check({ pattern: "^x" }, "xy")).toBeUndefined();
      expect(check({ pattern: "^x" }, "yx")?.keyword).toBe("pattern");
    }
  });

  it("do not apply to other types", () => {
    expect(check({ minLength: 5, maxLength: 0, pattern: "^z$" }, 3)).toBeUndefined();
    expect(check({ minLength: 5, maxLength: 0, pattern: "^z$" }, ["a"])).toBeUndefined();
  });
});

describe("number keywords", () => {
  it("accept the values at their inclusive bounds", () => {
    expect(check({ minimum: 1, maximum: 1 }, 1)).toBeUndefined();
    expect(check({ exclusiveMinimum: 1, exclusiveMaximum: 3 }, 2)).toBeUndefined();
    expect(check({ multipleOf: 0.5 }, 2.5)).toBeUndefined();
    expect(check({ multipleOf: 3 }, 0)).toBeUndefined();
  });

  it.each([
    [{ minimum: 1 }, 0.5, "minimum", "v must be at least 1"],
    [{ maximum: 1 }, 1.5, "maximum", "v must be at most 1"],
    [{ exclusiveMinimum: 1 }, 1, "exclusiveMinimum", "v must be greater than 1"],
    [{ exclusiveMaximum: 3 }, 3, "exclusiveMaximum", "v must be less than 3"],
    [{ multipleOf: 3 }, 4, "multipleOf", "v must be a multiple of 3"],
  ] as [Rule, number, string, string][])("%j refuses %d", (rule, value, keyword, message) => {
    expect(report(rule, value)).toEqual([keyword, "v", message]);
  });

  it("do not apply to other types", () => {
    expect(check({ minimum: 5, maximum: 0, exclusiveMinimum: 5, exclusiveMaximum: 0, multipleOf: 7 }, "3")).toBeUndefined();
  });
});

describe("array keywords", () => {
  it("accept the counts at their bounds", () => {
    expect(check({ minItems: 2, maxItems: 2 }, [1, 2])).toBeUndefined();
    expect(report({ minItems: 2 }, [1])).toEqual(["minItems", "v", "v must have at least 2 item(s)"]);
    expect(report({ maxItems: 2 }, [1, 2, 3])).toEqual(["maxItems", "v", "v must have at most 2 item(s)"]);
  });

  it("uniqueItems compares deeply and only when asked", () => {
    expect(check({ uniqueItems: true }, [1, 2, { a: 1 }, { a: 2 }])).toBeUndefined();
    expect(report({ uniqueItems: true }, [1, 2, 1])).toEqual(["uniqueItems", "v", "v must not repeat items"]);
    expect(check({ uniqueItems: false }, [1, 1])).toBeUndefined();
  });

  it("checks each item by prefixItems, then items, naming its index", () => {
    const rule: Rule = { prefixItems: [{ type: "string" }, { type: "boolean" }], items: { type: "number" } };
    expect(check(rule, ["a", true, 1, 2])).toBeUndefined();
    expect(check(rule, ["a"])).toBeUndefined();
    expect(report(rule, [1])).toEqual(["type", "v[0]", "v[0] must be of type string"]);
    expect(report(rule, ["a", 1])).toEqual(["type", "v[1]", "v[1] must be of type boolean"]);
    expect(report(rule, ["a", true, "c"])).toEqual(["type", "v[2]", "v[2] must be of type number"]);
    expect(check({ prefixItems: [{ type: "string" }] }, ["a", 1])).toBeUndefined();
  });

  it("do not apply to other types", () => {
    expect(check({ minItems: 2, maxItems: 0, uniqueItems: true, items: false }, "aa")).toBeUndefined();
    expect(check({ minItems: 2, items: false }, { 0: "a", length: 1 })).toBeUndefined();
  });
});

describe("object keywords", () => {
  it("required names the missing field; an undefined value counts as missing", () => {
    expect(report({ required: ["a", "b"] }, { a: 1 })).toEqual(["required", "v.b", "v.b is required"]);
    expect(report({ required: ["a"] }, { a: undefined })).toEqual(["required", "v.a", "v.a is required"]);
    expect(check({ required: ["a"] }, { a: null })).toBeUndefined();
  });

  it("names fields at the root without a leading dot", () => {
    expect(report({ required: ["a"] }, {}, "")).toEqual(["required", "a", "a is required"]);
    expect(report({ additionalProperties: false }, { x: 1 }, "")).toEqual(["additionalProperties", "x", "x is not a field of the body"]);
  });

  it("counts only the fields that are set", () => {
    expect(check({ minProperties: 1, maxProperties: 1 }, { a: 1, b: undefined })).toBeUndefined();
    expect(report({ minProperties: 2 }, { a: 1, b: undefined })).toEqual(["minProperties", "v", "v must have at least 2 field(s)"]);
    expect(report({ maxProperties: 1 }, { a: 1, b: 2 })).toEqual(["maxProperties", "v", "v must have at most 1 field(s)"]);
  });

  it("checks declared properties by their rule and others by additionalProperties", () => {
    const rule: Rule = { properties: { a: { type: "string" } }, additionalProperties: { type: "number" } };
    expect(check(rule, { a: "x", b: 1 })).toBeUndefined();
    expect(report(rule, { a: 1 })).toEqual(["type", "v.a", "v.a must be of type string"]);
    expect(report(rule, { b: "x" })).toEqual(["type", "v.b", "v.b must be of type number"]);
    expect(report({ properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 })).toEqual(["additionalProperties", "v.b", "v.b is not a field of v"]);
  });

  it("lets a property declared without a rule through, even where others are refused", () => {
    const rule = { properties: { a: undefined }, additionalProperties: false } as unknown as Rule;
    expect(check(rule, { a: 1 })).toBeUndefined();
    expect(report(rule, { b: 1 })?.[0]).toBe("additionalProperties");
  });

  it("skips fields set to undefined", () => {
    expect(check({ additionalProperties: false }, { a: undefined })).toBeUndefined();
  });

  it("do not apply to other types", () => {
    expect(check({ required: ["length"], maxProperties: 0, additionalProperties: false }, ["x"])).toBeUndefined();
    expect(check({ required: ["a"], minProperties: 1 }, "a")).toBeUndefined();
  });
});

describe("$ref", () => {
  it("applies the named schema, then the rule's own keywords", () => {
    expect(report({ $ref: "Str" }, 1)).toEqual(["type", "v", "v must be of type string"]);
    expect(check({ $ref: "Str", maxLength: 2 }, "ab")).toBeUndefined();
    expect(report({ $ref: "Str", maxLength: 2 }, "abc")?.[0]).toBe("maxLength");
    expect(report({ $ref: "Named" }, {})).toEqual(["required", "v.name", "v.name is required"]);
  });
});

describe("composition", () => {
  it("allOf needs every part", () => {
    expect(check({ allOf: [{ minLength: 1 }, { maxLength: 2 }] }, "ab")).toBeUndefined();
    expect(report({ allOf: [{ minLength: 1 }, { maxLength: 2 }] }, "abc")?.[0]).toBe("maxLength");
  });

  it("anyOf needs one part, and reports the deepest failure, the first on a tie", () => {
    expect(check({ anyOf: [{ type: "string" }, { type: "number" }] }, 1)).toBeUndefined();
    expect(check({ anyOf: [{ type: "string" }, { type: "number" }] }, "s")).toBeUndefined();
    expect(report({ anyOf: [{ type: "string" }, { type: "number" }] }, true)).toEqual(["type", "v", "v must be of type string"]);
    expect(report({ anyOf: [{ type: "string" }, { $ref: "Named" }] }, {})).toEqual(["required", "v.name", "v.name is required"]);
    expect(report({ anyOf: [{ $ref: "Named" }, { type: "string" }] }, {})).toEqual(["required", "v.name", "v.name is required"]);
  });

  it("anyOf whose parts each only miss a field of the object names every alternative, at the object", () => {
    const oneOfLists: Rule = { type: "object", anyOf: [{ required: ["tags"] }, { required: ["user_ids"] }, { required: ["firefox_devices"] }] };
    expect(check(oneOfLists, { tags: [] })).toBeUndefined();
    expect(report(oneOfLists, { foo: 1 })).toEqual(["anyOf", "v", "v must have one of the fields tags, user_ids, firefox_devices"]);
    expect(report(oneOfLists, {}, "")).toEqual(["anyOf", "", "the body must have one of the fields tags, user_ids, firefox_devices"]);
    // A part that fails otherwise (a type, a nested field) keeps the deepest failure.
    expect(report({ anyOf: [{ required: ["a"] }, { $ref: "Named" }, { type: "string" }] }, {})).toEqual(["required", "v.name", "v.name is required"]);
    expect(report({ anyOf: [{ required: ["a"] }, { properties: { b: { required: ["c"] } } }] }, { b: {} })).toEqual(["required", "v.b.c", "v.b.c is required"]);
  });

  it("oneOf needs exactly one part", () => {
    const rule: Rule = { oneOf: [{ type: "string" }, { type: "number" }, { type: "integer" }] };
    expect(check(rule, "s")).toBeUndefined();
    expect(check(rule, 1.5)).toBeUndefined();
    expect(report(rule, 2)).toEqual(["oneOf", "v", "v must match exactly one of its 3 forms, and matches 2"]);
    expect(report(rule, null)).toEqual(["type", "v", "v must be of type string"]);
    expect(report({ oneOf: [{ type: "number" }, { $ref: "Named" }] }, {})).toEqual(["required", "v.name", "v.name is required"]);
  });

  it("not refuses what matches its rule", () => {
    expect(report({ not: { type: "string" } }, "s")).toEqual(["not", "v", "v has a form that is not allowed"]);
    expect(check({ not: { type: "string" } }, 1)).toBeUndefined();
  });
});

describe("depth limit", () => {
  /** A rule of `levels` nested `items` ending in a number, and an array value just as deep. */
  const nested = (levels: number): [Rule, unknown] => {
    let rule: Rule = { type: "number" };
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) {
      rule = { items: rule };
      value = [value];
    }
    return [rule, value];
  };

  it("checks 64 levels deep, and refuses one more", () => {
    expect(check(...nested(64))).toBeUndefined();
    expect(check(nested(64)[0], nested(65)[1])?.keyword).toBe("type");
    const deeper = check(...nested(65));
    expect(deeper?.keyword).toBe("depth");
    expect(deeper?.message).toBe(`${deeper?.field} is nested too deeply`);
    expect(deeper?.field).toBe(`v${"[0]".repeat(65)}`);
  });

  it.each(["SelfRef", "AllLoop", "AnyLoop", "OneLoop"])("ends a schema that refers to itself (%s) with a depth violation", (name) => {
    expect(check({ $ref: name }, {})?.keyword).toBe("depth");
  });

  it.each([
    ["items", "List", () => {
      let v: unknown = [];
      for (let i = 0; i < 80; i++) v = [v];
      return v;
    }],
    ["properties", "Tree", () => {
      let v: unknown = {};
      for (let i = 0; i < 80; i++) v = { child: v };
      return v;
    }],
    ["additionalProperties", "Open", () => {
      let v: unknown = {};
      for (let i = 0; i < 80; i++) v = { any: v };
      return v;
    }],
  ])("ends a value nested deeper than the limit through %s", (_, name, value) => {
    expect(check({ $ref: name }, value())?.keyword).toBe("depth");
  });

  it("ends a not that refers to itself instead of recursing forever", () => {
    const loop: Record<string, Rule> = { Not: { not: { $ref: "Not" } } };
    expect(() => firstViolation({ $ref: "Not" }, 1, "v", loop)).not.toThrow();
  });
});

describe("checkRequest", () => {
  const thrown = (rules: OperationRules | undefined, request: Parameters<typeof checkRequest>[2]) => {
    try {
      checkRequest(rules, schemas, request);
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const { field, rule, message } = e as InputError;
      return { field, rule, message };
    }
    return undefined;
  };

  it("checks nothing for an operation without rules", () => {
    expect(thrown(undefined, { query: { a: 1 }, body: 5 })).toBeUndefined();
    expect(thrown({}, { path: { id: 1 }, query: { a: 1 }, header: { h: 1 }, body: 5 })).toBeUndefined();
  });

  it.each(["path", "query", "header"] as const)("refuses a missing required %s parameter, naming its location", (location) => {
    const rules: OperationRules = { required: { [location]: ["p"] } };
    expect(thrown(rules, {})).toEqual({ field: "p", rule: "required", message: `p (${location} parameter) is required` });
    expect(thrown(rules, { [location]: { p: undefined } })).toEqual({ field: "p", rule: "required", message: `p (${location} parameter) is required` });
    expect(thrown(rules, { [location]: { p: "x" } })).toBeUndefined();
  });

  it.each(["path", "query", "header"] as const)("refuses a %s parameter that breaks its rule, naming its location", (location) => {
    const rules: OperationRules = { [location]: { p: { type: "integer" } } };
    expect(thrown(rules, { [location]: { p: "x" } })).toEqual({ field: "p", rule: "type", message: `p must be of type integer (${location} parameter)` });
    expect(thrown(rules, { [location]: { p: 1 } })).toBeUndefined();
  });

  it("skips parameters given as undefined and parameters without a rule", () => {
    expect(thrown({ query: { limit: { type: "integer" } } }, { query: { limit: undefined, other: "x" } })).toBeUndefined();
  });

  it("checks the locations in order path, query, header", () => {
    const rules: OperationRules = { path: { p: { type: "string" } }, query: { q: { type: "string" } }, header: { h: { type: "string" } } };
    expect(thrown(rules, { path: { p: 1 }, query: { q: 1 }, header: { h: 1 } })?.field).toBe("p");
    expect(thrown(rules, { path: { p: "1" }, query: { q: 1 }, header: { h: 1 } })?.field).toBe("q");
    expect(thrown(rules, { path: { p: "1" }, query: { q: "1" }, header: { h: 1 } })?.field).toBe("h");
  });

  it("refuses a missing body only when the operation requires one", () => {
    expect(thrown({ bodyRequired: true }, {})).toEqual({ field: "body", rule: "required", message: "the request body is required" });
    expect(thrown({ bodyRequired: false, body: { type: "object" } }, {})).toBeUndefined();
    expect(thrown({ body: { type: "object" } }, {})).toBeUndefined();
  });

  it("checks the body against its rule, fields named from 'body'", () => {
    const rules: OperationRules = { body: { $ref: "Named" }, bodyRequired: true };
    expect(thrown(rules, { body: { name: 1 } })).toEqual({ field: "body.name", rule: "type", message: "body.name must be of type string" });
    expect(thrown(rules, { body: { name: "n" } })).toBeUndefined();
  });
});
