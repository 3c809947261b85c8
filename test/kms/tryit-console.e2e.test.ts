/**
 * Issue 48, the Try it console's state as a file and Copy as test, in Chromium:
 * - a key created in the page, exported with Export state, loads in the CLI's
 *   `mock kms-v2 --stateful --state-file` (the same JSON as `GET /__emulator/state`); a key created
 *   there is in the file the CLI writes on stop, and Import state brings both back to the page;
 * - the session after that import (a duplicate alias refused, a create, a list, a count) as the
 *   Vitest file Copy as test writes, run as it is by vitest on Node 24 in a scratch project whose
 *   `cloud-interfaces` is this repository's build (as test/kms/readme-ci-recipe.test.ts links it),
 *   with msw installed: it passes; with the starting state or the seed changed, it fails.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { nodeBinary, pinnedVersion } from "../../scripts/lib/node-lines.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { runChild } from "../harness/child.js";
import { tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const KEY = "application/vnd.svc.kms.key+json";
const work = mkdtempSync(join(tmpdir(), "tryit-console-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function setBody(page: Page, scope: string, name: string, aliases: string[]): Promise<void> {
  const body = JSON.parse(await page.inputValue(`${scope} .tryit-body`));
  body.resources[0] = { ...body.resources[0], name, aliases };
  await page.fill(`${scope} .tryit-body`, JSON.stringify(body));
}

async function downloaded(page: Page, click: () => Promise<unknown>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = join(work, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** `mock kms-v2 --stateful --state-file <file>` from the sources; resolves its URL and a stop that waits for the exit (which writes the file). */
async function startCli(stateFile: string): Promise<{ url: string; stop(): Promise<number | null> }> {
  const ready = join(work, "ready");
  rmSync(ready, { force: true });
  const child = spawn(process.execPath, [join(ROOT, "node_modules/tsx/dist/cli.mjs"), join(ROOT, "runtime/cli/main.ts"), "mock", "kms-v2", "--stateful", "--port", "0", "--seed", "5", "--state-file", stateFile, "--ready-file", ready], { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  // Bounded by count: 600 looks 100 ms apart.
  for (let i = 0; i < 600 && !(existsSync(ready) && readFileSync(ready, "utf8").trim()); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(ready)) throw new Error(`the CLI did not start:\n${out}`);
  return {
    url: readFileSync(ready, "utf8").trim(),
    stop: () => new Promise((resolve) => (child.once("exit", (code) => resolve(code)), child.kill("SIGTERM"))),
  };
}

/** Runs `file` with vitest on Node 24 in a scratch project: cloud-interfaces linked to this repository's build, msw and vitest installed. */
async function runInScratch(name: string, text: string) {
  const project = join(work, name);
  mkdirSync(join(project, "node_modules"), { recursive: true });
  symlinkSync(ROOT, join(project, "node_modules", "cloud-interfaces"));
  for (const pkg of ["msw", "vitest"]) symlinkSync(join(ROOT, "node_modules", pkg), join(project, "node_modules", pkg));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "copied-test", private: true, type: "module" }));
  writeFileSync(join(project, "kms-v2.tryit.test.ts"), text);
  return runChild(nodeBinary(pinnedVersion("24")), [join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--root", project, "kms-v2.tryit.test.ts"], {
    cwd: project,
    what: `vitest on Node 24 over the copied test (${name})`,
    timeoutMs: 200_000,
    env: { NO_COLOR: "1", FORCE_COLOR: "0" },
  });
}

