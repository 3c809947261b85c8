/**
 * The MSW suite (test/node24/) on a real Node 24 binary from the `node` npm package: MSW 3
 * needs Node >= 22.12, and no test polyfills what a user's Node lacks. On the machine's Node
 * below 22 importing cloud-interfaces/msw fails with one sentence naming the version and the
 * install line, not MSW's own `Promise.withResolvers is not a function`.
 *
 * `npm test` runs the families' *.node24.test.ts (the MSW form); the bad-input battery under MSW
 * (test/node24/battery-msw.test.ts, another few seconds of a second Node) runs beside test:e2e
 * (test/emulator/msw-battery-node24.e2e.test.ts) and in full in `npm run fuzz:mock`.
 */
import { describe, expect, it } from "vitest";
import { runNode24Suite } from "../harness/node24.js";

// All of test/node24 under `npm run fuzz:mock` (MOCK_FUZZ_RUNS set), else the MSW form only.
const FILES = process.env.MOCK_FUZZ_RUNS !== undefined ? [] : ["test/kms/msw.node24.test.ts", "test/notifications/msw.node24.test.ts"];

describe("cloud-interfaces/msw", () => {
  it("its suite passes under Node 24 (vitest.node24.config.ts)", { timeout: 240_000 }, async () => {
    const { code, stdout, stderr } = await runNode24Suite(FILES);
    expect(code, `${stdout}${stderr}`).toBe(0);
    expect(`${stdout}${stderr}`).toMatch(/Tests +\d+ passed \(\d+\)/);
    expect(stderr).not.toContain("[MSW]");
  });

  it.runIf(Number(process.versions.node.split(".")[0]) < 22)("on this Node (below 22) fails at import with one sentence naming the Node version and install line", async () => {
    await expect(import("cloud-interfaces/msw")).rejects.toThrow(
      `cloud-interfaces/msw needs MSW 3 (Node >= 22.12), an optional peer dependency: npm install --save-dev msw@3.0.5; this is Node ${process.versions.node}, which MSW 3 does not run on`,
    );
  });
});
