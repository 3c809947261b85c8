/**
 * Issue 48, what was still short, in headless Chromium: every page's first load within 320 KiB
 * min+gz; the console's named environments (persisted per service, validated on load, credentials
 * only to the environment's own origin); highlighting and dark mode loaded with the panel (or pure
 * CSS); the answer in the right column on wide screens; the index page in the service pages'
 * look; the changelog per release and per document. The registry's services stand for themselves:
 * nothing here names one.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { changelogPage } from "../../scripts/lib/site/changelog-page.js";
import { BREAKING_MARK, MAY_BREAK_MARK } from "../../scripts/lib/breaking-report.js";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { listOperations } from "../../runtime/core/router.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { environmentsKey } from "../../runtime/tryit/environments.js";
import { historyKey, readHistory } from "../../runtime/tryit/saved.js";
import { parseCurl } from "./curl.js";
import { tryitSite } from "../harness/tryit-site.js";

const services = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
/** A page's first load at most: every response of the docs server before any click, each gzipped (default level). */
export const FIRST_LOAD_LIMIT = 320_000;

/**
 * The first operation of the registry, in registry order, that takes one credential typed as text
 * (a bearer token or an API key header): the environments' credentials are checked with it.
 */
function credentialOperation(): { id: string; operationId: string; scheme: string; header: string } {
  for (const { id } of services) {
    const doc = bundledDocument(id);
    for (const { operation } of listOperations(doc)) {
      const first = (operation.security ?? doc.security ?? [])[0] ?? {};
      const names = Object.keys(first);
      const scheme = doc.components?.securitySchemes?.[names[0]!];
      if (names.length !== 1 || !scheme) continue;
      if (scheme.type === "http" && scheme.scheme === "bearer") return { id, operationId: operation.operationId, scheme: names[0]!, header: "authorization" };
      if (scheme.type === "apiKey" && scheme.in === "header") return { id, operationId: operation.operationId, scheme: names[0]!, header: String(scheme.name).toLowerCase() };
    }
  }
  throw new Error("no operation of the registry takes a text credential");
}

