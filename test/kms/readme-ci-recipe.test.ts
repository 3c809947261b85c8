/**
 * Issue 46: the README's CI recipe (the bash block after `<!-- readme:ci-recipe -->`) run as
 * written, in a project where the package is installed (linked to this repository's build) and
 * whose `npm test` is a stand-in for the user's tests: it reads KMS_URL, finds the emulator reset
 * and creates a key. After the script ends, its trap has stopped the emulator npx started: the
 * port is free and the ready file gone.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readmeText } from "../consumer/readme-blocks.js";
import { ROOT } from "../../scripts/lib/paths.js";

function recipe(): string {
  const match = /<!-- readme:ci-recipe[^>]*-->\s*```bash\n([\s\S]*?)```/.exec(readmeText());
  if (!match) throw new Error("README.md: the CI recipe (readme:ci-recipe) is missing");
  return match[1]!;
}

const STAND_IN = `
const url = process.env.KMS_URL;
if (!url) throw new Error("KMS_URL is not set");
const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
const KEY = "application/vnd.svc.kms.key+json";
const created = await fetch(url + "/api/v2/keys", { method: "POST", headers: { ...headers, "content-type": KEY }, body: JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "from-ci" }] }) });
const record = await (await fetch(url + "/__emulator/requests")).json();
console.log("stand-in tests: create " + created.status + ", recorded " + record.requests.map((r) => r.operation).join(","));
console.log("emulator was at " + url);
`;

describe("the README's CI recipe", () => {
  it("starts the emulator, waits, runs the tests with KMS_URL, and stops it", async () => {
    const project = mkdtempSync(join(tmpdir(), "ci-recipe-"));
    try {
      mkdirSync(join(project, "ci"));
      mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
      symlinkSync(ROOT, join(project, "node_modules", "cloud-interfaces"));
      symlinkSync(join(ROOT, "dist", "lib", "runtime", "cli", "main.js"), join(project, "node_modules", ".bin", "cloud-interfaces"));
      writeFileSync(join(project, "package.json"), JSON.stringify({ name: "ci-app", private: true, type: "module", scripts: { test: "node stand-in.mjs" } }));
      writeFileSync(join(project, "stand-in.mjs"), STAND_IN);
      writeFileSync(join(project, "ci", "with-emulator.sh"), recipe());
      const run = spawnSync("bash", ["ci/with-emulator.sh"], { cwd: project, encoding: "utf8", timeout: 60_000 });
      const output = run.stdout + run.stderr;
      expect(run.status, output).toBe(0);
      expect(run.stdout).toContain("stand-in tests: create 201, recorded createKey");
      const url = /emulator was at (\S+)/.exec(run.stdout)![1]!;
      // Bounded by count: 100 tries 100 ms apart for the server to go with npm.
      let closed = false;
      for (let i = 0; i < 100 && !closed; i++) {
        try {
          await fetch(`${url}/__emulator/clock`);
          await new Promise((r) => setTimeout(r, 100));
        } catch {
          closed = true;
        }
      }
      expect(closed, "the emulator stopped when the script ended").toBe(true);
      expect(existsSync(join(project, ".kms-url"))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 90_000);
});
