/**
 * Issue 34: a new user's `verify kms-v2 --allow-writes`, with only the flags the README's verify
 * command shows (its `--bind svc-instance=…` instance, not the document's example instance),
 * against a fresh `mock kms-v2 --stateful` over HTTP, verifies every check. The flags are read
 * from the README, so the test follows it; `rate` is lifted only to keep the run fast.
 */
import { describe, expect, it } from "vitest";
import { startMock } from "cloud-interfaces/mock";
import { verifyServer } from "cloud-interfaces/verify";
import { readmeText } from "../consumer/readme-blocks.js";

/** The README's `verify kms-v2` command: its `--name value` flags (the bracketed optional ones left out), continuation lines joined. */
function readmeVerifyFlags(): Map<string, string[]> {
  const command = /npx cloud-interfaces verify kms-v2((?:[^\n]*\\\n)*[^\n]*)/.exec(readmeText())?.[1];
  if (!command) throw new Error("README.md shows no `npx cloud-interfaces verify kms-v2` command");
  const flags = new Map<string, string[]>();
  const words = command.replace(/\\\n/g, " ").replace(/\[[^\]]*\]/g, " ").split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const name = words[i]!;
    if (!name.startsWith("--")) continue;
    const next = words[i + 1];
    const value = next !== undefined && !next.startsWith("--") ? (i++, next) : "";
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  return flags;
}

const pairs = (values: string[] = []) => Object.fromEntries(values.map((v) => [v.slice(0, v.indexOf("=")), v.slice(v.indexOf("=") + 1)]));

describe("the README's verify kms-v2 against a fresh stateful mock", () => {
  it("with --allow-writes and only the README's flags, every check is verified", { timeout: 60_000 }, async () => {
    const flags = readmeVerifyFlags();
    const bind = pairs(flags.get("--bind"));
    const credentialsEnv = pairs(flags.get("--credentials-env"));
    // The README binds its own instance, not the document's example instance.
    expect(bind["svc-instance"]).toMatch(/^0c7d3a52-/);
    expect(Object.keys(credentialsEnv)).toEqual(["bearerAuth"]);
    const mock = await startMock("kms-v2", { stateful: true, port: 0 });
    try {
      const env = Object.fromEntries(Object.values(credentialsEnv).map((name) => [name, "my-iam-token"]));
      const report = await verifyServer("kms-v2", { baseUrl: mock.url, bind, credentialsEnv, env, allowWrites: true, rate: Infinity });
      const failed = report.operations.flatMap((o) => o.checks.filter((c) => c.verdict !== "verified").map((c) => `${o.operationId}: ${c.name} (${c.verdict}: ${c.reason ?? c.failures[0]?.message ?? ""})`));
      expect(failed).toEqual([]);
      expect(report.summary).toMatchObject({ verified: report.summary.checks, failed: 0, notVerified: 0, skipped: 0 });
      expect(report.coverage.operations.exercised).toBe(report.coverage.operations.total);
    } finally {
      await mock.close();
    }
  });
});
