/**
 * A child process run to completion for a test: a non-zero exit is a result, not a throw, and a
 * child still running after `timeoutMs` is killed (with its process group) and reported by what
 * the test waited for, so a machine under load fails with a sentence instead of a bare timeout.
 */
import { spawn } from "node:child_process";

export interface ChildResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ChildOptions {
  cwd: string;
  /** What the test waits for, in words: "tsgo over the project and the site's samples". */
  what: string;
  /** Generous: a child on a loaded machine takes several times its quiet time. */
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  input?: string;
}

/** The outer vitest's variables would make a nested vitest think it is a worker. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST"));
}

export function runChild(file: string, args: string[], options: ChildOptions): Promise<ChildResult> {
  const child = spawn(file, args, { cwd: options.cwd, env: { ...cleanEnv(), ...options.env }, detached: true, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  child.stdin!.end(options.input ?? "");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      reject(new Error(`${options.what}: still running after ${options.timeoutMs / 1000} s, killed (${file} ${args.join(" ")})\n${stdout}${stderr}`));
    }, options.timeoutMs);
    child.once("error", (error) => (clearTimeout(timer), reject(new Error(`${options.what}: could not start ${file}: ${error.message}`))));
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}
