/**
 * The try-it panels of the reference site in headless Chromium (issue 29): requests go through
 * the generated client, MSW's worker hands them to the service's emulator in the page, and no
 * request reaches the network. Every registered service's
 * pre-filled examples answer their documented success on a fresh page; each family's own flows
 * are in test/<family>/tryit.e2e.test.ts (test/harness/tryit-site.ts drives them). Every page: no
 * console error, nothing off the docs server unanswered by the worker, no horizontal overflow
 * at 390 px with a panel open, and a panel opened and sent by keyboard alone.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { listOperations } from "../../runtime/core/router.js";
import { readServices } from "../../scripts/lib/services.js";
import { TRYIT_LOADER } from "../../scripts/lib/site/tryit-assets.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { PHONE, SHOTS, tryitSite } from "../harness/tryit-site.js";

// Every registered service: one without a document or an emulator fails here, never skipped.
const services = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

run("try-it panels in Chromium", () => {
  const site = tryitSite(services, "tryit-site");

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
      const context = await site.browser.newContext();
      for (const { operation } of listOperations(doc)) {
        const { page, watch } = await site.open(context, `${id}.html`);
        const answer = await site.send(page, await site.panel(page, operation.operationId));
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

  it.each(services.map((s) => s.id))("%s page: no console error or network request, fits 390 px with a panel open, operable by keyboard", async (id) => {
    const context = await site.browser.newContext({ viewport: PHONE });
    const { page, watch } = await site.open(context, `${id}.html`);
    const first = Object.keys(bundledDocument(id).paths).length && (await page.waitForSelector("button.tryit-open", { timeout: 20_000 }), await page.getAttribute("button.tryit-open", "aria-controls"))!;
    // The page forbids eval (Content-Security-Policy): the panel, MSW, the emulator and its validators run under it.
    const csp = (await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content")) ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\S+\.example\.com/);
    // Before a panel opens the page has loaded the loader alone of the try-it code, and the console's growth (the loader, its tag, its button styles) is at most 1 KB min+gz: highlighting, history, environments and dark mode load with the panel.
    const tryitFiles = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("/assets/tryit/")));
    expect(tryitFiles.map((f) => f.replace(/^.*\/assets\/tryit\//, ""))).toEqual(["loader.js"]);
    const html = readFileSync(join(site.dir, `${id}.html`), "utf8");
    const growth = gzipSync(readFileSync(join(site.dir, TRYIT_LOADER))).length + gzipSync(html).length - gzipSync(html.replace(/\n<script type="module" src="[^"]*tryit[^"]*"><\/script>/, "").replace(/ data-service="[^"]*"/, "").replace(/\n\.tryit-open[^\n]*/g, "")).length;
    expect(growth).toBeLessThanOrEqual(1024);
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
    await page.waitForSelector(`:is(#${first}, #${first}-answer) .tryit-result[data-ms]`, { timeout: 20_000 });
    expect(await page.textContent(`:is(#${first}, #${first}-answer) .tryit-status`)).toMatch(/^Status 2\d\d$/);
    expect(await page.getAttribute(`#${first} .tryit-case`, "id")).toBeTruthy();
    expect(await page.$$eval(`#${first} input, #${first} select, #${first} textarea`, (els) => els.filter((e) => !document.querySelector(`label[for="${e.id}"]`)).length)).toBe(0);
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBe(390);
    await page.locator(`#${first}`).screenshot({ path: join(SHOTS, `tryit-${id}-390.png`) });
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });
});
