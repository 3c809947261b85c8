/**
 * Publishing the reference as a reader would: `cloud-interfaces docs --out <dir>` into a
 * temporary folder, that folder served under `/docs/` by a plain static server (files and
 * content types, nothing of the docs server's), opened in Chromium. The pages, their links and
 * Try it work there: every request the pages make stays under /docs/, and the try-it worker
 * registered from /docs/ answers a KMS create and the list that shows it.
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../runtime/cli/commands.js";
import { chromiumAvailable, closeAll, launchChromium, openWatched, requireBrowser } from "../harness/browser.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const PREFIX = "/docs/";
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json", ".yaml": "text/yaml" };

/** What any static host does: a file under the prefix, or 404. */
function plainServer(root: string, requested: string[]): Server {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requested.push(path);
    const file = normalize(join(root, path.endsWith("/") ? `${path.slice(PREFIX.length)}index.html` : path.slice(PREFIX.length)));
    if (!path.startsWith(PREFIX) || !file.startsWith(root + sep)) return void res.writeHead(404).end();
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
}

run("the site from docs --out, served under /docs/ by a plain static server", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  let dir: string;
  const requested: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "published-"));
    const log = console.log;
    console.log = () => {};
    try {
      expect(await runCli(["docs", "--out", join(dir, "out")])).toBe(0);
    } finally {
      console.log = log;
    }
    server = plainServer(join(dir, "out"), requested);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(() => closeAll(browser, server, dir));

  it("the index links to every page; Try it answers createKey then listKeys from the worker at /docs/", async () => {
    const { context, page, watch } = await openWatched(browser, base);
    await page.goto(base);
    const links = await page.$$eval("article.service a.reference", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    // Each page read to its end: a body still arriving when the page navigates away is aborted (a failed request the watch reports).
    for (const link of links) expect((await page.evaluate((href) => fetch(href).then(async (r) => (await r.arrayBuffer(), r.status)), link)), link).toBe(200);

    await page.click('article[data-service="kms-v2"] a.reference');
    await page.waitForURL(`${base}kms-v2.html`);
    const open = async (operationId: string) => {
      await page.waitForSelector(`button[aria-controls="tryit-${operationId}"]`, { timeout: 20_000 });
      await page.click(`button[aria-controls="tryit-${operationId}"]`);
      await page.waitForSelector(`#tryit-${operationId} .tryit-send`, { timeout: 20_000 });
      await page.click(`#tryit-${operationId} .tryit-send`);
      await page.waitForSelector(`:is(#tryit-${operationId}, #tryit-${operationId}-answer) .tryit-result[data-ms]`, { timeout: 20_000 });
      return { status: await page.textContent(`:is(#tryit-${operationId}, #tryit-${operationId}-answer) .tryit-status`), body: (await page.textContent(`:is(#tryit-${operationId}, #tryit-${operationId}-answer) .tryit-response-body`)) ?? "" };
    };
    const created = await open("createKey");
    expect(created.status).toBe("Status 201");
    const listed = await open("listKeys");
    expect(listed.status).toBe("Status 200");
    expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name)).toContain(JSON.parse(created.body).resources[0].name);
    // The worker is the one beside the pages, controlling /docs/ only.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base}mockServiceWorker.js`);
    expect(watch.byWorker.filter((r) => r.includes("kms.example.com"))).toHaveLength(2);
    expect(await watch.settled()).toEqual([]);
    expect(requested.filter((path) => !path.startsWith(PREFIX))).toEqual([]);
    await context.close();
  });
});
