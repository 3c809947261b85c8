/**
 * The Node lines the package claims (.ci/node-lines: one pinned version per line, read by
 * .ci/run too) and their binaries, from the `node` npm package through npx: features that need
 * a newer Node than the machine's (MSW 3, Stryker) are tested on a real binary of that line,
 * never on the machine's Node with a polyfill.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./paths.js";

export function nodeLines(): string[] {
  return readFileSync(join(ROOT, ".ci", "node-lines"), "utf8").split("\n").map((l) => l.trim()).filter(Boolean);
}

/** The pinned version of a major line (`"24"` → `"24.21.0"`). */
export function pinnedVersion(major: string): string {
  const found = nodeLines().find((v) => v.split(".")[0] === major);
  if (!found) throw new Error(`Node ${major} is not a claimed line (.ci/node-lines: ${nodeLines().join(", ")})`);
  return found;
}

const resolved = new Map<string, string>();

/** The path of a real Node binary of that version (downloaded once into npm's npx cache). */
export function nodeBinary(version: string): string {
  let path = resolved.get(version);
  if (!path) {
    path = execFileSync("npx", ["--yes", "-p", `node@${version}`, "node", "-p", "process.execPath"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
    if (!path.startsWith("/") || !execFileSync(path, ["--version"], { encoding: "utf8" }).startsWith(`v${version}`)) throw new Error(`npx node@${version} gave no Node ${version} binary (${path})`);
    resolved.set(version, path);
  }
  return path;
}
