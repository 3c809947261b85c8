/**
 * One check per row of the command table in CONTRIBUTING.md (the contributor guide), run as written, flags included. Quick rows
 * run in `npm test` (commands-table.test.ts); rows that start a heavy tool (Redocly over every
 * document, npm audit, Stryker on Node 24, the bench's measuring modules) run beside
 * `test:e2e` (commands-long.e2e.test.ts). A row added to the table without a check fails
 * commands-table.test.ts.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { expectedExports } from "../../scripts/lib/package-exports.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { runChild, type ChildResult } from "../harness/child.js";
import { mockCommandCheck } from "../kms/mock-command-check.js";

const GUIDE = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8");
const table = GUIDE.slice(GUIDE.indexOf("## Commands\n"), GUIDE.indexOf("\n## ", GUIDE.indexOf("## Commands\n") + 5));
export const ROWS = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);

/** A child of npm and tsx on a machine under load takes many times its quiet second. */
export const CHILD_TIMEOUT_MS = 50_000;

const npm = (args: string[], cwd = ROOT): Promise<ChildResult> =>
  runChild("npm", ["run", "--silent", ...args], { cwd, env: { NO_COLOR: "1" }, what: `npm run ${args.join(" ")}`, timeoutMs: CHILD_TIMEOUT_MS });

/** The script refuses a flag it does not know, by name, and fails. */
async function refusesUnknownFlag(script: string): Promise<void> {
  const bogus = await npm([script, "--", "--bogus"]);
  expect(bogus.code, bogus.stderr).not.toBe(0);
  expect(bogus.stderr).toContain("Unknown option '--bogus'");
}

/** Starts a long-running npm script, resolves with the first match of `ready` on stdout, then stops the whole process group. */
async function untilReady(args: string[], ready: RegExp, use: (match: RegExpMatchArray) => Promise<void>): Promise<void> {
  const child = spawn("npm", ["run", "--silent", ...args], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  let timer: NodeJS.Timeout | undefined;
  try {
    const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`npm run ${args.join(" ")}: no line matching ${ready} within ${CHILD_TIMEOUT_MS / 1000} s: ${out}${err}`)), CHILD_TIMEOUT_MS);
      child.stdout!.on("data", (d) => {
        out += d;
        const m = out.match(ready);
        if (m) resolve(m);
      });
      child.once("exit", (code) => reject(new Error(`npm run ${args.join(" ")} exited ${code}: ${out}${err}`)));
    });
    await use(match);
  } finally {
    clearTimeout(timer);
    process.kill(-child.pid!, "SIGTERM");
  }
}

