/** The Node 24 suite (test/node24, vitest.node24.config.ts) on a real Node 24 binary from the `node` package. */
import { join } from "node:path";
import { nodeBinary, pinnedVersion } from "../../scripts/lib/node-lines.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { runChild, type ChildResult } from "./child.js";

/** Runs `files` of test/node24 (all of them when empty) under Node 24; a second Node and vitest take seconds, more under load. */
export function runNode24Suite(files: string[]): Promise<ChildResult> {
  const node = nodeBinary(pinnedVersion("24"));
  return runChild(node, [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "-c", "vitest.node24.config.ts", ...files], {
    cwd: ROOT,
    env: { NO_COLOR: "1", FORCE_COLOR: "0" },
    what: `vitest on Node 24 over ${files.length > 0 ? files.join(", ") : "test/node24"}`,
    timeoutMs: 200_000,
  });
}
