/**
 * The try-it panels of the reference site in headless Chromium (issue 29): requests go through
 * the generated client, MSW's worker hands them to the service's emulator in the page, and no
 * request reaches the network. kms-v2: a key created in createKey's panel is listed by
 * listKeys and counted by HEAD Key-Total, on this page and the next (session state), until
 * reset. identity-v4: a client-credentials token introspects as active. notifications-v1: a
 * created source is listed. The console (issue 36): Authorize runs the code flow and the token
 * flows into introspection; a created topic's id flows into get and delete; credentials are
 * entered once per service; a target switched to a local emulator over HTTP with CORS. The
 * other services: one documented case each. Every page: no
 * console error, nothing off the docs server unanswered by the worker, no horizontal overflow
 * at 390 px with a panel open, and a panel opened and sent by keyboard alone.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { listOperations } from "../../runtime/openapi/router.js";
import { DIST_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";
import { buildSite } from "../../scripts/lib/site.js";
import { TRYIT_LOADER } from "../../scripts/lib/site/tryit-assets.js";
import { chromiumAvailable, launchChromium, requireBrowser, watchPage } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { basicCredential } from "../../runtime/tryit/flow.js";

/** The client the panels start with: the Basic scheme's documented example (x-example). */
const exampleClient = (id: string) => basicCredential({ example: (bundledDocument(id) as any).components.securitySchemes.basicAuth?.["x-example"] }).username;
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";

const SITE = join(DIST_DIR, "tryit-site");
const SHOTS = join(DIST_DIR, "screenshots");
// Every registered service: one without a document or an emulator fails here, never skipped.
const services = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const PHONE = { width: 390, height: 844 };

