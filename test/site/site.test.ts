/**
 * The reference site in a real browser, as a reader meets it: every page renders offline with
 * no console errors and no off-host requests, has no horizontal overflow at 390 px (phone) and
 * 1400 px, shows no raw vendor-extension names; the landing page introduces every service and
 * searches operations across all of them; every operation shows a TypeScript and a curl
 * sample; the assumptions page lists exactly the documents' x-assumed notes, and the links into
 * it land on existing rows. Screenshots go to dist/screenshots/.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { readableNames } from "../../scripts/lib/site/extensions.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { collectAssumptions } from "../../scripts/lib/assumptions.js";
import { listOperations, parametersOf } from "../../runtime/core/router.js";
import { deref } from "../../runtime/core/pointer.js";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { pascalName, readServices } from "../../scripts/lib/services.js";
import { buildSite } from "../../scripts/lib/site.js";
import { chromiumAvailable, launchChromium, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { numberingReferences } from "./numbering.js";
import { CONTROL_API_DOCUMENT } from "../../runtime/emulator/control-document.js";
import { CONTROL_DOCUMENT_FILE, CONTROL_PAGE } from "../../scripts/lib/site/control-page.js";

const SITE = join(DIST_DIR, "test-site");
const SHOTS = join(DIST_DIR, "screenshots");
const services = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const WIDE = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every vendor-extension name the documents use: none may appear as visible text. */
function extensionNames(): string[] {
  const names = new Set<string>(["x-codeSamples"]);
  const walk = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) names.add(key);
      walk(value);
    }
  };
  for (const { id } of services) walk(bundledDocument(id));
  return [...names];
}

/** The header every page carries: the index, every service of the registry, the assumptions page. */
const HEADER_LINKS = ["index.html", ...services.map((s) => `${s.id}.html`), "assumptions.html", "changelog.html"];

/** WCAG contrast ratio of an element's text colour against the first opaque background behind it (runs in the page). */
function contrast(element: Element): number {
  const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
  let node: Element | null = element;
  let background = [255, 255, 255];
  while (node) {
    const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
    if (a > 0) {
      background = [r!, g!, b!];
      break;
    }
    node = node.parentElement;
  }
  const luminance = ([r, g, b]: number[]) =>
    [r!, g!, b!].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [l1, l2] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}

