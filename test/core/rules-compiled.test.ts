// The rules checker reads a rule table once: each rule's keywords are read on its first check,
// and a later check of the same rule reads none of them (counted with Proxies over the rules),
// while every check still finds the same violations.
import { describe, expect, it } from "vitest";
import { firstViolation, type Rule } from "../../runtime/core/rules.js";

/** The rule, and every rule inside it, behind a Proxy that counts the keyword reads. */
function counted(rule: Rule): { rule: Rule; reads: () => number } {
  let reads = 0;
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    const inner = Array.isArray(value) ? value.map(wrap) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrap(v)]));
    return new Proxy(inner as object, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
  };
  return { rule: wrap(rule) as Rule, reads: () => reads };
}

const body: Rule = {
  type: "object",
  required: ["key"],
  properties: { key: { type: "string", minLength: 1 }, size: { type: "integer", minimum: 1 }, tags: { type: "array", items: { type: "string" } } },
  additionalProperties: false,
  allOf: [{ anyOf: [{ required: ["size"] }, { required: ["tags"] }] }],
};

describe("a rule compiled once", () => {
  it("reads no keyword of the rule again after its first check", () => {
    const { rule, reads } = counted(body);
    const value = { key: "k", size: 2, tags: ["a", "b"] };
    expect(firstViolation(rule, value, "body", {})).toBeUndefined();
    const first = reads();
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(firstViolation(rule, value, "body", {})).toBeUndefined();
    expect(reads()).toBe(first);
  });

  it("finds the same violations on every check, at the same fields", () => {
    const { rule } = counted(body);
    const cases: [unknown, string, string][] = [
      [{ key: "", size: 1 }, "minLength", "body.key"],
      [{ key: "k", size: 0 }, "minimum", "body.size"],
      [{ key: "k", tags: ["a", 1] }, "type", "body.tags[1]"],
      [{ key: "k", size: 1, extra: 1 }, "additionalProperties", "body.extra"],
      [{ key: "k" }, "anyOf", "body"],
      [{ size: 1 }, "required", "body.key"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [value, keyword, field] of cases) {
        const violation = firstViolation(rule, value, "body", {});
        expect([violation?.keyword, violation?.field]).toEqual([keyword, field]);
      }
    }
  });

  it("resolves a $ref against the schemas of each check", () => {
    const rule: Rule = { $ref: "Item" };
    expect(firstViolation(rule, 1, "v", { Item: { type: "integer" } })).toBeUndefined();
    expect(firstViolation(rule, 1, "v", { Item: { type: "string" } })?.keyword).toBe("type");
    expect(firstViolation(rule, 1, "v", {})).toBeUndefined();
  });
});
