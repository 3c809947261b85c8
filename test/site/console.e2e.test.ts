/**
 * Issue 48, what was still short, in headless Chromium: every page's first load within 320 KiB
 * min+gz; the console's named environments (persisted per service, validated on load, credentials
 * only to the environment's own origin); highlighting and dark mode loaded with the panel (or pure
 * CSS); the answer in the right column on wide screens; the index page in the service pages'
 * look; the changelog per release and per document. The registry's services stand for themselves:
 * nothing here names one.
 */
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { listOperations } from "../../runtime/core/router.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { tryitSite } from "../harness/tryit-site.js";

const services = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
/** A page's first load at most: every response of the docs server before any click, each gzipped (default level). */
export const FIRST_LOAD_LIMIT = 320 * 1024;

run("the reference site's console and pages (Chromium)", () => {
  const site = tryitSite(services, "console-site");

  it(`every page's first load is at most ${FIRST_LOAD_LIMIT.toLocaleString("en")} bytes min+gz`, { timeout: 120_000 }, async () => {
    const weights: Record<string, number> = {};
    const context = await site.browser.newContext();
    for (const file of readdirSync(site.dir).filter((f) => f.endsWith(".html"))) {
      const page = await context.newPage();
      const bodies: Promise<number>[] = [];
      page.on("response", (r) => void (r.url().startsWith(site.base) && bodies.push(r.body().then((b) => gzipSync(b).length, () => 0))));
      await page.goto(`${site.base}/${file}`, { waitUntil: "networkidle" });
      weights[file] = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
      await page.close();
    }
    await context.close();
    console.log("first load, min+gz bytes:", weights);
    expect(Object.keys(weights)).toContain(`${services[0]!.id}.html`);
    expect(Object.entries(weights).filter(([, n]) => n > FIRST_LOAD_LIMIT)).toEqual([]);
  });
});
