import { defineConfig } from "vitest/config";

/**
 * The build, gate and supply-chain tests alone, without the Prism mocks of the default
 * config's globalSetup: used by `npm run mutate:scripts` (Stryker) and for quick runs.
 */
export default defineConfig({
  test: {
    include: [
      "test/build-atomic.test.ts",
      "test/build-cache.test.ts",
      "test/build-steps.test.ts",
      "test/breaking*.test.ts",
      "test/supply-chain.test.ts",
    ],
    // Bundles the documents once per run, as the default config's global setup does.
    globalSetup: ["test/harness/bundle-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
