/** The KMS Try it panels in Chromium: a key created in createKey's panel is listed by listKeys and counted by HEAD Key-Total, on this page and the next (session state), until reset; credentials entered once for the service; a target switched to a local emulator over HTTP with CORS. */
import { join } from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { keyTotal, SHOTS, tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

// A first page load in a fresh Chromium (its worker, the emulator's chunks) takes seconds even when quiet: a hang detector, generous under load.
run("try-it panels in Chromium", { timeout: 90_000 }, () => {
  const site = tryitSite(readServices().filter((s) => ["kms-v2"].includes(s.id)), "tryit-site-kms");

  it("kms-v2: createKey, then listKeys shows the key and HEAD Key-Total counts it, on the next page too, until reset", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "kms-v2.html");
    const total = await site.panel(page, "getKeyTotal");
    const before = await site.send(page, total);
    expect(before.status).toBe("Status 200");
    const create = await site.panel(page, "createKey");
    const created = await site.send(page, create);
    expect(created.status).toBe("Status 201");
    const name = JSON.parse(created.body).resources[0].name as string;
    const list = await site.panel(page, "listKeys");
    const listed = await site.send(page, list);
    expect(listed.status).toBe("Status 200");
    expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name)).toContain(name);
    const after = await site.send(page, total);
    expect(keyTotal(after.headers)).toBe(keyTotal(before.headers) + 1);
    await page.locator(create).screenshot({ path: join(SHOTS, "tryit-kms-createKey.png") });
    await page.locator(list).screenshot({ path: join(SHOTS, "tryit-kms-listKeys.png") });
    expect(await watch.settled()).toEqual([]);
    expect(watch.byWorker.filter((r) => r.includes("kms.example.com"))).toHaveLength(4);

    // Away to another page and back, in the same tab (one browser session): the same state, replayed.
    await page.goto(`${site.base}/index.html`);
    await page.goto(`${site.base}/kms-v2.html`);
    const again = await site.send(page, await site.panel(page, "listKeys"));
    expect(JSON.parse(again.body).resources.map((k: { id: string }) => k.id)).toEqual(JSON.parse(listed.body).resources.map((k: { id: string }) => k.id));
    await page.click("#tryit-listKeys .tryit-reset");
    await page.waitForSelector(":is(#tryit-listKeys, #tryit-listKeys-answer) .tryit-result >> text=State reset");
    expect(JSON.parse((await site.send(page, "#tryit-listKeys")).body).resources).toEqual([]);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("kms-v2: credentials are entered once for the service: every panel, open or opened later, shows and sends them", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "kms-v2.html");
    const create = await site.panel(page, "createKey");
    const list = await site.panel(page, "listKeys");
    await page.fill(`${create} .tryit-cred-bearerAuth`, "my-once-token");
    expect(await page.inputValue(`${list} .tryit-cred-bearerAuth`)).toBe("my-once-token");
    const total = await site.panel(page, "getKeyTotal");
    expect(await page.inputValue(`${total} .tryit-cred-bearerAuth`)).toBe("my-once-token");
    await site.send(page, total);
    expect(await page.textContent(`:is(${total}, ${total}-answer) .tryit-request`)).toMatch(/^authorization: Bearer •••$/m);
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
      const context = await site.browser.newContext();
      const { page, watch } = await site.open(context, "kms-v2.html");
      const create = await site.panel(page, "createKey");
      const list = await site.panel(page, "listKeys");
      // A named environment for the server, added in one panel; the header's one selector switches every panel.
      await page.click(`${create} .tryit-env-edit`);
      await page.fill(`${create} .tryit-env-new-name`, "Local emulator");
      await page.fill(`${create} .tryit-env-new-url`, target);
      await page.click(`${create} .tryit-env-add`);
      expect(await page.textContent(`${create} .tryit-env-leaves`)).toContain(`Requests now leave this page: they go to ${target}`);
      expect(await page.textContent(`${list} .tryit-env-name`)).toBe("Local emulator");
      // The local emulator starts from the documents' examples: a key of another name and alias than the example's.
      const body = JSON.parse(await page.inputValue(`${create} .tryit-body`));
      Object.assign(body.resources[0], { name: "target-key", aliases: ["target-alias"] });
      await page.fill(`${create} .tryit-body`, JSON.stringify(body));
      const created = await site.send(page, create);
      expect(created.status).toBe("Status 201");
      expect(await page.textContent(`:is(${create}, ${create}-answer) .tryit-request`)).toContain(`POST ${target}/api/v2/keys`);
      const listed = await site.send(page, list);
      expect(JSON.parse(listed.body).resources.map((k: { name: string }) => k.name)).toContain(JSON.parse(created.body).resources[0].name);
      expect(seen).toEqual(["POST /api/v2/keys with authorization", "GET /api/v2/keys with authorization"]);
      // Back to the emulator in the page: nothing more reaches the server.
      await page.selectOption("#tryit-env", "emulator");
      expect((await site.send(page, list)).status).toBe("Status 200");
      expect(seen).toHaveLength(2);
      const problems = await watch.settled();
      expect(problems.filter((p) => !p.includes(target))).toEqual([]);
      await context.close();
    } finally {
      cors.close();
      await emulator.close();
    }
  });
});
