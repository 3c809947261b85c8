import { defineConfig } from "vitest/config";
import base, { E2E_TESTS } from "./vitest.config.js";

/**
 * `npm run test:e2e`: the proofs from outside the repository, each a whole tool in its own
 * process: the packed tarball installed into fresh projects (npm, tsc, vitest, attw, publint)
 * and the reference site in Chromium; beside them the slow proofs from inside (the command
 * table's long rows, the atomic build). Together well over a minute of two cores, which would
 * put `npm test` past its minute; CI (.ci/run) runs both commands.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: E2E_TESTS,
    exclude: ["**/node_modules/**", "test/consumer/fixtures/**"],
    // The site test reads the bundled documents; no Prism is needed.
    globalSetup: ["test/harness/bundle-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 180_000,
    reporters: ["default"],
  },
});