run("try-it panels in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
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
    ({ url: base, server } = await serveStatic(SITE));
    browser = await launchChromium([`--host-resolver-rules=MAP * 127.0.0.1:${trapPort}, EXCLUDE 127.0.0.1`]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    trap?.close();
    // Nothing the pages did opened a connection anywhere but the docs server.
    expect(fromPages()).toEqual([]);
  });

  async function open(context: BrowserContext, path: string) {
    const page = await context.newPage();
    const watch = watchPage(context, page, base);
    await page.goto(`${base}/${path}`);
    return { page, watch };
  }

  async function panel(page: Page, operationId: string): Promise<string> {
    const scope = `#tryit-${operationId}`;
    await page.waitForSelector(`button[aria-controls="tryit-${operationId}"]`, { timeout: 20_000 });
    if ((await page.getAttribute(`button[aria-controls="tryit-${operationId}"]`, "aria-expanded")) !== "true") await page.click(`button[aria-controls="tryit-${operationId}"]`);
    await page.waitForSelector(`${scope} .tryit-send`, { timeout: 20_000 });
    return scope;
  }

  /** Sends and waits for this send's answer; returns status, headers and body text as shown. */
  async function send(page: Page, scope: string): Promise<{ status: string; headers: string; body: string; ms: number }> {
    await page.$eval(`${scope} .tryit-result`, (el) => el.removeAttribute("data-ms"));
    await page.click(`${scope} .tryit-send`);
    await page.waitForSelector(`${scope} .tryit-result[data-ms]`, { timeout: 20_000 });
    return {
      status: (await page.textContent(`${scope} .tryit-status`).catch(() => null)) ?? (await page.textContent(`${scope} .tryit-result`)) ?? "",
      headers: (await page.textContent(`${scope} .tryit-headers`).catch(() => "")) ?? "",
      body: (await page.textContent(`${scope} .tryit-response-body`).catch(() => "")) ?? "",
      ms: Number(await page.getAttribute(`${scope} .tryit-result`, "data-ms")),
    };
  }

  const keyTotal = (headers: string) => Number(/Key-Total: (\d+)/i.exec(headers)?.[1]);

  it("kms-v2: createKey, then listKeys shows the key and HEAD Key-Total counts it, on the next page too, until reset", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "kms-v2.html");
    const total = await panel(page, "getKeyTotal");
    const before = await send(page, total);
    expect(before.status).toBe("Status 200");
    const create = await panel(page, "createKey");
    const created = await send(page, create);
    expect(created.status).toBe("Status 201");
    const name = JSON.parse(created.body).resources[0].name as string;
    const list = await panel(page, "listKeys");
    const listed = await send(page, list);
    expect(listed.status).toBe("Status 200");
    expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name)).toContain(name);
    const after = await send(page, total);
    expect(keyTotal(after.headers)).toBe(keyTotal(before.headers) + 1);
    await page.locator(create).screenshot({ path: join(SHOTS, "tryit-kms-createKey.png") });
    await page.locator(list).screenshot({ path: join(SHOTS, "tryit-kms-listKeys.png") });
    expect(await watch.settled()).toEqual([]);
    expect(watch.byWorker.filter((r) => r.includes("kms.example.com"))).toHaveLength(4);

    // Away to another page and back, in the same tab (one browser session): the same state, replayed.
    await page.goto(`${base}/index.html`);
    await page.goto(`${base}/kms-v2.html`);
    const again = await send(page, await panel(page, "listKeys"));
    expect(JSON.parse(again.body).resources.map((k: { id: string }) => k.id)).toEqual(JSON.parse(listed.body).resources.map((k: { id: string }) => k.id));
    await page.click("#tryit-listKeys .tryit-reset");
    await page.waitForSelector("#tryit-listKeys .tryit-result >> text=State reset");
    expect(JSON.parse((await send(page, "#tryit-listKeys")).body).resources).toEqual([]);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("identity-v4: a client-credentials token, then introspection says active", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "identity-v4.html");
    const tokens = await panel(page, "requestTokens");
    await page.selectOption(`${tokens} .tryit-example`, { label: "clientCredentials" });
    // The example's audience is a client the emulator does not know: ask for a token for the caller itself.
    const body = JSON.parse(await page.inputValue(`${tokens} .tryit-body`));
    delete body.audience;
    await page.fill(`${tokens} .tryit-body`, JSON.stringify(body));
    const issued = await send(page, tokens);
    expect(issued.status).toBe("Status 200");
    const accessToken = JSON.parse(issued.body).access_token as string;
    // The token flows on: introspection's token field and every bearer credential are filled, nothing typed.
    const introspect = await panel(page, "introspectToken");
    expect(JSON.parse(await page.inputValue(`${introspect} .tryit-body`)).token).toBe(accessToken);
    expect(await page.inputValue(`${await panel(page, "getUserInfo")} .tryit-cred-bearerAuth`)).toBe(accessToken);
    const result = await send(page, introspect);
    expect(result.status).toBe("Status 200");
    expect(JSON.parse(result.body)).toMatchObject({ active: true, client_id: exampleClient("identity-v4") });
    await page.locator(introspect).screenshot({ path: join(SHOTS, "tryit-identity-introspect.png") });
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it.each([
    ["identity-v4", "Authorize (code flow with PKCE)"],
    ["identity-v3", "Authorize (code flow)"],
  ])("%s: Authorize runs the code flow against the emulator in the page; the token fills introspection, which says active", async (id, label) => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, `${id}.html`);
    const introspect = await panel(page, "introspectToken");
    expect(await page.textContent(`${introspect} .tryit-authorize`)).toBe(label);
    await page.click(`${introspect} .tryit-authorize`);
    await page.waitForFunction((scope) => /access token issued|failed/.test(document.querySelector(`${scope} .tryit-authorize-status`)?.textContent ?? ""), introspect, { timeout: 20_000 });
    expect(await page.textContent(`${introspect} .tryit-authorize-status`)).toMatch(/: 302, code received; POST \S+\/token \(authorization_code\): 200, access token issued/);
    const token = JSON.parse(await page.inputValue(`${introspect} .tryit-body`)).token as string;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const userinfo = await panel(page, "getUserInfo");
    expect(await page.inputValue(`${userinfo} .tryit-cred-bearerAuth`)).toBe(token);
    const result = await send(page, introspect);
    expect(result.status).toBe("Status 200");
    expect(JSON.parse(result.body)).toMatchObject({ active: true, client_id: exampleClient(id) });
    // The code flow signs a user in: userinfo answers for them with the flowed token.
    expect((await send(page, userinfo)).status).toBe("Status 200");
    await page.locator(introspect).screenshot({ path: join(SHOTS, `tryit-${id}-authorize.png`) });
    // As with authorize's own panel: Chromium lists the manual redirect's target as a request it
    // cancels at once (never sent: the counting socket stays silent); nothing else is a problem.
    const problems = await watch.settled();
    expect(problems.filter((p) => !/^(off-host|failed): https:\/\/app\.example\.com\/callback\?/.test(p))).toEqual([]);
    expect(fromPages()).toEqual([]);
    await context.close();
  });

  it("notifications-v1: createTopic, then getTopic and deleteTopic take the created id; getTopic answers it", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "notifications-v1.html");
    const remove = await panel(page, "deleteTopic");
    const create = await panel(page, "createTopic");
    await page.selectOption(`${create} .tryit-example`, { label: "nameOnly" });
    const created = await send(page, create);
    expect(created.status).toBe("Status 201");
    const id = JSON.parse(created.body).id as string;
    const get = await panel(page, "getTopic");
    expect(await page.inputValue(`${get} .tryit-param[data-name="id"]`)).toBe(id);
    expect(await page.inputValue(`${remove} .tryit-param[data-name="id"]`)).toBe(id);
    const got = await send(page, get);
    expect(got.status).toBe("Status 200");
    expect(JSON.parse(got.body).id).toBe(id);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("kms-v2: credentials are entered once for the service: every panel, open or opened later, shows and sends them", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "kms-v2.html");
    const create = await panel(page, "createKey");
    const list = await panel(page, "listKeys");
    await page.fill(`${create} .tryit-cred-bearerAuth`, "my-once-token");
    expect(await page.inputValue(`${list} .tryit-cred-bearerAuth`)).toBe("my-once-token");
    const total = await panel(page, "getKeyTotal");
    expect(await page.inputValue(`${total} .tryit-cred-bearerAuth`)).toBe("my-once-token");
    await send(page, total);
    expect(await page.textContent(`${total} .tryit-request`)).toMatch(/^authorization: Bearer •••$/m);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("kms-v2: a target switched to a local emulator over HTTP, which allows the page by CORS: the request leaves the page, with a notice", async () => {
    // A local emulator behind the CORS a server needs to answer a page of another origin.
    const emulator = await serveHandler(createEmulator("kms-v2"));
    const seen: string[] = [];
    const cors = createServer(async (req, res) => {
      const allow = { "access-control-allow-origin": String(req.headers.origin ?? "*"), "access-control-allow-headers": "authorization, content-type, svc-instance, x-kms-key-ring, prefer, x-mock-case", "access-control-allow-methods": "GET, HEAD, POST, OPTIONS", "access-control-expose-headers": "key-total, correlation-id" };
      if (req.method === "OPTIONS") return void res.writeHead(204, allow).end();
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ? "with authorization" : "without authorization"}`);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !["host", "connection", "origin", "content-length"].includes(k)).map(([k, v]) => [k, String(v)]));
      const answer = await fetch(`${emulator.url}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      res.writeHead(answer.status, { ...allow, "content-type": answer.headers.get("content-type") ?? "application/octet-stream" }).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => cors.listen(0, "127.0.0.1", resolve));
    const target = `http://127.0.0.1:${(cors.address() as AddressInfo).port}`;
    try {
      const context = await browser.newContext();
      const { page, watch } = await open(context, "kms-v2.html");
      const create = await panel(page, "createKey");
      const list = await panel(page, "listKeys");
      await page.selectOption(`${create} .tryit-target`, "url");
      await page.fill(`${create} .tryit-target-url`, target);
      await page.$eval(`${create} .tryit-target-url`, (input) => input.dispatchEvent(new Event("change")));
      expect(await page.textContent(`${create} .tryit-target-notice`)).toContain(`Requests now leave this page: they go to ${target}`);
      // Every panel of the service follows the one choice.
      expect(await page.$eval(`${list} .tryit-target`, (s) => (s as HTMLSelectElement).value)).toBe("url");
      // The local emulator starts from the documents' examples: a key of another name and alias than the example's.
      const body = JSON.parse(await page.inputValue(`${create} .tryit-body`));
      Object.assign(body.resources[0], { name: "target-key", aliases: ["target-alias"] });
      await page.fill(`${create} .tryit-body`, JSON.stringify(body));
      const created = await send(page, create);
      expect(created.status).toBe("Status 201");
      expect(await page.textContent(`${create} .tryit-request`)).toContain(`POST ${target}/api/v2/keys`);
      const listed = await send(page, list);
      expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name)).toContain(JSON.parse(created.body).resources[0].name);
      expect(seen).toEqual(["POST /api/v2/keys with authorization", "GET /api/v2/keys with authorization"]);
      // Back to the emulator in the page: nothing more reaches the server.
      await page.selectOption(`${list} .tryit-target`, "");
      expect((await send(page, list)).status).toBe("Status 200");
      expect(seen).toHaveLength(2);
      const problems = await watch.settled();
      expect(problems.filter((p) => !p.includes(target))).toEqual([]);
      await context.close();
    } finally {
      cors.close();
      await emulator.close();
    }
  });

  /**
   * Pre-filled examples whose documented success needs the emulators to start from the documents'
   * examples (the resources, clients and tokens the examples name), which another change makes
   * their starting state. Each is listed with what it gets now; when that change lands this list
   * must shrink to nothing, and the test fails until it does.
   */
  const AWAITING_EXAMPLE_STATE: Record<string, string> = {};

  it("every pre-filled example, sent as it is on a fresh page, answers its documented success (but those awaiting the examples as starting state)", { timeout: 600_000 }, async () => {
    const outcome: Record<string, string> = {};
    for (const { id } of services) {
      const doc = bundledDocument(id);
      // One browser context per service (its worker registered once); a new tab per operation,
      // whose sessionStorage starts empty: each example meets a fresh emulator.
      const context = await browser.newContext();
      for (const { operation } of listOperations(doc)) {
        const { page, watch } = await open(context, `${id}.html`);
        const answer = await send(page, await panel(page, operation.operationId));
        const status = /^Status (\d{3})$/.exec(answer.status)?.[1] ?? answer.status.slice(0, 80);
        const success = Object.keys(operation.responses).filter((s) => /^[23]\d\d$/.test(s));
        if (!success.includes(status)) outcome[`${id} ${operation.operationId}`] = status;
        // A redirect's target is listed by Chromium as a request it cancels at once, never sent; an
        // error status is logged by Chromium as a failed resource. Neither is a fault of the page.
        const problems = (await watch.settled()).filter((p) => !/^(off-host|failed): https:\/\/[^/]*example\.com\//.test(p) && !/^console: Failed to load resource: the server responded with a status of [45]\d\d/.test(p));
        expect(problems, `${id} ${operation.operationId}`).toEqual([]);
        await page.close();
      }
      await context.close();
    }
    expect(outcome).toEqual(AWAITING_EXAMPLE_STATE);
  });

  it("identity-v4: authorize's 302 and its Location are shown as the emulator gave them (fetch sees only an opaque redirect), nothing followed", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "identity-v4.html");
    const scope = await panel(page, "authorize");
    await page.fill(`${scope} .tryit-param[data-name="client_id"]`, "emulator-client");
    const answer = await send(page, scope);
    expect(answer.status).toBe("Status 302");
    expect(answer.headers).toMatch(/^Location: https:\/\/app\.example\.com\/callback\?code=[\w-]+$/m);
    expect(await page.textContent(`${scope} .tryit-redirect`)).toMatch(/opaque redirect \(status 0, type opaqueredirect\)/);
    await page.locator(scope).screenshot({ path: join(SHOTS, "tryit-identity-authorize.png") });
    // Chromium lists the manual redirect's target as a request it cancels at once (ERR_ABORTED, no
    // response, never routed): the redirect is not followed, the worker is not asked, and no
    // connection is opened (the counting socket every other host resolves to stays silent).
    const callback = /^https:\/\/app\.example\.com\/callback\?code=[\w-]+$/;
    const problems = await watch.settled();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^off-host: /);
    expect(problems[0]!.slice("off-host: ".length)).toMatch(callback);
    expect(problems[1]).toMatch(/^failed: \S+ net::ERR_ABORTED$/);
    expect(watch.byWorker.filter((r) => new URL(r.split(" ")[1]!).host === "app.example.com")).toEqual([]);
    expect(fromPages()).toEqual([]);
    await context.close();
  });

  it("notifications-v1: createSource, then listSources shows it", async () => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, "notifications-v1.html");
    const created = await send(page, await panel(page, "createSource"));
    expect(created.status).toBe("Status 201");
    const id = JSON.parse(created.body).id as string;
    const listed = await send(page, await panel(page, "listSources"));
    expect(listed.status).toBe("Status 200");
    expect(JSON.parse(listed.body).sources.map((s: { id: string }) => s.id)).toContain(id);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it.each([
    ["identity-v3", "getOpenIdConfiguration"],
    ["metrics-v1", "listMetrics"],
    ["widget", "createWidgetUrl"],
  ])("%s %s: a documented 200 case chosen in the panel", async (id, operationId) => {
    const context = await browser.newContext();
    const { page, watch } = await open(context, `${id}.html`);
    const scope = await panel(page, operationId);
    const value = await page.$eval(`${scope} .tryit-case`, (select) => [...(select as HTMLSelectElement).options].find((o) => o.value.startsWith("code=200"))!.value);
    await page.selectOption(`${scope} .tryit-case`, value);
    const answer = await send(page, scope);
    expect(answer.status).toBe("Status 200");
    expect(answer.body.length).toBeGreaterThan(2);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it.each(services.map((s) => s.id))("%s page: no console error or network request, fits 390 px with a panel open, operable by keyboard", async (id) => {
    const context = await browser.newContext({ viewport: PHONE });
    const { page, watch } = await open(context, `${id}.html`);
    const first = Object.keys(bundledDocument(id).paths).length && (await page.waitForSelector("button.tryit-open", { timeout: 20_000 }), await page.getAttribute("button.tryit-open", "aria-controls"))!;
    // The page forbids eval (Content-Security-Policy): the panel, MSW, the emulator and its validators run under it.
    const csp = (await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content")) ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\S+\.example\.com/);
    // Before a panel opens the page has loaded the loader alone of the try-it code, and it weighs under 10 KB min+gz with its tag.
    const tryitFiles = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("/assets/tryit/")));
    expect(tryitFiles.map((f) => f.replace(/^.*\/assets\/tryit\//, ""))).toEqual(["loader.js"]);
    const html = readFileSync(join(SITE, `${id}.html`), "utf8");
    const growth = gzipSync(readFileSync(join(SITE, TRYIT_LOADER))).length + gzipSync(html).length - gzipSync(html.replace(/\n<script type="module" src="[^"]*tryit[^"]*"><\/script>/, "").replace(/ data-service="[^"]*"/, "").replace(/\n\.tryit-open[^\n]*/g, "")).length;
    expect(growth).toBeLessThanOrEqual(10 * 1024);
    // Keyboard only: focus the button, Enter opens the panel, Tab reaches the case selection and Send.
    await page.focus(`button[aria-controls="${first}"]`);
    await page.keyboard.press("Enter");
    await page.waitForSelector(`#${first} .tryit-send`, { timeout: 20_000 });
    const reach = async (selector: string) => {
      for (let i = 0; i < 80; i++) {
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true;
        await page.keyboard.press("Tab");
      }
      return false;
    };
    expect(await reach(`#${first} .tryit-case`)).toBe(true);
    // A documented success case, chosen by arrow keys, so the answer is not an error status.
    for (let i = 0; i < 20 && !(await page.$eval(`#${first} .tryit-case`, (s) => /^code=2/.test((s as HTMLSelectElement).value))); i++) await page.keyboard.press("ArrowDown");
    expect(await reach(`#${first} .tryit-send`)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForSelector(`#${first} .tryit-result[data-ms]`, { timeout: 20_000 });
    expect(await page.textContent(`#${first} .tryit-status`)).toMatch(/^Status 2\d\d$/);
    expect(await page.getAttribute(`#${first} .tryit-case`, "id")).toBeTruthy();
    expect(await page.$$eval(`#${first} input, #${first} select, #${first} textarea`, (els) => els.filter((e) => !document.querySelector(`label[for="${e.id}"]`)).length)).toBe(0);
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBe(390);
    await page.locator(`#${first}`).screenshot({ path: join(SHOTS, `tryit-${id}-390.png`) });
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });
});
