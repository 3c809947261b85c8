/**
 * The reference site's Try it panels in headless Chromium, for each suite that drives them
 * (test/site/tryit.test.ts, test/<family>/tryit.e2e.test.ts): the site built for the given
 * services, served on loopback, a browser whose every name resolves to a trap that records any
 * connection a page opens, and helpers to open a page, a panel, and send.
 */
import { mkdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { basicCredential } from "../../runtime/tryit/flow.js";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import type { Service } from "../../scripts/lib/services.js";
import { buildSite } from "../../scripts/lib/site.js";
import { launchChromium, watchPage } from "./browser.js";
import { bundledDocument } from "./documents.js";

export const SHOTS = join(DIST_DIR, "screenshots");
export const PHONE = { width: 390, height: 844 };

/** The client the panels start with: the Basic scheme's documented example (x-example). */
export const exampleClient = (id: string) => basicCredential({ example: (bundledDocument(id) as any).components.securitySchemes.basicAuth?.["x-example"] }).username;

export const keyTotal = (headers: string) => Number(/Key-Total: (\d+)/i.exec(headers)?.[1]);

export interface TryitSite {
  browser: Browser;
  /** The docs server's origin. */
  base: string;
  /** The built site's folder. */
  dir: string;
  open(context: BrowserContext, path: string): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }>;
  panel(page: Page, operationId: string): Promise<string>;
  send(page: Page, scope: string): Promise<{ status: string; headers: string; body: string; ms: number }>;
  /** Host names of connections the pages opened to anywhere but the docs server. */
  fromPages(): string[];
}

/** Registers the suite's hooks: the site of `services` built into dist/<folder>, served, and Chromium. Call inside a describe. */
export function tryitSite(services: readonly Service[], folder: string): TryitSite {
  const SITE = join(DIST_DIR, folder);
  const site = { dir: SITE } as TryitSite;
  let server: Server;
  let trap: NetServer;
  /**
   * Host names (TLS SNI or Host header) of the connections Chromium opened to any host but the
   * docs server: every such host resolves to this socket. Chromium's own background services
   * (update, accounts, autofill, component updater on Google hosts) dial out whatever the flags;
   * the documents' hosts and their callbacks are all under example.com, so a connection there is
   * one a page made.
   */
  const connections: string[] = [];
  const fromPages = () => connections.filter((host) => /(^|\.)example\.com$/.test(host));
  site.fromPages = fromPages;

  beforeAll(async () => {
    trap = createNetServer((socket) =>
      socket.once("data", (data) => {
        connections.push(/(?:[a-z0-9-]+\.)+[a-z]{2,}/.exec(data.toString("latin1"))?.[0] ?? `unreadable ${data.subarray(0, 8).toString("hex")}`);
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    const trapPort = (trap.address() as AddressInfo).port;
    rmSync(SITE, { recursive: true, force: true });
    buildSite(services.map((service) => ({ service, doc: bundledDocument(service.id) })), SITE);
    mkdirSync(SHOTS, { recursive: true });
    ({ url: site.base, server } = await serveStatic(SITE));
    site.browser = await launchChromium([`--host-resolver-rules=MAP * 127.0.0.1:${trapPort}, EXCLUDE 127.0.0.1`]);
  }, 120_000);

  afterAll(async () => {
    await site.browser?.close();
    server?.close();
    trap?.close();
    // Nothing the pages did opened a connection anywhere but the docs server.
    expect(fromPages()).toEqual([]);
  });

  site.open = async function open(context: BrowserContext, path: string) {
    const page = await context.newPage();
    const watch = watchPage(context, page, site.base);
    await page.goto(`${site.base}/${path}`);
    return { page, watch };
  }

  site.panel = async function panel(page: Page, operationId: string): Promise<string> {
    const scope = `#tryit-${operationId}`;
    await page.waitForSelector(`button[aria-controls="tryit-${operationId}"]`, { timeout: 20_000 });
    if ((await page.getAttribute(`button[aria-controls="tryit-${operationId}"]`, "aria-expanded")) !== "true") await page.click(`button[aria-controls="tryit-${operationId}"]`);
    await page.waitForSelector(`${scope} .tryit-send`, { timeout: 20_000 });
    return scope;
  }

  /** Sends and waits for this send's answer; returns status, headers and body text as shown. */
  site.send = async function send(page: Page, scope: string): Promise<{ status: string; headers: string; body: string; ms: number }> {
    await page.$eval(`:is(${scope}, ${scope}-answer) .tryit-result`, (el) => el.removeAttribute("data-ms"));
    await page.click(`${scope} .tryit-send`);
    await page.waitForSelector(`:is(${scope}, ${scope}-answer) .tryit-result[data-ms]`, { timeout: 20_000 });
    return {
      status: (await page.textContent(`:is(${scope}, ${scope}-answer) .tryit-status`).catch(() => null)) ?? (await page.textContent(`:is(${scope}, ${scope}-answer) .tryit-result`)) ?? "",
      headers: (await page.textContent(`:is(${scope}, ${scope}-answer) .tryit-headers`).catch(() => "")) ?? "",
      body: (await page.textContent(`:is(${scope}, ${scope}-answer) .tryit-response-body`).catch(() => "")) ?? "",
      ms: Number(await page.getAttribute(`:is(${scope}, ${scope}-answer) .tryit-result`, "data-ms")),
    };
  }

  return site;
}

/** Chooses the operation's documented 200 case in its panel, sends it, and expects a 200 with a body and no stray request. */
export async function documentedCaseAnswers(site: TryitSite, id: string, operationId: string): Promise<void> {
  const context = await site.browser.newContext();
  const { page, watch } = await site.open(context, `${id}.html`);
  const scope = await site.panel(page, operationId);
  const value = await page.$eval(`${scope} .tryit-case`, (select) => [...(select as HTMLSelectElement).options].find((o) => o.value.startsWith("code=200"))!.value);
  await page.selectOption(`${scope} .tryit-case`, value);
  const answer = await site.send(page, scope);
  expect(answer.status).toBe("Status 200");
  expect(answer.body.length).toBeGreaterThan(2);
  expect(await watch.settled()).toEqual([]);
  await context.close();
}
