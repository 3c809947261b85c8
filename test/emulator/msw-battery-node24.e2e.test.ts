/**
 * The emulators' bad-input battery under MSW (test/node24/battery-msw.test.ts) on Node 24, run
 * by `npm run test:e2e`: a second Node and vitest loading every emulator, too slow for `npm test`
 * (which runs the MSW form, test/emulator/msw-node24.test.ts).
 */
import { describe, expect, it } from "vitest";
import { runNode24Suite } from "../harness/node24.js";

describe("cloud-interfaces/msw under hostile requests", () => {
  it("the battery passes under Node 24", { timeout: 240_000 }, async () => {
    const { code, stdout, stderr } = await runNode24Suite(["test/node24/battery-msw.test.ts"]);
    expect(code, `${stdout}${stderr}`).toBe(0);
    expect(`${stdout}${stderr}`).toMatch(/Tests +1 passed \(1\)/);
    expect(stderr).not.toContain("[MSW]");
  });
});
