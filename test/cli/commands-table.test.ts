/**
 * Every command in the README's command table works as written, flags included. Quick ones run
 * as written; long ones (test:e2e, fuzz, fuzz:mock, bench, bench:mock, mutate) are checked for
 * their argument handling only: the flags reach the script they are meant for. A row added to
 * the table without a check here fails the first test.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exec } from "../consumer/workspace.js";
import { ROOT } from "../../scripts/lib/paths.js";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const table = README.slice(README.indexOf("## Commands\n"), README.indexOf("\n## ", README.indexOf("## Commands\n") + 5));
const ROWS = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);

const npm = (args: string[], env: NodeJS.ProcessEnv = {}) => exec("npm", ["run", "--silent", ...args], ROOT, { NO_COLOR: "1", ...env });

/** Starts a long-running npm script, resolves with the first match of `ready` on stdout, then stops the whole process group. */
async function untilReady(args: string[], ready: RegExp, use: (match: RegExpMatchArray) => Promise<void>): Promise<void> {
  const child = spawn("npm", ["run", "--silent", ...args], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  try {
    const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
      child.stdout!.on("data", (d) => {
        out += d;
        const m = out.match(ready);
        if (m) resolve(m);
      });
      child.once("exit", (code) => reject(new Error(`npm run ${args.join(" ")} exited ${code}: ${out}${err}`)));
    });
    await use(match);
  } finally {
    process.kill(-child.pid!, "SIGTERM");
  }
}

const CHECKS: Record<string, () => Promise<void>> = {
  "npm run build": async () => {
    // The flags reach scripts/build.ts, not tsc (which would stop with TS5023).
    const help = await npm(["build", "--", "--help"]);
    expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining("--only <id>") });
    const bogus = await npm(["build", "--", "--bogus"]);
    expect(bogus.code, bogus.stderr).toBe(2);
    expect(bogus.stderr).toContain("build: Unknown option '--bogus'");
    const only = await npm(["build", "--", "--no-cache", "--only", "no-such-service"]);
    expect(only.code, only.stderr).toBe(1);
    expect(only.stderr).toContain("Unknown service id(s): no-such-service");
    expect(only.stdout + only.stderr).not.toContain("TS5023");
  },
  // This suite is what it runs: the script is vitest over vitest.config.ts.
  "npm test": async () => {
    expect(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts.test).toBe("vitest run");
  },
  "npm run test:e2e": async () => {
    const help = await npm(["test:e2e", "--", "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("vitest");
  },
  "npm run mock -- <id> [--port N] [--stateful] [--strict]": () =>
    untilReady(["mock", "--", "kms-v2", "--port", "0", "--stateful", "--strict"], /kms-v2 stateful emulator listening on (http:\/\/\S+) \(strict\)/, async ([, url]) => {
      const res = await fetch(`${url}/api/v2/keys?limt=1`, { headers: { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" } });
      expect(res.status).toBe(400);
      expect(res.headers.get("x-mock-warning")).toBe('undeclared query parameter "limt"');
    }),
  "npm run docs:serve [-- --port N]": () =>
    untilReady(["docs:serve", "--", "--port", "0"], /reference site on (http:\/\/\S+?)\/ /, async ([, url]) => {
      expect((await fetch(`${url}/index.html`)).status).toBe(200);
    }),
  "npm run sync-exports": async () => {
    const before = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    expect((await npm(["sync-exports"])).code).toBe(0);
    expect(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).toBe(before);
  },
  "npm run assumptions [-- --json]": async () => {
    const result = await npm(["assumptions", "--", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.stringify(JSON.parse(result.stdout)).length).toBeGreaterThan(1000);
  },
  "npm run breaking [-- --base <ref>]": async () => {
    const result = await npm(["breaking", "--", "--base", "no-such-ref"]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--base "no-such-ref" is not a commit of this repository');
  },
  "npm run fuzz": async () => {
    const help = await npm(["fuzz", "--", "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("vitest");
  },
  "npm run fuzz:mock": async () => {
    const help = await npm(["fuzz:mock", "--", "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("vitest");
  },
  "npm run bench:mock [-- --quick]": async () => {
    const bogus = await npm(["bench:mock", "--", "--bogus"]);
    expect(bogus.code, bogus.stderr).not.toBe(0);
    expect(bogus.stderr).toContain("Unknown option '--bogus'");
  },
  "npm run bench": async () => {
    const bogus = await npm(["bench", "--", "--bogus"]);
    expect(bogus.code, bogus.stderr).not.toBe(0);
    expect(bogus.stderr).toContain("Unknown option '--bogus'");
  },
  "npm run supply-chain": async () => {
    const result = await npm(["supply-chain"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^supply-chain: lockfile ok/m);
  },
  "npm run mutate": async () => {
    // Stryker needs Node >= 22: the script starts it on the pinned Node 24 binary.
    const usage = await npm(["mutate", "--", "--bogus-config.json"]);
    expect(usage.code, usage.stderr).not.toBe(0);
    expect(usage.stderr).toContain("--bogus-config.json");
    const version = await exec(process.execPath, ["--import", "tsx", "scripts/with-node.ts", "24", "-p", "process.version"], ROOT);
    expect(version.stdout.trim()).toMatch(/^v24\./);
    expect((await exec(process.execPath, ["--import", "tsx", "scripts/with-node.ts"], ROOT)).code).toBe(2);
  },
};

describe("the README's command table", () => {
  it("has a check here for every row", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(CHECKS).sort()).toEqual([...ROWS].sort());
  });

  it.concurrent.each(ROWS)("%s", { timeout: 60_000 }, async (row) => {
    await CHECKS[row]!();
  });
});