run("reference site in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  let rowIds: Set<string>;
  const extensions = extensionNames();

  beforeAll(async () => {
    rmSync(SITE, { recursive: true, force: true });
    buildSite(services.map((service) => ({ service, doc: bundledDocument(service.id) })), SITE);
    rowIds = new Set([...readFileSync(join(SITE, "assumptions.html"), "utf8").matchAll(/<tr class="assumption" id="([^"]+)"/g)].map((m) => m[1]!));
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
    const page = await browser.newPage({ viewport: WIDE });
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (!["blob:", "data:"].includes(url.protocol) && url.origin !== new URL(base).origin) problems.push(`off-host: ${r.url()}`);
    });
    // "load", not "networkidle" (which idles 500 ms per page): each test waits for what it
    // checks, and reads `problems` at its end, after every request the page made.
    await page.goto(`${base}/${path}`, { waitUntil: "load" });
    return { page, problems };
  }

  /** Page width against window width at both sizes; the page is left at the wide size. */
  async function overflow(page: Page): Promise<Record<number, number>> {
    const widths: Record<number, number> = {};
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      widths[size.width] = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    }
    return widths;
  }

  /** The page's header links in order; each one answers 200 from the site. */
  async function headerLinks(page: Page, current: string): Promise<string[]> {
    const links = await page.$$eval("nav.site-nav a", (as) => as.map((a) => ({ href: a.getAttribute("href")!, current: a.getAttribute("aria-current") })));
    for (const { href } of links) expect(await page.evaluate((h) => fetch(h).then((r) => r.status), href), href).toBe(200);
    expect(links.filter((l) => l.current === "page").map((l) => l.href)).toEqual([current]);
    return links.map((l) => l.href);
  }

  async function visibleExtensionNames(page: Page): Promise<string[]> {
    const text = await page.evaluate(() => document.body.innerText);
    return extensions.filter((name) => text.includes(name));
  }

  it("landing page: per service purpose, status, regions, links, install line and client example", async () => {
    const { page, problems } = await open("index.html");
    await page.screenshot({ path: join(SHOTS, "index.png") });
    const cards = await page.$$eval("article.service", (els) =>
      els.map((el) => ({
        id: el.getAttribute("data-service"),
        status: el.querySelector(".badge")?.textContent,
        purpose: el.querySelector(".purpose")?.textContent ?? "",
        regions: [...el.querySelectorAll(".regions code")].map((c) => c.textContent),
        links: Object.fromEntries([...el.querySelectorAll(".links a")].map((a) => [a.className || a.textContent, { href: a.getAttribute("href"), download: a.getAttribute("download") }])),
        install: el.querySelector("pre.install")?.textContent,
        example: el.querySelector("pre.example")?.textContent ?? "",
      })),
    );
    expect(cards.map((c) => c.id)).toEqual(services.map((s) => s.id));
    expect(await headerLinks(page, "index.html")).toEqual(HEADER_LINKS);
    // Titles name the API version, never "(2)" or the document's own version.
    const titles = await page.$$eval("article.service h2 a", (as) => as.map((a) => a.textContent ?? ""));
    for (const title of titles) expect(title).not.toMatch(/\(\d|\(deprecated\)|\bv\d+\.\d/);
    for (const card of cards) {
      const id = card.id!;
      const doc = bundledDocument(id);
      expect(card.status, id).toBe(doc.info["x-deprecated"] ? "deprecated" : "current");
      expect(card.purpose.length, id).toBeGreaterThan(20);
      expect(card.purpose, id).not.toMatch(/deprecated/i);
      const regions = doc.servers.flatMap((s: any) => s.variables?.region?.enum ?? []);
      expect(card.regions, id).toEqual([...new Set(regions)]);
      expect(card.links.reference, id).toEqual({ href: `${id}.html`, download: null });
      expect(card.links.json, id).toEqual({ href: `openapi/${id}.json`, download: `${id}.openapi.json` });
      expect(card.links.yaml, id).toEqual({ href: `openapi/${id}.yaml`, download: `${id}.openapi.yaml` });
      expect(card.install).toBe("npm install cloud-interfaces");
      const lines = card.example.split("\n");
      expect(lines, id).toHaveLength(3);
      expect(lines[0]).toBe(`import { create${pascalName(id)}Client } from "cloud-interfaces/${id}";`);
      // The bundled documents are served beside the pages, as the links promise.
      const json = await page.evaluate((href) => fetch(href).then((r) => r.json()), card.links.json!.href!);
      expect(json.info, id).toEqual(doc.info);
      const yaml = await page.evaluate((href) => fetch(href).then((r) => r.text()), card.links.yaml!.href!);
      expect(yaml, id).toContain(`title: ${doc.info.title}`);
    }
    // A card is deprecated exactly when its document says so (x-deprecated; identity v3's: test/identity/deprecation.test.ts).
    expect(cards.filter((c) => c.status === "deprecated").map((c) => c.id)).toEqual(services.filter((s) => bundledDocument(s.id).info["x-deprecated"]).map((s) => s.id));
    expect(await visibleExtensionNames(page)).toEqual([]);
    expect(await overflow(page)).toEqual({ 390: 390, 1400: 1400 });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(SHOTS, "index-390.png") });
    expect(problems).toEqual([]);
    await page.close();
  });

  /** The operations a search must find, taken from the documents rather than from the index. */
  /** Each name (operationId, parameter, top-level request body field) with where the documents use it. */
  const names = new Map<string, Set<string>>();
  const parameters = new Set<string>();
  const use = (name: string, where: string) => (names.get(name) ?? names.set(name, new Set()).get(name)!).add(where);
  for (const { id } of services) {
    const doc = bundledDocument(id);
    for (const op of listOperations(doc)) {
      const where = `${id} ${op.operation.operationId}`;
      use(op.operation.operationId, where);
      for (const p of parametersOf(doc, op).map((q) => q.parameter)) (use(p.name, where), parameters.add(p.name));
      for (const media of Object.values<any>(deref(doc, op.operation.requestBody)?.content ?? {})) for (const field of Object.keys(deref(doc, media.schema)?.properties ?? {})) use(field, `${where} body`);
    }
  }
  /** Distinctive: long, and no other name contains it (so a search for it finds its uses alone). */
  const distinctive = (name: string) => name.length >= 8 && ![...names.keys()].some((n) => n !== name && n.toLowerCase().includes(name.toLowerCase()));
  const pick = (test: (name: string, where: string[]) => boolean) => {
    const found = [...names].find(([name, where]) => distinctive(name) && test(name, [...where]));
    if (!found) throw new Error("no distinctive name of this kind in the documents");
    return { query: found[0], where: [...found[1]].map((w) => w.replace(/ body$/, "")) };
  };
  const operation = pick((name, where) => where.length === 1 && where[0]!.endsWith(` ${name}`));
  const field = pick((name, where) => where.length === 1 && where[0]!.endsWith(" body") && !parameters.has(name));
  const parameter = pick((name, where) => parameters.has(name) && where.length > 1);

  it.each([
    { query: operation.query, first: operation.where[0], all: undefined },
    // A field of a request body, found inside the body's schema.
    { query: field.query, first: field.where[0], all: field.where },
    // A parameter several operations take: every one of them.
    { query: parameter.query, first: undefined, all: parameter.where },
  ])("search for $query finds the operation and navigates to it", async ({ query, first, all }) => {
    const { page, problems } = await open("index.html");
    await page.fill("#search", query);
    const hits = await page.$$eval("#search-results li", (lis) => lis.map((li) => `${li.getAttribute("data-service")} ${li.getAttribute("data-operation")}`));
    if (first) expect(hits[0]).toBe(first);
    if (all) expect([...hits].sort()).toEqual([...all].sort());
    const [service, operationId] = hits[0]!.split(" ");
    if (query === "createKey") await page.screenshot({ path: join(SHOTS, "search.png") });
    await Promise.all([page.waitForURL(`**/${service}.html**`), page.press("#search", "Enter")]);
    await page.waitForSelector(`[data-section-id$="operation/${operationId}"]`, { timeout: 15_000 });
    await page.waitForFunction((op) => location.hash.endsWith(`operation/${op}`), operationId);
    // Redoc scrolls the operation to the top of the window.
    await page.waitForFunction((op) => {
      const top = document.querySelector(`[data-section-id$="operation/${op}"]`)!.getBoundingClientRect().top;
      return Math.abs(top) < 80;
    }, operationId);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(services.map((s) => s.id))("%s page: every operation with TypeScript and curl samples, extensions as blocks, offline", async (id) => {
    const { page, problems } = await open(`${id}.html`);
    await page.waitForSelector(".api-info a[download]", { timeout: 15_000 });
    const operations = await page.$$eval("[data-section-id]", (els) =>
      els
        // Redoc nests a second element with the same id inside each operation's section.
        .filter((e) => /(^|\/)operation\/[^/]+$/.test(e.getAttribute("data-section-id") ?? "") && !e.parentElement?.closest("[data-section-id]"))
        .map((e) => ({
          id: e.getAttribute("data-section-id")!.replace(/^.*operation\//, ""),
          tabs: [...e.querySelectorAll('[role="tab"]')].map((t) => t.textContent?.trim()),
          blocks: e.querySelectorAll(".ext-block").length,
        })),
    );
    const documented = listOperations(bundledDocument(id)).map((o) => o.operation.operationId);
    expect(await headerLinks(page, `${id}.html`)).toEqual(HEADER_LINKS);
    // The heading reads as a name with its API version: no "(version)" after it, no licence line of Redoc's.
    const heading = (await page.textContent(".api-info h1")) ?? "";
    expect(heading).not.toMatch(/\(|\)/);
    expect(await page.$$eval(".api-info", (els) => els.map((e) => (e as HTMLElement).innerText).join("\n"))).not.toMatch(/^License:/m);
    // Nothing on the page cites the interface documents' numbering: not the prose, not the blocks
    // (no Source row: x-source stays in the documents for their maintainers), not the notes.
    const prose = await page.$$eval(".redoc-markdown", (els) => els.map((el) => el.textContent ?? ""));
    expect(prose.length).toBeGreaterThan(0);
    expect(prose.flatMap(numberingReferences)).toEqual([]);
    expect(numberingReferences(await page.content())).toEqual([]);
    expect(await page.$$eval(".ext-block dt", (dts) => dts.map((dt) => dt.textContent))).not.toContain("Source");
    expect(operations.map((o) => o.id).sort()).toEqual([...documented].sort());
    for (const op of operations) {
      expect(op.tabs, op.id).toEqual(expect.arrayContaining(["TypeScript", "curl"]));
      expect(op.blocks, op.id).toBe(1);
    }
    // The TypeScript tab shows the call through the package's client.
    const first = `[data-section-id$="operation/${documented[0]}"]`;
    await page.click(`${first} [role="tab"]:text-is("TypeScript")`);
    const code = await page.textContent(`${first} [role="tabpanel"]:not([hidden]) pre`);
    expect(code).toContain(`import { create${pascalName(id)}Client } from "cloud-interfaces/${id}";`);
    // ... and is readable: the site's own styles must not put Redoc's light code text on a light background.
    expect(await page.$eval(`${first} [role="tabpanel"]:not([hidden]) pre`, contrast)).toBeGreaterThanOrEqual(4.5);
    // ... and fits its panel, wide and on a phone: nothing cut off at the panel's edge.
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      const fit = await page.$eval(`${first} [role="tabpanel"]:not([hidden]) pre`, (pre) => ({ scroll: pre.scrollWidth, client: pre.clientWidth }));
      expect(fit.scroll, `TypeScript sample at ${size.width} px`).toBeLessThanOrEqual(fit.client);
    }
    await page.setViewportSize(WIDE);

    expect(await visibleExtensionNames(page)).toEqual([]);
    // Assumption links land on rows of the assumptions page.
    const targets = await page.$$eval('a[href^="assumptions.html#"]', (as) => as.map((a) => a.getAttribute("href")!.slice("assumptions.html#".length)));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => !rowIds.has(t) && t !== id)).toEqual([]);
    // The download saves a file named for the service and version, from the bundled document.
    const download = await page.$eval(".api-info a[download]", (a) => ({ href: a.getAttribute("href"), name: a.getAttribute("download") }));
    expect(download).toEqual({ href: `openapi/${id}.json`, name: `${id}.openapi.json` });
    await page.screenshot({ path: join(SHOTS, `${id}.png`) });
    expect(await overflow(page)).toEqual({ 390: 390, 1400: 1400 });
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    // At 390 px the header is one line, and Redoc's menu button sits in it, over no content.
    const phone = await page.evaluate(() => {
      const nav = document.querySelector("nav.site-nav")!.getBoundingClientRect();
      const button = document.querySelector(".redoc-wrap > .menu-content + div")!.getBoundingClientRect();
      return { navHeight: nav.height, inNav: button.top >= nav.top - 1 && button.bottom <= nav.bottom + 1 && button.right <= nav.right + 1 };
    });
    expect(phone.navHeight, "header height at 390 px").toBeLessThanOrEqual(40);
    expect(phone.inNav, "Redoc's menu button inside the header").toBe(true);
    await page.screenshot({ path: join(SHOTS, `${id}-390.png`) });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the emulators' control API page: every operation of its document rendered, reached from the index, offline, no Try it", async () => {
    const { page, problems } = await open("index.html");
    await Promise.all([page.waitForURL(`**/${CONTROL_PAGE}`), page.click(`#emulator-control h2 a`)]);
    await page.waitForSelector(".api-info a[download]", { timeout: 15_000 });
    const rendered = await page.$$eval("[data-section-id]", (els) =>
      els.filter((e) => /(^|\/)operation\/[^/]+$/.test(e.getAttribute("data-section-id") ?? "") && !e.parentElement?.closest("[data-section-id]")).map((e) => e.getAttribute("data-section-id")!.replace(/^.*operation\//, "")),
    );
    expect(rendered.sort()).toEqual(listOperations(CONTROL_API_DOCUMENT as never).map((o) => o.operation.operationId as string).sort());
    expect(await page.$$eval(".tryit-open", (els) => els.length)).toBe(0);
    expect(await page.evaluate((href) => fetch(href).then((r) => r.json()), `openapi/${CONTROL_DOCUMENT_FILE}`)).toEqual(JSON.parse(JSON.stringify(CONTROL_API_DOCUMENT)));
    await page.screenshot({ path: join(SHOTS, "emulator-control.png") });
    expect(await overflow(page)).toEqual({ 390: 390, 1400: 1400 });
    expect(problems).toEqual([]);
    await page.close();
  });

  // Issue 14 item 20: audit event renames are data (x-audit-event-renames; KMS's §6A), and the reference page shows them.
  const renaming = services.filter((s) => bundledDocument(s.id)["x-audit-event-renames"]);
  it("some document states audit event renames", () => expect(renaming.length).toBeGreaterThan(0));
  it.each(renaming.map((s) => s.id))("%s page lists every audit event rename of x-audit-event-renames", async (id) => {
    const renames = bundledDocument(id)["x-audit-event-renames"] as Record<string, string>;
    const { page, problems } = await open(`${id}.html`);
    await page.waitForSelector("[data-section-id]", { timeout: 15_000 });
    const text = (await page.textContent("body")) ?? "";
    for (const [from, to] of Object.entries(renames)) expect(text, from).toMatch(new RegExp(`${from.replace(/\./g, "\\.")}\\s*${to.replace(/\./g, "\\.")}`));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("assumptions page lists exactly the x-assumed notes, fits a phone and a wide window", async () => {
    const { page, problems } = await open("assumptions.html");
    expect(await headerLinks(page, "assumptions.html")).toEqual(HEADER_LINKS);
    for (const { id } of services) {
      const listed = await page.$$eval(`section[id="${id}"] tr.assumption td:last-child`, (tds) => tds.map((td) => td.textContent));
      // Each note as written, extension names read as what they mean (the page's own wording of them).
      expect(listed, id).toEqual(collectAssumptions(bundledDocument(id)).map((a) => readableNames(a.note)));
    }
    expect(rowIds.size).toBe(services.reduce((n, { id }) => n + collectAssumptions(bundledDocument(id)).length, 0));
    expect(await visibleExtensionNames(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "assumptions.png") });
    expect(await overflow(page)).toEqual({ 390: 390, 1400: 1400 });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(SHOTS, "assumptions-390.png") });
    expect(problems).toEqual([]);
    await page.close();
  });
});
