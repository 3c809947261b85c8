/** Which request-targets the control API owns (runtime/emulator/control.ts isControlPath): read in place, as the path before any query names it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTROL_PREFIX, isControlPath } from "../../runtime/emulator/control.js";

/** The rule as written: the path before `?` is the prefix, or under it. */
const byRule = (target: string) => {
  const path = target.split("?", 1)[0]!;
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
};

describe("isControlPath", () => {
  it("owns the prefix, what is under it and the prefix with a query; not a longer name or another path", () => {
    for (const yes of [CONTROL_PREFIX, `${CONTROL_PREFIX}/`, `${CONTROL_PREFIX}/state`, `${CONTROL_PREFIX}?x=1`, `${CONTROL_PREFIX}/requests?limit=2`]) expect(isControlPath(yes), yes).toBe(true);
    for (const no of [`${CONTROL_PREFIX}x`, `${CONTROL_PREFIX}-state`, `/api${CONTROL_PREFIX}`, "/", "", `${CONTROL_PREFIX.slice(0, -1)}`, `?${CONTROL_PREFIX}`]) expect(isControlPath(no), no).toBe(false);
  });

  it("agrees with the rule on any target", () => {
    const pieces = fc.constantFrom(CONTROL_PREFIX, "/", "?", "x", "state", "#", "%2F", "");
    fc.assert(fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 5 }).map((p) => p.join(""))), (target) => isControlPath(target) === byRule(target)), { numRuns: 2_000 });
  });
});
