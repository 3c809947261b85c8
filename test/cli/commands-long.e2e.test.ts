/** The command-table rows of CONTRIBUTING.md that start a heavy tool (see command-checks.ts), run by `npm run test:e2e`. */
import { describe, it } from "vitest";
import { CHECKS, CHILD_TIMEOUT_MS, ROWS } from "./command-checks.js";

describe("the command table of CONTRIBUTING.md, long rows", () => {
  it.each(ROWS.filter((row) => CHECKS[row]?.long))("%s", { timeout: 3 * CHILD_TIMEOUT_MS }, async (row) => {
    await CHECKS[row]!.check();
  });
});
