import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The tests of runtime/core that need no Prism mock and no bundled document: unit tests over a
 * synthetic service and loopback recording servers. Used by `npm run mutate` (Stryker), where
 * starting six Prism mocks per test run would cost more than the tests themselves.
 */
export default defineConfig({
  // The package-name aliases (`cloud-interfaces/core` → runtime/core/index.ts) of the main config.
  resolve: base.resolve,
  test: {
    // The per-service security tests (every operation of every document against loopback
    // servers) cover nearly every line of create-client.ts, so Stryker would run them for
    // almost every mutant; they stay in `npm test`. test/core exercises the same code paths
    // over a synthetic service in a fraction of the time.
    include: ["test/core/**/*.test.ts", "test/security/redirect-follow.test.ts", "test/security/basic-auth.test.ts"],
    // These two read the bundled documents or reach the Prism mocks; they run in `npm test`.
    exclude: ["**/node_modules/**", "test/core/paginate-services.test.ts", "test/core/rules.test.ts"],
    // A mutant that breaks an abort or a deadline makes a test wait; failing it after 4 s is a
    // kill, where a Stryker timeout would restart the worker.
    testTimeout: 4_000,
    reporters: ["default"],
  },
});
