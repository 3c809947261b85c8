/**
 * Issue 46, the CI recipe's last step: `npx cloud-interfaces mock kms-v2 --stateful … &` then
 * `kill $!` signals npm's process, not the server it started; the server kept its port. The CLI
 * started by npm now stops when npm goes, writing its --state-file and removing its --ready-file
 * on the way out.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Polls `probe` up to `tries` times, 100 ms apart (bounded by count); true once it holds. */
async function eventually(probe: () => boolean | Promise<boolean>, tries = 150): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("mock started by npm", () => {
  it("stops when npm's process is killed: the port is free, the state written, the ready file gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "npm-stop-"));
    const ready = join(dir, "ready");
    const stateFile = join(dir, "state.json");
    const npm = spawn("npx", ["--no-install", "cloud-interfaces", "mock", "kms-v2", "--stateful", "--port", "0", "--ready-file", ready, "--state-file", stateFile], { stdio: "ignore" });
    try {
      expect(await eventually(() => existsSync(ready) && readFileSync(ready, "utf8").trim() !== ""), "the ready file").toBe(true);
      const url = readFileSync(ready, "utf8").trim();
      expect((await fetch(`${url}/__emulator/clock`)).status).toBe(200);
      npm.kill("SIGTERM");
      const closed = await eventually(async () => {
        try {
          await fetch(`${url}/__emulator/clock`);
          return false;
        } catch {
          return true;
        }
      });
      expect(closed, "the server stopped with npm").toBe(true);
      expect(await eventually(() => existsSync(stateFile)), "the state file was written").toBe(true);
      expect(JSON.parse(readFileSync(stateFile, "utf8"))).toMatchObject({ format: "cloud-interfaces/emulator-state", service: "kms-v2" });
      expect(existsSync(ready)).toBe(false);
    } finally {
      npm.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
