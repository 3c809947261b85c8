/**
 * CORS as a browser enforces it: a page on one loopback origin calls `mock kms-v2` and the HTTP
 * emulator (`mock kms-v2 --stateful`), each started as the command a user runs, on another
 * origin (another port), with the credentials headers that make Chromium send a preflight, and
 * reads `Key-Total`, the documented response header of `HEAD /api/v2/keys`. With `--no-cors`
 * Chromium blocks the same call.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/paths.js";
import { chromiumAvailable, launchChromium, requireBrowser } from "../harness/browser.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";

/** `cloud-interfaces mock <args>` from the sources, resolved with its listening URL. */
async function startCli(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "runtime/cli/main.ts"), "mock", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    // A second Node loading tsx and Prism: seconds when quiet, many more on a loaded machine.
    const timer = setTimeout(() => (child.kill(), reject(new Error(`mock ${args.join(" ")}: no listening line in 90 s: ${out}${err}`))), 90_000);
    child.stdout!.on("data", (d) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) (clearTimeout(timer), resolve(match[1]!));
    });
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`mock ${args.join(" ")} exited (${code}): ${out}${err}`))));
  });
  return { child, url };
}

/** In the page: the documented count request, credentials and all; what the page can read of the answer, or the error. */
function countKeys(page: Page, base: string): Promise<{ status: number; keyTotal: string | null } | { error: string }> {
  return page.evaluate(
    async ({ base, instance }) => {
      try {
        const response = await fetch(`${base}/api/v2/keys`, { method: "HEAD", headers: { authorization: "Bearer t", "svc-instance": instance } });
        return { status: response.status, keyTotal: response.headers.get("key-total") };
      } catch (error) {
        return { error: String(error) };
      }
    },
    { base, instance: INSTANCE },
  );
}

run("CORS in Chromium: a page on another loopback origin calls the mock and the emulator", { timeout: 120_000 }, () => {
  let browser: Browser;
  let site: Server;
  let origin: string;
  const children: ChildProcess[] = [];
  const servers: Record<string, string> = {};

  beforeAll(async () => {
    site = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>app</title><body>app</body>"));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    const started = await Promise.all([
      startCli(["kms-v2", "--port", "0"]),
      startCli(["kms-v2", "--port", "0", "--stateful"]),
      startCli(["kms-v2", "--port", "0", "--no-cors"]),
      startCli(["kms-v2", "--port", "0", "--stateful", "--no-cors"]),
    ]);
    children.push(...started.map((s) => s.child));
    for (const [i, key] of ["mock", "stateful", "mockNoCors", "statefulNoCors"].entries()) servers[key] = started[i]!.url;
    browser = await launchChromium();
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    for (const child of children) child.kill();
    site?.close();
  });

  async function fromPage(base: string) {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
      expect(new URL(base).origin).not.toBe(origin);
      return await countKeys(page, base);
    } finally {
      await page.close();
    }
  }

  it("mock kms-v2: the preflight passes and the page reads Key-Total", async () => {
    const answer = await fromPage(servers.mock!);
    expect(answer).toMatchObject({ status: 200 });
    expect((answer as { keyTotal: string | null }).keyTotal).toMatch(/^\d+$/);
  });

  it("mock kms-v2 --stateful: the page reads the emulator's Key-Total", async () => {
    const answer = await fromPage(servers.stateful!);
    expect(answer).toMatchObject({ status: 200 });
    expect((answer as { keyTotal: string | null }).keyTotal).toMatch(/^\d+$/);
  });

  it.each([
    ["mock kms-v2 --no-cors", "mockNoCors"],
    ["mock kms-v2 --stateful --no-cors", "statefulNoCors"],
  ])("%s: Chromium blocks the call", async (_name, key) => {
    const answer = await fromPage(servers[key]!);
    expect(answer).toEqual({ error: expect.stringMatching(/TypeError: Failed to fetch/) });
    // The server itself is up and answers a caller that is no page.
    const direct = await fetch(`${servers[key]}/api/v2/keys`, { method: "HEAD", headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });
    expect(direct.status).toBe(200);
  });
});
