import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Tests import the package by its name (`cloud-interfaces/kms-v2`), exactly as users do. Vite
 * does not resolve a package's own name, so each exported subpath is aliased to the file its
 * `source` condition names (the same sources the compiled package is built from).
 */
const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  name: string;
  exports: Record<string, string | { source: string }>;
};
const alias = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === "object"
    ? [{ find: new RegExp(`^${pkg.name}${subpath.slice(1).replace(/[.]/g, "\\.")}$`), replacement: fileURLToPath(new URL(target.source, import.meta.url)) }]
    : [],
);

/**
 * Run by `npm run test:e2e` (vitest.e2e.config.ts) rather than `npm test`; CI runs both. Beside
 * the packed package and the browser: the command table's long rows and the atomic build (a
 * dozen real builds of a scratch document, each linting with Spectral: 12 s of one core).
 */
export const E2E_TESTS = ["test/consumer/**/*.test.ts", "test/site/site.test.ts", "test/site/msw-browser.test.ts", "test/site/tryit.test.ts", "test/site/hostile.test.ts", "test/site/publish.test.ts", "test/verify/cli.e2e.test.ts", "test/cli/commands-long.e2e.test.ts", "test/build-atomic.test.ts", "test/build-threads.e2e.test.ts", "test/emulator/msw-battery-node24.e2e.test.ts", "test/mock/cors-browser.e2e.test.ts"];
/** Tests of features that need Node >= 22.12 (MSW 3): run under Node 24 by test/emulator/msw-node24.test.ts (vitest.node24.config.ts). */
export const NODE24_TESTS = ["test/node24/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["**/node_modules/**", "test/consumer/fixtures/**", ...E2E_TESTS, ...NODE24_TESTS],
    // One Prism per document for the whole run, started before any test file.
    globalSetup: ["test/harness/global-setup.ts"],
    // Generous: on a loaded machine (other work, or stress-ng --cpu 2) a test that starts a child
    // process or loads Prism takes several times its quiet time; a bound on work is asserted by
    // counting, never by these.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Measured on 2 cores (Node 20): per-file isolation re-imported the runtime, Prism's client
    // and the build libraries for each of 68 files, 122 s of CPU against 69 s without it. Test
    // files restore what they change (spies, fake timers, MSW servers, globalThis.fetch).
    isolate: false,
    // Many files wait on child processes (tsc, git) or on the mocks in the main process, so two
    // workers overlap them even on two cores; vitest's default there is one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ["default"],
  },
});
