// The filter grammar as the document's pattern states it (seed §4A sentences), read by runtime/kms from the generated rules.
import { describe, expect, it } from "vitest";
import { FILTER_PATTERN } from "../../runtime/kms/rules.js";

describe("filter grammar (pattern of the document)", () => {
  it.each([
    "",
    "state=0,1",
    "extractable=TRUE state=5",
    'creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00+01:00"',
    "lastRotateDate=none expirationDate=NONE",
    "state=1 state=2 state=3",
    'deletionDate="2026-01-01t00:00:00.123z"',
  ])("accepts %j", (filter) => {
    expect(FILTER_PATTERN.test(filter)).toBe(true);
  });

  it.each([
    ["a fourth term of one property", "state=1 state=2 state=3 state=0"],
    ["a state outside 0,1,2,3,5", "state=4"],
    ["an unknown property", "name=x"],
    ["a non-boolean extractable", "extractable=yes"],
    ["an unquoted date", "creationDate=2026-01-01T00:00:00Z"],
    ["an operator with none", "creationDate=lte:none"],
    ["terms without a space", "state=1extractable=true"],
  ])("rejects %s", (_why, filter) => {
    expect(FILTER_PATTERN.test(filter)).toBe(false);
  });

  // How long this takes is measured by npm run bench (scripts/bench/wall-bounds.ts, ≤ 50 ms).
  it("rejects 512 hostile characters", () => {
    const hostile = Array.from({ length: 120 }, (_, i) => `p${String.fromCharCode(97 + (i % 26))}${i}=`).join(" ").slice(0, 512);
    expect(hostile).toHaveLength(512);
    expect(FILTER_PATTERN.test(hostile)).toBe(false);
  });
});
