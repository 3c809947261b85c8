/**
 * `tsx scripts/with-node.ts <major> <script> [args...]`: runs a Node script on the claimed line's
 * pinned binary (scripts/lib/node-lines.ts), for tools that need a newer Node than the machine's
 * (`npm run mutate`: StrykerJS 10 declares Node >= 22). The binary's folder leads PATH, so what
 * the script starts (`npm`, `npx`, workers) runs on the same line.
 */
import { spawnSync } from "node:child_process";
import { dirname } from "node:path";
import { nodeBinary, pinnedVersion } from "./lib/node-lines.js";

const [major, ...rest] = process.argv.slice(2);
if (!major || !/^\d+$/.test(major) || rest.length === 0) {
  console.error("usage: tsx scripts/with-node.ts <major line, e.g. 24> <script> [args...]");
  process.exit(2);
}
try {
  const binary = nodeBinary(pinnedVersion(major));
  const run = spawnSync(binary, rest, { stdio: "inherit", env: { ...process.env, PATH: `${dirname(binary)}:${process.env.PATH ?? ""}` } });
  process.exit(run.status ?? 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
