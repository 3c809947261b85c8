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
    testTimeout: 20_000,
    reporters: ["default"],
  },
});
