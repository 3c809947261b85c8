import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One Prism per document for the whole run, started before any test file.
    globalSetup: ["test/harness/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
