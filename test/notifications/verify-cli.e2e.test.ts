/**
 * `cloud-interfaces verify` and `proxy` as a user runs them: the command line, secrets from the
 * environment, the report formats and files, and the exit codes (0 passed, 1 a check failed, 2
 * usage or connection error), against the notifications-v1 emulator served over HTTP.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";

const MAIN = join(import.meta.dirname, "../../runtime/cli/main.ts");
const SECRET = "notif-token-e2e-5c1f";

/** Runs the bin; `whileUp` runs once the command prints its first line, then the process gets SIGINT. */
function cli(args: string[], env: Record<string, string> = {}, whileUp?: (firstLine: string) => Promise<void>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    if (whileUp) child.stdout.once("data", (d) => void whileUp(String(d)).finally(() => child.kill("SIGINT")));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("cloud-interfaces verify / proxy", () => {
  let good: { url: string; close(): Promise<void> };
  let broken: { url: string; close(): Promise<void> };
  const dir = mkdtempSync(join(tmpdir(), "verify-e2e-"));

  beforeAll(async () => {
    good = await serveHandler(createEmulator("notifications-v1"));
    const emulator = createEmulator("notifications-v1");
    // A server that answers listing topics with an undocumented status.
    broken = await serveHandler(async (r) => (r.method === "GET" && new URL(r.url).pathname.endsWith("/topics") ? new Response(null, { status: 418 }) : emulator.handle(r)));
  });
  afterAll(async () => {
    await good.close();
    await broken.close();
  });

  const run = (url: string, ...extra: string[]) =>
    cli(["verify", "notifications-v1", "--base-url", url, "--credentials-env", "bearerAuth=NOTIF_TOKEN", "--allow-writes", "--allow-send", "--rate", "1000", ...extra], { NOTIF_TOKEN: SECRET });

  it("exits 0 when every check passes, and writes a JUnit report without the secret", async () => {
    const out = join(dir, "report.xml");
    const { code, stderr } = await run(good.url, "--report", "junit", "--out", out);
    expect(code, stderr).toBe(0);
    const xml = readFileSync(out, "utf8");
    expect(xml).toMatch(/<testsuites name="verify notifications-v1" tests="\d+" failures="0"/);
    expect(xml).not.toContain(SECRET);
    expect(stderr).toMatch(/verify notifications-v1: passed/);
  }, 60_000);

  it("exits 1 on a failed check, naming the operation and the pointer in the text report", async () => {
    const { code, stdout } = await run(broken.url);
    expect(code).toBe(1);
    expect(stdout).toMatch(/✗ listTopics .*\n(.*\n)*.*status 418 is not documented for listTopics {2}\[#\/paths\/~1v1~1instances~1\{instance_id\}~1topics\/get\/responses\]/);
    expect(stdout).toMatch(/coverage: operations \d+\/12/);
    expect(stdout).not.toContain(SECRET);
  }, 60_000);

  it("exits 2 without credentials: the secured checks are not verified, and the report names the option", async () => {
    const { code, stdout } = await cli(["verify", "notifications-v1", "--base-url", good.url, "--allow-writes", "--rate", "1000", "--only", "listTopics"]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^notifications-v1 at http:\/\/127\.0\.0\.1:\d+: NOT VERIFIED$/m);
    expect(stdout).toContain("? not verified: 401: no credentials for bearerAuth: give them with --credentials-env bearerAuth=<VARIABLE>");
    expect((await cli(["verify", "notifications-v1", "--base-url", good.url, "--rate", "1000", "--only", "listTopics", "--allow-unverified"])).code).toBe(0);
  }, 60_000);

  it("exits 2 with a partial report when the deadline is reached", async () => {
    const { code, stdout } = await run(good.url, "--rate", "5", "--deadline", "1");
    expect(code).toBe(2);
    expect(stdout).toMatch(/INCOMPLETE/);
    expect(stdout).toMatch(/incomplete: deadline reached: the overall deadline of 1000 ms ran out/);
  }, 60_000);

  it("exits 2 on usage and connection errors", async () => {
    expect((await cli(["verify", "notifications-v1"])).code).toBe(2);
    const unset = await cli(["verify", "notifications-v1", "--base-url", good.url, "--credentials-env", "bearerAuth=NOT_SET_ANYWHERE"]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/NOT_SET_ANYWHERE is not set/);
    const refused = await cli(["verify", "notifications-v1", "--base-url", "http://127.0.0.1:9"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no answer/);
  }, 60_000);

  it("proxy forwards, logs a violation and prints the drift summary when stopped", async () => {
    let status = 0;
    const { stdout, stderr } = await cli(["proxy", "notifications-v1", "--target", broken.url, "--port", "0"], {}, async (line) => {
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1];
      status = (await fetch(`${url}/v1/instances/9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f/topics`, { headers: { authorization: "Bearer t" } })).status;
    });
    expect(status).toBe(418);
    expect(stdout).toMatch(/validating proxy on http:\/\/127\.0\.0\.1:\d+/);
    expect(stderr).toMatch(/server broke the document on listTopics .*status 418 is not documented/);
    expect(stderr).toMatch(/notifications-v1 proxy: 1 violation\(s\)\n {2}1× server listTopics: status 418 is not documented/);
  }, 60_000);
});
