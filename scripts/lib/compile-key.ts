/**
 * When the compile of tsconfig.build.json has nothing to do. Even incremental, the compiler reads and parses
 * every source before it finds nothing changed (about 4 s of CPU); the build skips it when the
 * content of everything the compile reads is as it was after the last successful compile.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { LIB_DIR, ROOT } from "./paths.js";

const KEY_FILE = join(LIB_DIR, ".inputs-sha256");
/** tsconfig.build.json's tsBuildInfoFile: without it the compiler would rebuild anyway. */
const BUILD_INFO = join(LIB_DIR, ".tsbuildinfo");

/** The compile's inputs: both tsconfigs, the lockfile (TypeScript's and the types' versions), every source it compiles. */
export function compileKey(root = ROOT): string {
  const sources = ["runtime", "generated"].flatMap((top) =>
    readdirSync(join(root, top), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => join(top, f)),
  );
  const hash = createHash("sha256");
  for (const file of ["tsconfig.json", "tsconfig.build.json", "package-lock.json", ...sources.sort()]) {
    hash.update(file).update("\0").update(readFileSync(join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

export function compileIsFresh(key: string): boolean {
  return existsSync(BUILD_INFO) && existsSync(KEY_FILE) && readFileSync(KEY_FILE, "utf8") === key;
}

export function recordCompile(key: string): void {
  mkdirSync(dirname(KEY_FILE), { recursive: true });
  writeFileSync(KEY_FILE, key);
}