run("Try it console: state as a file, and Copy as test (Chromium)", () => {
  const site = tryitSite(readServices().filter((s) => s.id === "kms-v2"), "tryit-console-kms");
  let copied = "";

  it("a state exported from the page loads in the CLI's --state-file, and the CLI's file loads back in the page", { timeout: 180_000 }, async () => {
    const context = await site.browser.newContext({ acceptDownloads: true });
    const { page, watch } = await site.open(context, "kms-v2.html");
    const create = await site.panel(page, "createKey");
    await setBody(page, create, "from-page", ["page-alias"]);
    expect((await site.send(page, create)).status).toBe("Status 201");
    const exported = await downloaded(page, () => page.click(`${create} .tryit-export`));
    expect(exported.endsWith("kms-v2.state.json")).toBe(true);
    expect(JSON.parse(readFileSync(exported, "utf8"))).toMatchObject({ format: "cloud-interfaces/emulator-state", version: 1, service: "kms-v2" });

    const instance = await page.inputValue(`${create} .tryit-param[data-name="svc-instance"]`).catch(() => "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d");
    const headers = { authorization: "Bearer t", "svc-instance": instance };
    const cli = await startCli(exported);
    let stopped = false;
    try {
      const names = async () => ((await (await fetch(`${cli.url}/api/v2/keys`, { headers })).json()) as { resources: Array<{ name: string }> }).resources.map((k) => k.name).sort();
      expect(await names()).toEqual(["from-page"]);
      const made = await fetch(`${cli.url}/api/v2/keys`, { method: "POST", headers: { ...headers, "content-type": KEY }, body: JSON.stringify({ metadata: { collectionType: KEY, collectionTotal: 1 }, resources: [{ type: KEY, name: "from-cli", aliases: ["shared-alias"] }] }) });
      expect(made.status).toBe(201);
      expect(await names()).toEqual(["from-cli", "from-page"]);
      const served = await (await fetch(`${cli.url}/__emulator/state`)).json();
      expect(await cli.stop()).toBe(0);
      stopped = true;
      // The file the CLI wrote on stop is the JSON GET /__emulator/state gave.
      expect(JSON.parse(readFileSync(exported, "utf8"))).toEqual(served);
    } finally {
      if (!stopped) await cli.stop();
    }

    await page.setInputFiles(`${create} .tryit-import-file`, exported);
    await page.waitForSelector(`${create} .tryit-tool-status >> text=State loaded`);
    const list = await site.panel(page, "listKeys");
    const listed = await site.send(page, list);
    expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name).sort()).toEqual(["from-cli", "from-page"]);

    // The session Copy as test covers starts at the import: that list, a duplicate alias (refused by the imported
    // state), a create whose id comes from the seed, a list and a count.
    await setBody(page, create, "dup", ["shared-alias"]);
    const refused = await site.send(page, create);
    expect(refused.status).not.toBe("Status 201");
    await setBody(page, create, "in-session", ["fresh-alias"]);
    expect((await site.send(page, create)).status).toBe("Status 201");
    expect((await site.send(page, list)).status).toBe("Status 200");
    expect((await site.send(page, await site.panel(page, "getKeyTotal"))).status).toBe("Status 200");
    await page.click(`${list} .tryit-copy-test`);
    copied = (await page.textContent(`${list} .tryit-test-file`, { timeout: 20_000 }))!;
    expect(copied).toContain("replays the Try it session");
    writeFileSync(join(ROOT, "dist", "copy-as-test-kms-v2.tryit.test.ts"), copied);
    // The duplicate alias's refusal is logged by Chromium as a failed load; nothing else.
    expect((await watch.settled()).filter((line) => !/status of 409/.test(line))).toEqual([]);
    await context.close();
  });

  it("the file Copy as test wrote passes as it is, with vitest and mswEmulator on Node 24; with another start or seed it fails", { timeout: 400_000 }, async () => {
    expect(copied).not.toBe("");
    expect(copied.match(/^ {2}\/\/ \d+\. /gm)).toHaveLength(5);
    const passed = await runInScratch("as-written", copied);
    expect(passed.code, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/1 passed/);
    writeFileSync(join(ROOT, "dist", "copy-as-test-kms-v2.run.txt"), passed.stdout + passed.stderr);
    // Without the imported state the duplicate alias is accepted: the test sees 201 where the page saw a refusal.
    const noStart = await runInScratch("no-start", copied.replace(/^const START = [\s\S]*?^};$/m, "const START = undefined;"));
    expect(noStart.code, noStart.stdout).not.toBe(0);
    // Another seed gives another id to the created key.
    const otherSeed = await runInScratch("other-seed", copied.replace(/random: seeded\(\d+\)/, "random: seeded(12345)"));
    expect(otherSeed.code, otherSeed.stdout).not.toBe(0);
    expect(otherSeed.stdout + otherSeed.stderr).toMatch(/toContain|to include/);
  });
});
