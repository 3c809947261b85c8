import { defineConfig } from "vitest/config";
import base, { NODE24_TESTS } from "./vitest.config.js";

/**
 * Tests of features whose dependencies need Node >= 22.12 (MSW 3). Run on a real Node 24 binary
 * from the `node` package (scripts/lib/node-lines.ts) by test/emulator/msw-node24.test.ts, so
 * `npm test` covers them on any machine Node, and nothing is polyfilled.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: NODE24_TESTS,
    exclude: ["**/node_modules/**"],
    testTimeout: 60_000,
    reporters: ["default"],
  },
});
