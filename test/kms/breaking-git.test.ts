/**
 * The gate end to end against a scratch git repository: base read from a commit, services
 * matched through services.json (a removed service fails, a renamed document is still
 * compared), and a --base that tries shell or option injection is refused without effect.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GateUsageError, runGate } from "../../scripts/lib/breaking-git.js";
import { OPENAPI_DIR, ROOT } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { runChild } from "../harness/child.js";

let repo: string;
const git = (...args: string[]) => execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { encoding: "utf8" });
const openapi = (...parts: string[]) => join(repo, "openapi", ...parts);
const writeRegistry = (services: unknown[]) => writeFileSync(openapi("services.json"), JSON.stringify({ services }, null, 2));
/** KMS, edited below, and another service made of its own folder alone (no family fragments), removed below. */
const kms = readServices().find((s) => s.id === "kms-v2")!;
const other = readServices().find((s) => s.id !== kms.id && !existsSync(join(OPENAPI_DIR, "shared", s.family ?? s.id)))!;
const registered = [kms, other];

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "gate-repo-"));
  mkdirSync(openapi(), { recursive: true });
  // Only what the two registered documents are made of: each document and its own folder.
  for (const s of registered) {
    cpSync(join(OPENAPI_DIR, s.document), openapi(s.document));
    cpSync(join(OPENAPI_DIR, s.id), openapi(s.id), { recursive: true });
  }
  writeRegistry(registered);
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "base");
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

// Each comparison bundles both sides of two documents: generous on a loaded machine.
describe("gate against a git base", { timeout: 60_000 }, () => {
  it("passes an unchanged tree", async () => {
    const result = await runGate({ root: repo });
    expect(result.code).toBe(0);
    expect(result.output.split("\n").at(-1)).toBe("breaking: 0 error(s), 0 warning(s)");
  });

  it("fails a removed service and compares a renamed document with its old self", async () => {
    renameSync(openapi(kms.document), openapi("kms.yaml"));
    // The document is renamed and, at the same time, its HEAD operation's Key-Total header made optional.
    const operation = openapi("kms-v2/operations/getKeyTotal.yaml");
    const text = readFileSync(operation, "utf8");
    const header = "        description: Number of keys that match the request.\n        required: true\n";
    expect(text.split(header)).toHaveLength(2);
    writeFileSync(operation, text.replace(header, "        description: Number of keys that match the request.\n"));
    rmSync(openapi(other.document));
    writeRegistry([{ ...kms, document: "kms.yaml" }]);
    try {
      const result = await runGate({ root: repo });
      expect(result.code).toBe(1);
      expect(result.reports.flatMap((r) => r.changes.map((c) => `${r.id} ${c.level} ${c.rule}`)).sort()).toEqual([
        "kms-v2 error response-header-became-optional",
        "kms-v2 info service-document-renamed",
        `${other.id} error service-removed`,
      ].sort());
      const changelog = await runGate({ root: repo, changelog: true });
      expect(changelog.output).toContain(`### Removed\n- ${other.id}: \`openapi/services.json\`: service removed (was openapi/${other.document}) **(breaking)**`);
    } finally {
      git("checkout", "-q", "--", ".");
      rmSync(openapi("kms.yaml"), { force: true });
    }
  });

  /** A commit on top of HEAD whose openapi/services.json is `registry` (or absent), made without touching the work tree. */
  function baseWithRegistry(registry: string | undefined): string {
    if (registry === undefined) {
      git("rm", "-q", "--cached", "openapi/services.json");
    } else {
      const blob = execFileSync("git", ["-C", repo, "hash-object", "-w", "--stdin"], { input: registry, encoding: "utf8" }).trim();
      git("update-index", "--cacheinfo", `100644,${blob},openapi/services.json`);
    }
    const tree = git("write-tree").trim();
    git("reset", "-q");
    return git("commit-tree", tree, "-p", "HEAD", "-m", "base").trim();
  }

  it("refuses a base without a registry, and skips a service registered there before its document was written", async () => {
    const bare = baseWithRegistry(undefined);
    await expect(runGate({ root: repo, base: bare })).rejects.toThrow(new GateUsageError(`${bare} has no openapi/services.json to compare with`));
    const ghost = baseWithRegistry(JSON.stringify({ services: [...registered, { id: "ghost", document: "ghost.yaml", seed: "" }] }));
    const result = await runGate({ root: repo, base: ghost });
    expect(result.code).toBe(0);
    expect(result.reports.map((r) => r.id).sort()).toEqual([kms.id, other.id].sort());
  });

  it("leaves no copy of the base behind, after a comparison or a refusal", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "gate-tmp-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      await runGate({ root: repo });
      await expect(runGate({ root: repo, base: baseWithRegistry(undefined) })).rejects.toThrow(GateUsageError);
      expect(readdirSync(scratch)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("refuses a --base with shell or option injection, and runs nothing", async () => {
    const marker = join(repo, "F");
    const attempts = [
      `main" openapi >/dev/null; echo INJECTED > F; echo "`,
      `HEAD; echo INJECTED > ${marker}`,
      `$(echo INJECTED > ${marker})`,
      `--output=${marker}`,
    ];
    for (const base of attempts) {
      await expect(runGate({ root: repo, base }), base).rejects.toThrow(GateUsageError);
      await expect(runGate({ root: repo, base })).rejects.toThrow(`--base ${JSON.stringify(base)} is not a commit of this repository`);
    }
    for (const place of [marker, join(ROOT, "F"), join(process.cwd(), "F")]) expect(existsSync(place), place).toBe(false);
  });

  it("the command exits 2 on the issue's injection string and writes no file", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "gate-cwd-"));
    try {
      const run = await runChild(join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "scripts/breaking.ts"), "--base", `main" openapi >/dev/null; echo INJECTED > F; echo "`], {
        cwd,
        what: "npm run breaking refusing an injected --base",
        timeoutMs: 50_000,
      });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("is not a commit of this repository");
      expect(existsSync(join(cwd, "F"))).toBe(false);
      expect(existsSync(join(ROOT, "F"))).toBe(false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
