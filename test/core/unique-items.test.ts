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

  it("reads each item a bounded number of times, not once per other item (linear, not pairwise)", () => {
    // Counted, not timed: a getter counts how often the checker looks into each item. Pairwise
    // comparison reads every item once per other item (about n² reads); a linear check a few times each.
    let reads = 0;
    const item = (i: number) =>
      Object.defineProperty({}, "id", {
        enumerable: true,
        get: () => {
          reads += 1;
          return `user-${i}`;
        },
      });
    const n = 2_000;
    const items = Array.from({ length: n }, (_, i) => item(i));
    expect(unique(items)).toBeUndefined();
    expect(reads).toBeGreaterThanOrEqual(n);
    expect(reads).toBeLessThanOrEqual(2 * n);
    expect(unique([...items, item(0)])).toBe("uniqueItems");
  });
});
