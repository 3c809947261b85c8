import { defineConfig } from "vitest/config";

/**
 * The tests of runtime/core that need no Prism mock: unit tests over a synthetic service and
 * the security tests against loopback recording servers. Used by `npm run mutate` (Stryker),
 * where starting six Prism mocks per test run would cost more than the tests themselves.
 */
export default defineConfig({
  test: {
    include: ["test/core/**/*.test.ts", "test/security/**/*.test.ts"],
    // Bundles the documents (the security tests read them); starts no mock.
    globalSetup: ["test/core/bundle-setup.ts"],
    // A mutant that breaks an abort or a deadline makes a test wait; failing it after 5 s is a
    // kill, where a Stryker timeout would restart the worker.
    testTimeout: 5_000,
    reporters: ["default"],
  },
});
