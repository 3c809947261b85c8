/** Issue 14: choices an independent audit found in the metrics document(s) without an `x-assumed` note, each checked where it lives in the bundle: the choice itself, and that it is marked (listed by npm run assumptions). */
import { describe, expect, it } from "vitest";
import { expectMarked, node } from "../harness/audit-marks.js";

describe("metrics-v1 (item 22)", () => {
  it("a null datapoint value and the error body shape are stated and marked", () => {
    const datapoint = node("metrics-v1", "#/components/schemas/Datapoint");
    expect(datapoint.value.prefixItems[0].type).toContain("null");
    expectMarked("metrics-v1", datapoint);
    const problem = node("metrics-v1", "#/components/schemas/Problem");
    expect(problem.value.properties.errors.items.required).toEqual(["code", "message"]);
    expectMarked("metrics-v1", problem);
  });
});