/** Each row's check, and whether it is long (run beside test:e2e). */
export const CHECKS: Record<string, { long?: true; check: () => Promise<void> }> = {
  "npm run build": {
    check: async () => {
      // The flags reach scripts/build.ts, not tsc (which would stop with TS5023).
      const [help, bogus, only] = await Promise.all([
        npm(["build", "--", "--help"]),
        npm(["build", "--", "--bogus"]),
        npm(["build", "--", "--no-cache", "--only", "no-such-service"]),
      ]);
      expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining("--only <id>") });
      expect(bogus.code, bogus.stderr).toBe(2);
      expect(bogus.stderr).toContain("build: Unknown option '--bogus'");
      expect(only.code, only.stderr).toBe(1);
      expect(only.stderr).toContain("Unknown service id(s): no-such-service");
      expect(only.stdout + only.stderr).not.toContain("TS5023");
    },
  },
  "npm test": {
    // What it runs: the locked vitest's `run` command (flags reach it), over the default config,
    // which takes every test file but the packed package's and the browser's (test:e2e) and the
    // Node 24 suite (started by test/emulator/msw-node24.test.ts).
    check: async () => {
      const help = await npm(["test", "--", "--help"]);
      expect(help.code, help.stderr).toBe(0);
      const locked = JSON.parse(readFileSync(join(ROOT, "node_modules", "vitest", "package.json"), "utf8")).version;
      expect(help.stdout.split("\n").slice(0, 4).join("\n")).toMatch(new RegExp(`^vitest/${locked.replace(/\./g, "\\.")}\\n\\nUsage:\\n  \\$ vitest run \\[\\.\\.\\.filters\\]$`));
      const { default: config, E2E_TESTS, NODE24_TESTS } = await import("../../vitest.config.js");
      const { globSync } = await import("tinyglobby"); // the glob library vitest itself uses
      const run = globSync(config.test!.include!, { cwd: ROOT, ignore: config.test!.exclude! }).sort();
      const every = globSync(["test/**/*.test.ts"], { cwd: ROOT, ignore: ["**/node_modules/**", "test/consumer/fixtures/**"] });
      const apart = new Set(globSync([...E2E_TESTS, ...NODE24_TESTS], { cwd: ROOT }));
      expect(run).toEqual(every.filter((f) => !apart.has(f)).sort());
      expect(run).toContain("test/cli/commands-table.test.ts");
      for (const outside of ["test/consumer/consumer.test.ts", "test/site/site.test.ts", "test/kms/msw.node24.test.ts", "test/cli/commands-long.e2e.test.ts"]) expect(run).not.toContain(outside);
      // One in-process Prism per document, started before any file.
      expect(config.test!.globalSetup).toEqual(["test/harness/global-setup.ts"]);
    },
  },
  "npm run test:e2e": {
    check: async () => {
      const help = await npm(["test:e2e", "--", "--help"]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toContain("vitest");
    },
  },
  "npm run mock -- <id> [--port N] [--stateful] [--strict]": {
    check: () =>
      untilReady(...mockCommandCheck),
  },
  "npm run docs:serve [-- --port N]": {
    check: () =>
      untilReady(["docs:serve", "--", "--port", "0"], /reference site on (http:\/\/\S+?)\/ /, async ([, url]) => {
        expect((await fetch(`${url}/index.html`)).status).toBe(200);
      }),
  },
  "npm run sync-exports": {
    // On a copy of the project's package.json, redocly.yaml, scripts and registry (never the
    // checkout's own): stale exports and lint aliases are rewritten from the registry, everything
    // else (the other fields, Redocly's rules and comments) is kept.
    check: async () => {
      const copy = mkdtempSync(join(tmpdir(), "sync-exports-"));
      try {
        const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
        const expected = expectedExports(readServices());
        const [dropped] = Object.keys(expected).filter((k) => k !== "./package.json");
        const stale = { ...pkg, exports: { ...Object.fromEntries(Object.entries(expected).filter(([k]) => k !== dropped)), "./gone": "./gone.js" } };
        writeFileSync(join(copy, "package.json"), `${JSON.stringify(stale, null, 2)}\n`);
        const redocly = readFileSync(join(ROOT, "redocly.yaml"), "utf8");
        writeFileSync(join(copy, "redocly.yaml"), redocly.replace(/^apis:\n(?: {2}.*\n)+/m, "apis:\n  gone:\n    root: openapi/gone.yaml\n"));
        cpSync(join(ROOT, "scripts"), join(copy, "scripts"), { recursive: true });
        cpSync(join(ROOT, "openapi", "services.json"), join(copy, "openapi", "services.json"));
        symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
        const before = readFileSync(join(ROOT, "package.json"), "utf8");
        const result = await npm(["sync-exports"], copy);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toBe(`package.json exports: ${Object.keys(expected).length} entries; redocly.yaml apis: ${readServices().length}\n`);
        expect(readFileSync(join(copy, "redocly.yaml"), "utf8")).toBe(redocly);
        const synced = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
        expect(synced.exports).toEqual(expected);
        expect({ ...synced, exports: undefined }).toEqual({ ...pkg, exports: undefined });
        expect(readFileSync(join(ROOT, "package.json"), "utf8")).toBe(before);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  },
  "npm run assumptions [-- --json]": {
    // Bundles every document with Redocly: several seconds of CPU.
    long: true,
    check: async () => {
      const result = await npm(["assumptions", "--", "--json"]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.stringify(JSON.parse(result.stdout)).length).toBeGreaterThan(1000);
    },
  },
  "npm run breaking [-- --base <ref>]": {
    check: async () => {
      const result = await npm(["breaking", "--", "--base", "no-such-ref"]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('--base "no-such-ref" is not a commit of this repository');
    },
  },
  "npm run fuzz": {
    check: async () => {
      const help = await npm(["fuzz", "--", "--help"]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toContain("vitest");
    },
  },
  "npm run fuzz:mock": {
    check: async () => {
      const help = await npm(["fuzz:mock", "--", "--help"]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toContain("vitest");
    },
  },
  "npm run bench:mock [-- --quick]": {
    check: () => refusesUnknownFlag("bench:mock"),
  },
  "npm run bench": {
    // Loads every measuring module before it reads its flags.
    long: true,
    check: () => refusesUnknownFlag("bench"),
  },
  "npm run supply-chain": {
    // npm audit asks the registry.
    long: true,
    check: async () => {
      const result = await npm(["supply-chain"]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^supply-chain: lockfile ok/m);
    },
  },
  "npm run mutate": {
    // Stryker on the pinned Node 24 binary.
    long: true,
    check: async () => {
      // Stryker needs Node >= 22: the script starts it on the pinned Node 24 binary.
      const usage = await npm(["mutate", "--", "--bogus-config.json"]);
      expect(usage.code, usage.stderr).not.toBe(0);
      expect(usage.stderr).toContain("--bogus-config.json");
      const withNode = (args: string[]) => runChild(process.execPath, ["--import", "tsx", "scripts/with-node.ts", ...args], { cwd: ROOT, what: `scripts/with-node.ts ${args.join(" ")}`, timeoutMs: CHILD_TIMEOUT_MS });
      expect((await withNode(["24", "-p", "process.version"])).stdout.trim()).toMatch(/^v24\./);
      expect((await withNode([])).code).toBe(2);
    },
  },
};
