/**
 * Issue 23 defect 6: `uniqueItems` in linear time (60,000 user ids took 8.1 s), with JSON
 * Schema's equality: numbers by value, objects whatever their key order, strings apart from numbers.
 */
import { describe, expect, it } from "vitest";
import { firstViolation } from "../../runtime/core/rules.js";

const unique = (items: unknown[]) => firstViolation({ uniqueItems: true }, items, "v", {})?.keyword;

describe("uniqueItems", () => {
  it.each([
    [[1, 1.0]],
    [[0, -0]],
    [[{ a: 1, b: [2, { c: 3 }] }, { b: [2, { c: 3 }], a: 1 }]],
    [[[1, "a"], [1, "a"]]],
    [["x", "y", "x"]],
    [[null, null]],
    [[true, false, true]],
  ])("finds the repeat in %j", (items) => {
    expect(unique(items)).toBe("uniqueItems");
  });

  it.each([
    [[1, "1"]],
    [[null, "null"]],
    [[{ a: 1 }, { a: "1" }]],
    [[{ a: 1 }, { a: 1, b: 2 }]],
    [[[1, 2], [2, 1]]],
    [[{ "a,b": 1 }, { a: 1, b: 1 }]],
    [[{ a: '1,"b":2' }, { a: 1, b: 2 }]],
    [[true, "true", 1]],
    [[{}, []]],
  ])("finds no repeat in %j", (items) => {
    expect(unique(items)).toBeUndefined();
  });

  it("checks 60,000 distinct ids (the size of a large push) in well under a second", () => {
    const ids = Array.from({ length: 60_000 }, (_, i) => `user-${i}`);
    const started = performance.now();
    expect(unique(ids)).toBeUndefined();
    expect(unique([...ids, "user-0"])).toBe("uniqueItems");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
