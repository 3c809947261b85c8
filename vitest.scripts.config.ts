import { defineConfig } from "vitest/config";
import FastFirstSequencer from "./test/harness/fast-first-sequencer.js";

/**
 * The tests of scripts/lib (build, generators, reference-site parts, breaking-change gate,
 * supply-chain check), without the Prism mocks of the default config's globalSetup: used by
 * `npm run mutate:scripts` (Stryker) and for quick runs. Every file here also runs in `npm test`.
 *
 * test/identity/build-atomic.e2e.test.ts runs in `npm run test:e2e` only: it runs the real build of a real document
 * a dozen times (~12 s), and as nearly every build line runs in its beforeAll, Stryker would run it
 * for nearly every mutant of the build. test/build-pipeline.test.ts and build-lint.test.ts check
 * the same steps (atomic outputs, findings with file and line, cache, site) on a tiny project in
 * a few seconds.
 */
export default defineConfig({
  test: {
    include: [
      "test/build-cache.test.ts",
      "test/compile-key.test.ts",
      "test/build-steps.test.ts",
      "test/build-generators.test.ts",
      "test/build-pipeline.test.ts",
      "test/build-lint.test.ts",
      "test/site-parts.test.ts",
      "test/breaking*.test.ts",
      // Each family's edits to its own document, and the gate against git (KMS).
      "test/*/breaking*.test.ts",
      "test/identity/tryit-flow.test.ts",
      "test/supply-chain.test.ts",
      // The hostile-request generator and socket exchange the mock battery and the bench share.
      "test/hostile-requests.test.ts",
      // The generator of generated/<id>/helper-rules.ts (scripts/lib/generate-rules.ts), tested beside the runtime it serves.
      "test/core/helper-rules.test.ts",
    ],
    // Bundles the documents once per run, as the default config's global setup does.
    globalSetup: ["test/harness/bundle-setup.ts"],
    sequence: { sequencer: FastFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
