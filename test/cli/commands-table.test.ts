/**
 * Every command in CONTRIBUTING.md's command table works as written, flags included (the checks
 * are in command-checks.ts). Quick ones run here; the long ones run beside test:e2e
 * (commands-long.e2e.test.ts). Long tools (test:e2e, fuzz, fuzz:mock, bench, bench:mock,
 * mutate) are checked for their argument handling only: the flags reach the script they are
 * meant for.
 */
import { describe, expect, it } from "vitest";
import { CHECKS, CHILD_TIMEOUT_MS, ROWS } from "./command-checks.js";

const quick = ROWS.filter((row) => !CHECKS[row]?.long);

describe("the command table of CONTRIBUTING.md", () => {
  it("has a check for every row, and a check only for a row", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(CHECKS).sort()).toEqual([...ROWS].sort());
  });

  // Concurrently: most of each row is waiting on npm and tsx starting.
  it.concurrent.each(quick)("%s", { timeout: 3 * CHILD_TIMEOUT_MS }, async (row) => {
    await CHECKS[row]!.check();
  });
});
