/**
 * The README's browser example, run as written: MSW's worker script set up with `msw init`,
 * the example bundled by esbuild (platform browser), served on loopback and run in headless
 * Chromium. The generated client's requests to the document's host are answered by the
 * kms-v2 emulator inside the page; none reaches the network.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { ROOT } from "../../scripts/lib/paths.js";
import { bundleForPage } from "../../scripts/lib/site/browser-build.js";
import { browserExample } from "../consumer/readme-blocks.js";
import { chromiumAvailable, closeAll, launchChromium, openWatched, requireBrowser } from "../harness/browser.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

/** The ```typescript block after the README's marker comment (not ```ts: the README's Node-program check runs those). */
const readmeExample = browserExample;

run("README browser example: setupWorker with mswEmulator in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  const dir = mkdtempSync(join(tmpdir(), "msw-browser-"));

  beforeAll(async () => {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "readme-example", private: true }));
    writeFileSync(join(dir, "app.ts"), readmeExample());
    // The README's own step: MSW's CLI copies its worker script into the served folder.
    execFileSync(process.execPath, [join(ROOT, "node_modules/msw/cli/index.js"), "init", "public", "--no-save"], { cwd: dir, stdio: "pipe" });
    await bundleForPage({ app: join(dir, "app.ts") }, join(dir, "public"), { write: true });
    writeFileSync(join(dir, "public", "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>example</title><body>loading</body><script type="module" src="app.js"></script>`);
    ({ url: base, server } = await serveStatic(join(dir, "public")));
    browser = await launchChromium();
  }, 60_000);

  afterAll(() => closeAll(browser, server, dir));

  it("creates a key and lists it, answered by the emulator in the page, offline", async () => {
    const { context, page, watch } = await openWatched(browser, base);
    await page.goto(`${base}/index.html`);
    await page.waitForFunction(() => document.body.textContent?.trim() !== "loading", undefined, { timeout: 15_000 });
    // What the README says the page shows: the create's and the list's statuses, and the key listed.
    expect(await page.textContent("body")).toBe("POST 201, GET 200: k");
    expect(await watch.settled()).toEqual([]);
    // The two calls went to the document's host and were answered inside the page.
    expect(watch.byWorker).toEqual(["POST https://us-south.kms.example.com/api/v2/keys", "GET https://us-south.kms.example.com/api/v2/keys"]);
    await context.close();
  });
});
