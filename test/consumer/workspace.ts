/**
 * A user's project outside the repository: the package is packed exactly as `npm publish`
 * would, installed from the tarball into a fresh temporary folder, and its fixtures copied in.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../scripts/lib/paths.js";

const run = promisify(execFile);
export const FIXTURES = join(ROOT, "test", "consumer", "fixtures");

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion without a shell; a non-zero exit is a result, not a throw. */
export async function exec(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Result> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env: { ...cleanEnv(), ...env }, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? String(error) };
  }
}

/** The outer vitest's variables would make a nested vitest think it is a worker. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_OPTIONS" && k !== "TEST"));
}

export function bin(name: string): string {
  return join(ROOT, "node_modules", ".bin", name);
}

/** Compiles the shipped code afresh, then packs it; returns the tarball path. */
export async function packPackage(into: string): Promise<string> {
  for (const built of ["dist/site/index.html", "dist/openapi/kms-v2.yaml"]) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  return exclusively(join(ROOT, "dist", ".pack-lock"), () => compileAndPack(into));
}

/**
 * The consumer test files run in parallel workers where there are cores for them, and each
 * compile rewrites dist/lib (truncate, then write) while another file's `npm pack` may be
 * reading it: one compile-and-pack at a time. The lock is a directory (mkdir is atomic) holding
 * its owner's pid, so a lock left by a killed run is taken over instead of waited on.
 */
async function exclusively<T>(lock: string, work: () => Promise<T>): Promise<T> {
  const owner = join(lock, "pid");
  for (const deadline = Date.now() + 300_000; ; ) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = Number(readFileOr(owner));
    if (pid > 0 && !alive(pid)) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${pid || "(starting)"} for 5 minutes`);
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readFileOr(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function compileAndPack(into: string): Promise<string> {
  const compiled = await exec(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], ROOT);
  if (compiled.code !== 0) throw new Error(`tsc -p tsconfig.build.json failed:\n${compiled.stdout}${compiled.stderr}`);
  const packed = await exec("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", into], ROOT);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [entry] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as { filename: string }[];
  if (!entry) throw new Error(`npm pack printed no file:\n${packed.stdout}`);
  return join(into, entry.filename.replace(/^@/, "").replace(/\//, "-"));
}

/**
 * A fresh project with nothing but the tarball installed, as `npm install <tarball>` gives it,
 * plus `others` (name@version) in the same install, as a user adds the libraries it works with.
 */
export async function installProject(tarball: string, others: string[] = []): Promise<string> {
  return (await installProjectWithOutput(tarball, others)).dir;
}

/** installProject, with what npm printed (its warnings are on stderr). */
export async function installProjectWithOutput(tarball: string, others: string[] = []): Promise<{ dir: string; installed: Result }> {
  const dir = mkdtempSync(join(tmpdir(), "ci-consumer-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer-app", private: true, type: "module" }, null, 2));
  const installed = await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", tarball, ...others], dir);
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed:\n${installed.stderr}`);
  return { dir, installed };
}

/**
 * Adds the tools a user's dev setup would have (TypeScript, vitest, esbuild, Prism) by linking
 * the repository's pinned copies: the same versions, without a second download in every test run.
 */
export function linkDevTools(dir: string, packages: string[]): void {
  for (const name of packages) {
    const target = join(dir, "node_modules", name);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", name), target, "dir");
  }
}

export function copyFixtures(dir: string): void {
  for (const entry of readdirSync(FIXTURES)) cpSync(join(FIXTURES, entry), join(dir, entry), { recursive: true });
}

/** Starts a long-running command and resolves with the first stdout line matching `ready`. */
export function startUntil(file: string, args: string[], cwd: string, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} ${args.join(" ")} printed nothing matching ${ready} in 20 s\n${out}${err}`));
    }, 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const match = out.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} ${args.join(" ")} exited with ${code}\n${out}${err}`));
    });
  });
}