/** A server of the reader's: allows any page by CORS, records what reaches it. */
async function corsServer() {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    const allow = { "access-control-allow-origin": String(req.headers.origin ?? "*"), "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? "*"), "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" };
    if (req.method === "OPTIONS") return void res.writeHead(204, allow).end();
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    req.resume();
    res.writeHead(200, { ...allow, "content-type": "application/json" }).end('{"from":"server"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/** Everything the tab keeps in sessionStorage and localStorage, as one text. */
const stored = (page: Page) => page.evaluate(() => [sessionStorage, localStorage].flatMap((s) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`)).join("\n"));

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

  it("named environments: one selector in the header; each keeps its base URL and credentials, persisted per service; a server's credentials go to its origin only, never to the emulator's history, state or Copy as test", { timeout: 120_000 }, async () => {
    const { id, operationId, scheme, header } = credentialOperation();
    const mine = await corsServer();
    const other = await corsServer();
    try {
      const context = await site.browser.newContext();
      const { page } = await site.open(context, `${id}.html`);
      const scope = await site.panel(page, operationId);
      const cred = `${scope} .tryit-cred-${scheme}`;
      // One selector for the page, in the site's header.
      expect(await page.$$eval("nav.site-nav select.tryit-env", (s) => s.length)).toBe(1);
      expect(await page.$$eval("#tryit-env option", (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(["emulator", "mock"]);
      const example = await page.inputValue(cred);
      await page.fill(cred, "emulator-typed-value");
      await site.send(page, scope);
      // A base URL with credentials in it is refused.
      await page.click(`${scope} .tryit-env-edit`);
      await page.fill(`${scope} .tryit-env-new-url`, `http://user:pass@127.0.0.1:1`);
      await page.click(`${scope} .tryit-env-add`);
      expect(await page.textContent(`${scope} .tryit-env-status`)).toContain("Not added: it carries a user name or password");
      await page.fill(`${scope} .tryit-env-new-name`, "Mine");
      await page.fill(`${scope} .tryit-env-new-url`, mine.url);
      await page.click(`${scope} .tryit-env-add`);
      expect(await page.$eval("#tryit-env", (s) => (s as HTMLSelectElement).value)).toBe("server-1");
      expect(await page.textContent(`${scope} .tryit-env-name`)).toBe("Mine");
      expect(await page.textContent(`${scope} .tryit-env-leaves`)).toContain(`Requests now leave this page: they go to ${mine.url}`);
      // A new environment starts from the document's example, not from what was typed in another.
      expect(await page.inputValue(cred)).toBe(example);
      await page.fill(cred, "server-typed-secret");
      const answer = await site.send(page, scope);
      expect(answer.status).toBe("Status 200");
      expect(mine.seen).toHaveLength(1);
      expect(String(mine.seen[0]!.headers[header])).toContain("server-typed-secret");
      expect(mine.seen[0]!.url).not.toContain("secret");
      // Back to the emulator: its own value returns, the server gets nothing more.
      await page.selectOption("#tryit-env", "emulator");
      expect(await page.inputValue(cred)).toBe("emulator-typed-value");
      await site.send(page, scope);
      expect(mine.seen).toHaveLength(1);
      // The server's credential is in no exported state, history or Copy as test.
      await page.click(`${scope} .tryit-copy-test`);
      await page.waitForSelector(`${scope} .tryit-test-file`);
      const testFile = (await page.textContent(`${scope} .tryit-test-file`)) ?? "";
      expect(testFile).toContain("emulator-typed-value");
      expect(testFile).not.toContain("server-typed-secret");
      const session = await page.evaluate(() => Object.keys(sessionStorage).map((k) => sessionStorage.getItem(k)).join("\n"));
      expect(session).toContain("emulator-typed-value");
      expect(session).not.toContain("server-typed-secret");
      // Persisted per service: a new page has the environments, the emulator still active, each with its own credential.
      await page.reload();
      const again = await site.panel(page, operationId);
      expect(await page.$eval("#tryit-env", (s) => (s as HTMLSelectElement).value)).toBe("emulator");
      await page.selectOption("#tryit-env", "server-1");
      expect(await page.inputValue(`${again} .tryit-cred-${scheme}`)).toBe("server-typed-secret");
      expect(await stored(page)).toContain(environmentsKey(id));
      // The emulator's values stay with the tab's emulator state: a token or id it issued means nothing to another tab's.
      expect(await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join("\n"))).not.toContain("emulator-typed-value");
      // Moved to another origin, the environment drops the credentials it held for the old one: they are not sent to the new.
      await page.click(`${again} .tryit-env-edit`);
      await page.fill(`${again} .tryit-env-url`, other.url);
      await page.$eval(`${again} .tryit-env-url`, (input) => input.dispatchEvent(new Event("change")));
      expect(await page.inputValue(`${again} .tryit-cred-${scheme}`)).toBe(example);
      await site.send(page, again);
      expect(other.seen).toHaveLength(1);
      expect(String(other.seen[0]!.headers[header])).not.toContain("server-typed-secret");
      expect(mine.seen).toHaveLength(1);
      await context.close();
    } finally {
      await mine.close();
      await other.close();
    }
  });

  it.each([
    ["text that is not JSON", "{", "it is not JSON"],
    ["an empty list", JSON.stringify({ version: 1, active: "emulator", list: [] }), "it holds 0 environments"],
    ["a base URL carrying a password", JSON.stringify({ version: 1, active: "emulator", list: [{ id: "emulator", name: "E", credentials: {}, bound: {} }, { id: "server-1", name: "S", baseUrl: "https://u:p@example.com", credentials: {}, bound: {} }] }), "the base URL of S"],
  ])("kept environments that are %s are discarded with a notice, and the defaults are back", { timeout: 60_000 }, async (_name, text, reason) => {
    const { id, operationId } = credentialOperation();
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${id}.html`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [environmentsKey(id), text]);
    await page.reload();
    const scope = await site.panel(page, operationId);
    const notice = (await page.textContent(`${scope} .tryit-env-notice`)) ?? "";
    expect(notice).toContain("were discarded");
    expect(notice).toContain(reason);
    expect(await page.$$eval("#tryit-env option", (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(["emulator", "mock"]);
    expect((await site.send(page, scope)).status).toMatch(/^Status \d{3}$/);
    await context.close();
  });

  const [first] = services;
  const firstOperation = listOperations(bundledDocument(first!.id))[0]!.operation.operationId as string;

  it("the request, the answer's headers and a JSON body are highlighted (Prism's tokens, the text unchanged); at 1,200 px and wider the answer is in the operation's right column, beside the panel, and under Send when narrower", { timeout: 60_000 }, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const { page, watch } = await site.open(context, `${first!.id}.html`);
    const scope = await site.panel(page, firstOperation);
    await page.selectOption(`${scope} .tryit-case`, { index: 0 });
    const answer = await site.send(page, scope);
    const tokens = (selector: string) => page.$$eval(selector, (els) => els.length);
    // What the panel marks hidden stays hidden (the panel's label style once showed the import file's hidden label).
    expect(await page.$$eval(`${scope} [hidden]`, (els) => els.filter((e) => getComputedStyle(e).display !== "none").map((e) => e.className || e.tagName))).toEqual([]);
    expect(await tokens(`${scope}-answer .tryit-request .token`)).toBeGreaterThan(0);
    expect(await tokens(`${scope}-answer .tryit-headers .token.header-name`)).toBeGreaterThan(0);
    if (/json/i.test(answer.headers)) expect(await tokens(`${scope}-answer .tryit-response-body .token.property, ${scope}-answer .tryit-response-body .token.punctuation`)).toBeGreaterThan(0);
    // Beside the panel: in the right column, right of the panel, in the window.
    const box = async () => page.evaluate((s) => {
      const panel = document.querySelector(`${s} .tryit`)!.getBoundingClientRect();
      const result = document.querySelector(`${s}-answer .tryit-result, ${s} .tryit-result`)!;
      const r = result.getBoundingClientRect();
      return { beside: result.closest(`${s}-answer`) !== null, left: r.left, panelRight: panel.right, right: r.right, width: innerWidth };
    }, scope);
    const wide = await box();
    expect(wide.beside).toBe(true);
    expect(wide.left).toBeGreaterThanOrEqual(wide.panelRight);
    expect(wide.right).toBeLessThanOrEqual(wide.width);
    await page.screenshot({ path: `/tmp/site3-shots/tryit-beside-${first!.id}-1400.png` });
    // Sent from the registry's tallest panel (most parameters) scrolled down to its Send button: the answer is in view beside it, not at the column's top out of view.
    const tallest = services
      .flatMap(({ id }) => listOperations(bundledDocument(id)).map(({ operation }) => ({ id, operationId: operation.operationId as string, n: (operation.parameters ?? []).length })))
      .sort((x, y) => y.n - x.n)[0]!;
    await page.goto(`${site.base}/${tallest.id}.html`);
    const tall = await site.panel(page, tallest.operationId);
    await page.$eval(`${tall} .tryit-send`, (e) => e.scrollIntoView({ block: "end" }));
    await page.evaluate(() => window.scrollBy(0, 40));
    await site.send(page, tall);
    const seen = await page.$eval(`${tall}-answer .tryit-result`, (e) => ({ top: e.getBoundingClientRect().top, height: innerHeight }));
    expect(seen.top).toBeGreaterThanOrEqual(0);
    expect(seen.top).toBeLessThan(seen.height);
    await page.goto(`${site.base}/${first!.id}.html`);
    await site.panel(page, firstOperation);
    // Narrower than 1,200 px: back under Send, in the panel.
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.waitForFunction((s) => document.querySelector(`${s} .tryit .tryit-result`) !== null, scope);
    expect((await box()).beside).toBe(false);
    // A redirect's target is listed by Chromium as a request it cancels at once, never sent (as in tryit.test.ts).
    expect((await watch.settled()).filter((p) => !/^(off-host|failed): https:\/\/[^/]*example\.com\//.test(p))).toEqual([]);
    await context.close();
  });

  it("dark mode follows the system: the reference page (Redoc's theme), the open panel and the index page are dark under prefers-color-scheme: dark, light otherwise", { timeout: 60_000 }, async () => {
    const colours = async (scheme: "dark" | "light") => {
      const context = await site.browser.newContext({ colorScheme: scheme, viewport: { width: 1400, height: 900 } });
      const { page } = await site.open(context, `${first!.id}.html`);
      const scope = await site.panel(page, firstOperation);
      const read = (selector: string, property: "color" | "backgroundColor") => page.$eval(selector, (e, p) => getComputedStyle(e)[p as "color"], property);
      const luminance = (css: string) => { const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number); return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255; };
      const found = {
        body: luminance(await read("body", "backgroundColor")),
        text: luminance(await read(".api-content h1", "color")),
        menu: luminance(await read(".menu-content", "backgroundColor")),
        panel: luminance(await read(`${scope} .tryit`, "backgroundColor")),
      };
      await page.screenshot({ path: `/tmp/site3-shots/${first!.id}-${scheme}-1400.png` });
      await page.goto(`${site.base}/index.html`);
      const index = { body: luminance(await read("body", "backgroundColor")), text: luminance(await read("main", "color")) };
      await context.close();
      return { ...found, index };
    };
    const dark = await colours("dark");
    const light = await colours("light");
    for (const [name, value] of [["body", dark.body], ["menu", dark.menu], ["panel", dark.panel], ["index", dark.index.body]] as const) expect(value, `${name} background in dark mode`).toBeLessThan(0.2);
    expect(dark.text).toBeGreaterThan(0.7);
    expect(dark.index.text).toBeGreaterThan(0.7);
    for (const [name, value] of [["body", light.body], ["menu", light.menu], ["panel", light.panel], ["index", light.index.body]] as const) expect(value, `${name} background in light mode`).toBeGreaterThan(0.9);
    expect(light.text).toBeLessThan(0.4);
  });

  it("the index page is in the service pages' look: Redoc's fonts, text and link colours, side menu and dark right column, at 1,400 px", { timeout: 60_000 }, async () => {
    const context = await site.browser.newContext({ colorScheme: "light", viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const look = (selectors: Record<string, string>) =>
      page.evaluate((sel) => Object.fromEntries(Object.entries(sel).map(([k, s]) => {
        const e = document.querySelector(s)!;
        const c = getComputedStyle(e);
        return [k, { font: c.fontFamily, size: c.fontSize, color: c.color, background: c.backgroundColor, width: Math.round(e.getBoundingClientRect().width) }];
      })), selectors);
    await page.goto(`${site.base}/${first!.id}.html`);
    await page.waitForSelector("[data-section-id]");
    // Redoc's right column: beside the middle column that holds an operation's heading (a row of two).
    await page.evaluate(() => {
      const section = [...document.querySelectorAll("[data-section-id]")].find((e) => /operation\//.test(e.getAttribute("data-section-id")!))!;
      for (let node = section.querySelector("h2")!.parentElement; node && section.contains(node); node = node.parentElement) {
        const row = node.parentElement!;
        if (row.children.length === 2 && row.children[0] === node) return row.children[1]!.setAttribute("data-right-column", "");
      }
    });
    const reference = await look({ text: ".api-content p", heading: ".api-content h2", link: ".api-content p a, .api-content a", menu: ".menu-content", right: "[data-right-column]" });
    await page.goto(`${site.base}/index.html`);
    const index = await look({ text: ".service .purpose", heading: ".service h2", link: ".service .links a", menu: "nav.side", right: ".service .right" });
    await page.screenshot({ path: "/tmp/site3-shots/index-1400.png" });
    expect(index.text!.font).toBe(reference.text!.font);
    expect(index.text!.size).toBe(reference.text!.size);
    expect(index.text!.color).toBe(reference.text!.color);
    expect(index.heading!.font).toBe(reference.heading!.font);
    expect(index.link!.color).toBe(reference.link!.color);
    expect(index.menu!.background).toBe(reference.menu!.background);
    expect(index.menu!.width).toBe(reference.menu!.width);
    expect(index.right!.background).toBe(reference.right!.background);
    await context.close();
  });

  it("the history of a service's emulator: each request can be re-sent (a new entry, answered) and copied as a curl command that sends the same request", { timeout: 60_000 }, async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, `${first!.id}.html`);
    const scope = await site.panel(page, firstOperation);
    await site.send(page, scope);
    await site.send(page, scope);
    const history = async () => {
      const read = readHistory((await page.evaluate((k) => sessionStorage.getItem(k), historyKey(first!.id)))!);
      if (!("history" in read)) throw new Error(read.discarded);
      return read.history.entries;
    };
    const sent = await history();
    expect(sent).toHaveLength(2);
    await page.click(`${scope} .tryit-history`);
    await page.waitForSelector(`${scope} .tryit-history-entry`);
    expect(await page.$$eval(`${scope} .tryit-history-entry`, (els) => els.length)).toBe(2);
    // Copy as curl: the newest entry, highlighted as shell, read back by a shell-and-curl reader into the same request.
    await page.click(`${scope} .tryit-history-entry:first-child .tryit-history-curl`);
    const curl = (await page.textContent(`${scope} .tryit-curl`))!;
    expect(await page.$$eval(`${scope} .tryit-curl .token`, (els) => els.length)).toBeGreaterThan(0);
    const newest = sent.at(-1)!;
    const parsed = parseCurl(curl, {});
    expect({ method: parsed.method, url: parsed.url, headers: parsed.headers.map(([k, v]) => [k.toLowerCase(), v]), body: parsed.body ?? "" }).toEqual({ method: newest.method, url: newest.url, headers: newest.headers.map(([k, v]) => [k.toLowerCase(), v]), body: newest.body });
    // Re-send: the emulator answers it again, as the newest entry of the history.
    await page.click(`${scope} .tryit-history-entry:first-child .tryit-history-resend`);
    await page.waitForSelector(`${scope} .tryit-history-status`);
    expect(await page.textContent(`${scope} .tryit-history-status`)).toMatch(/^Re-sent .* status \d{3}/);
    const after = await history();
    expect(after).toHaveLength(3);
    expect({ method: after[2]!.method, url: after[2]!.url, body: after[2]!.body }).toEqual({ method: newest.method, url: newest.url, body: newest.body });
    expect(await page.$$eval(`${scope} .tryit-history-entry`, (els) => els.length)).toBe(3);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("the changelog shows per release which documents changed and how (the gate's marks and the changelog's sections), and per document every entry with its kind", { timeout: 60_000 }, async () => {
    const [a, b] = services.map((s) => s.id);
    // A changelog of two releases over two documents of the registry, in the forms the gate and the maintainers write.
    const markdown = `# Changelog

## [Unreleased]

### Breaking (documents)
- ${a}: a required query parameter.

### Changed
- ${b}: \`GET /x\`: response property removed ${BREAKING_MARK}
- ${b}: \`GET /y\`: enum value added to a response ${MAY_BREAK_MARK}

### Added
- ${b}: a new operation.

### Fixed
- ${a} and ${b}: an example that broke its schema.
- The CLI's exit code.

## [1.0.0] - 2026-11-23

### Added
- The package.
`;
    writeFileSync(join(site.dir, "changelog-synthetic.html"), changelogPage(services.map((service) => ({ service, doc: bundledDocument(service.id) })), markdown));
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.base}/changelog-synthetic.html`);
    const matrix = () =>
      page.$$eval("table.release-matrix", (tables) =>
        Object.fromEntries(tables.map((t) => [t.getAttribute("data-release"), Object.fromEntries([...t.querySelectorAll("tbody tr:not(.unchanged)")].map((tr) => [tr.getAttribute("data-document"), Object.fromEntries([...tr.querySelectorAll("td:not(.none)")].map((td) => [td.getAttribute("data-kind"), Number(td.querySelector("summary")!.textContent)]))]))])),
      );
    expect(await matrix()).toEqual({
      Unreleased: { [a!]: { breaking: 1, fixed: 1 }, [b!]: { breaking: 1, "may break": 1, added: 1, fixed: 1 }, package: { fixed: 1 } },
      "1.0.0 - 2026-11-23": { package: { added: 1 } },
    });
    // Per document: every entry naming it, with its kind.
    const kinds = await page.$$eval(".by-document details", (ds) => ds.map((d) => [...d.querySelectorAll("li .kind")].map((k) => k.textContent)));
    expect(kinds[0]).toEqual(["breaking", "fixed"]);
    expect(kinds[1]).toEqual(["breaking", "may break", "added", "fixed"]);
    // The site's own changelog: a matrix under every release, one row per document of the registry and one for the package.
    await page.goto(`${site.base}/changelog.html`);
    const releases = await page.$$eval("main > h2[id]:not(#by-document)", (hs) => hs.map((h) => h.nextElementSibling?.matches("table.release-matrix") ?? false));
    expect(releases.length).toBeGreaterThan(0);
    expect(releases.every(Boolean)).toBe(true);
    expect(await page.$$eval("table.release-matrix:first-of-type tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-document")))).toEqual([...services.map((s) => s.id), "package"]);
    await page.screenshot({ path: "/tmp/site3-shots/changelog-1400.png" });
    await context.close();
  });
});

