/**
 * The reference site in a real browser: every page renders offline with no console errors and
 * no off-host requests, shows every operation of its document, and the assumptions page lists
 * exactly the documents' x-assumed notes. Screenshots go to dist/screenshots/.
 */
import { mkdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectAssumptions } from "../../scripts/lib/assumptions.js";
import { listOperations } from "../../scripts/lib/client-meta.js";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { documentPath, readServices } from "../../scripts/lib/services.js";
import { buildSite } from "../../scripts/lib/site.js";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { chromiumAvailable, launchChromium, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { existsSync } from "node:fs";

const SITE = join(DIST_DIR, "test-site");
const SHOTS = join(DIST_DIR, "screenshots");
const services = readServices().filter((s) => existsSync(documentPath(s)));
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

run("reference site in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    rmSync(SITE, { recursive: true, force: true });
    buildSite(services.map((service) => ({ service, doc: bundledDocument(service.id) })), SITE);
    mkdirSync(SHOTS, { recursive: true });
    ({ url: base, server } = await serveStatic(SITE));
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** Opens a page and records what would break offline use. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["blob:", "data:"].includes(url.protocol) && url.origin !== new URL(base).origin) problems.push(`off-host: ${r.url()}`);
    });
    await page.goto(`${base}/${path}`, { waitUntil: "networkidle" });
    return { page, problems };
  }

  it("index lists the six interfaces with version, state, regions and link", async () => {
    const { page, problems } = await open("index.html");
    const rows = await page.$$eval("tr[data-service]", (trs) =>
      trs.map((tr) => ({ id: tr.getAttribute("data-service"), href: tr.querySelector("a")?.getAttribute("href"), cells: [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim()) })),
    );
    expect(rows.map((r) => r.id)).toEqual(services.map((s) => s.id));
    for (const row of rows) {
      const doc = bundledDocument(row.id!);
      expect(row.href).toBe(`${row.id}.html`);
      expect(row.cells[0]).toBe(doc.info.title);
      expect(row.cells[1]).toBe(String(doc.info.version));
      expect(row.cells[2]).toBe(doc.info["x-deprecated"] ? "deprecated" : "current");
    }
    // Interface document 1, §9: version 3 is deprecated; nothing else is.
    expect(rows.filter((r) => r.cells[2] === "deprecated").map((r) => r.id)).toEqual(["identity-v3"]);
    await page.screenshot({ path: join(SHOTS, "index.png") });
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(services.map((s) => s.id))("%s page renders every operation offline", async (id) => {
    const { page, problems } = await open(`${id}.html`);
    await page.waitForSelector("[data-section-id]", { timeout: 15_000 });
    const rendered = await page.$$eval("[data-section-id]", (els) =>
      [...new Set(els.map((e) => e.getAttribute("data-section-id") ?? "").filter((s) => /(^|\/)operation\//.test(s)).map((s) => s.replace(/^.*operation\//, "")))],
    );
    const documented = listOperations(bundledDocument(id)).map((o) => o.operation.operationId);
    expect(rendered.sort()).toEqual([...documented].sort());
    await page.screenshot({ path: join(SHOTS, `${id}.png`) });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("assumptions page lists exactly the x-assumed notes of every document", async () => {
    const { page, problems } = await open("assumptions.html");
    for (const { id } of services) {
      const listed = await page.$$eval(`section[id="${id}"] tr.assumption td:last-child`, (tds) => tds.map((td) => td.textContent));
      expect(listed, id).toEqual(collectAssumptions(bundledDocument(id)).map((a) => a.note));
    }
    await page.screenshot({ path: join(SHOTS, "assumptions.png"), fullPage: false });
    expect(problems).toEqual([]);
    await page.close();
  });
});
