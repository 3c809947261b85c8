/**
 * A copy of this repository in a scratch folder, for the e2e proofs that a service is its
 * document (a new service, a new operation: test/notifications/scratch.e2e.test.ts): every file
 * git would commit from this checkout (tracked, or new and not ignored), node_modules linked, no
 * generated site or compiled output. What a test then edits there is all a writer edits.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../../scripts/lib/paths.js";
import { runChild, type ChildResult } from "./child.js";

export interface ScratchProject {
  root: string;
  /** Runs `npm run <script> [-- args]` in the copy. */
  npm(script: string, args?: string[], env?: NodeJS.ProcessEnv): Promise<ChildResult>;
  /** Runs the package's command line (runtime/cli/main.ts) in the copy. */
  cli(args: string[], env?: NodeJS.ProcessEnv): Promise<ChildResult>;
  /** Starts a long-running command of the CLI and waits for the line matching `ready`. */
  start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }>;
  read(file: string): string;
  write(file: string, text: string): void;
}

export function scratchProject(prefix: string): ScratchProject {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split("\0")
    .filter((f) => f !== "" && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(root, file));
  }
  symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"), "dir");
  const tsx = [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs")];
  const cliMain = join(root, "runtime", "cli", "main.ts");
  return {
    root,
    npm: (script, args = [], env = {}) =>
      runChild("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], { cwd: root, what: `npm run ${script} in the scratch project`, timeoutMs: 900_000, env }),
    cli: (args, env = {}) => runChild(process.execPath, [...tsx, cliMain, ...args], { cwd: root, what: `cloud-interfaces ${args[0]} in the scratch project`, timeoutMs: 300_000, env }),
    start: (args, ready) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [...tsx, cliMain, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        const waited = setTimeout(() => (child.kill(), reject(new Error(`cloud-interfaces ${args.join(" ")}: no ${ready} within 120 s\n${out}`))), 120_000);
        const seen = (d: Buffer) => {
          out += d;
          const match = ready.exec(out);
          if (match) (clearTimeout(waited), resolve({ child, match }));
        };
        child.stdout!.on("data", seen);
        child.stderr!.on("data", seen);
        child.once("exit", (code) => (clearTimeout(waited), reject(new Error(`cloud-interfaces ${args.join(" ")} exited (${code}) before ready\n${out}`))));
      }),
    read: (file) => readFileSync(join(root, file), "utf8"),
    write: (file, text) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    },
  };
}
