/**
 * The MSW suite (test/node24/) on a real Node 24 binary from the `node` npm package: MSW 3
 * needs Node >= 22.12, and no test polyfills what a user's Node lacks. On the machine's Node
 * below 22 importing cloud-interfaces/msw fails with one sentence naming the version and the
 * install line, not MSW's own `Promise.withResolvers is not a function`.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { nodeBinary, pinnedVersion } from "../../scripts/lib/node-lines.js";
import { ROOT } from "../../scripts/lib/paths.js";

const run = promisify(execFile);
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST"));

describe("cloud-interfaces/msw", () => {
  it("its suite passes under Node 24 (vitest.node24.config.ts)", { timeout: 120_000 }, async () => {
    const node = nodeBinary(pinnedVersion("24"));
    const { stdout, stderr } = await run(node, [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "-c", "vitest.node24.config.ts"], { cwd: ROOT, env: { ...cleanEnv(), NO_COLOR: "1", FORCE_COLOR: "0" } });
    expect(`${stdout}${stderr}`).toMatch(/Tests +\d+ passed \(\d+\)/);
    expect(stderr).not.toContain("[MSW]");
  });

  it.runIf(Number(process.versions.node.split(".")[0]) < 22)("on this Node (below 22) fails at import with one sentence naming the Node version and install line", async () => {
    await expect(import("cloud-interfaces/msw")).rejects.toThrow(
      `cloud-interfaces/msw needs MSW 3 (Node >= 22.12), an optional peer dependency: npm install --save-dev msw@3.0.5; this is Node ${process.versions.node}, which MSW 3 does not run on`,
    );
  });
});
