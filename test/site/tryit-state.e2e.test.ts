/**
 * Try it's kept state in Chromium, when the tab holds something the console did not write: a log
 * that is not a list (`{"seed":1,"log":{}}`, which left the panel on "Loading the emulator…" for
 * the whole tab) and a 20,000-entry log (replayed for seconds before a panel opened). Each is
 * discarded with a notice in the panel, which opens and answers from a fresh emulator; what the
 * tab keeps afterwards is a state the console reads back. One service of the registry (the first)
 * stands for all: the state handling is the same code for every one.
 */
import { describe, expect, it } from "vitest";
import { listOperations } from "../../runtime/core/router.js";
import { MAX_LOG, readSaved, storageKey } from "../../runtime/tryit/saved.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { tryitSite } from "../harness/tryit-site.js";

const [service] = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

run("try-it state kept in the tab, read with suspicion (Chromium)", () => {
  const site = tryitSite([service!], "tryit-state-site");
  const operationId = listOperations(bundledDocument(service!.id))[0]!.operation.operationId as string;
  const key = storageKey(service!.id);
  const entry = (i: number) => ({ at: 1_700_000_000_000 + i, method: "GET", url: `https://nowhere.example.com/${i}`, headers: [], body: "" });

  it.each([
    ["a log that is not a list", '{"seed":1,"log":{}}', "its log is not a list"],
    ["a 20,000-entry log", JSON.stringify({ seed: 1, log: Array.from({ length: 20_000 }, (_, i) => entry(i)) }), "it holds 20,000 requests, more than the 1,000"],
    ["text that is not JSON", "{", "it is not JSON"],
  ])("%s is discarded with a notice; the panel opens on a fresh emulator and answers", { timeout: 60_000 }, async (_name, stored, reason) => {
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${service!.id}.html`);
    await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [key, stored]);
    await page.reload();
    const scope = await site.panel(page, operationId);
    const notice = await page.textContent(`${scope} .tryit-state-notice`);
    expect(notice).toContain("was discarded");
    expect(notice).toContain(reason);
    const answer = await site.send(page, scope);
    expect(answer.status).toMatch(/^Status \d{3}$/);
    const kept = await page.evaluate((k) => sessionStorage.getItem(k), key);
    const read = readSaved(kept!);
    expect("saved" in read && read.saved.log.length).toBe(1);
    // Reset clears the notice with the state.
    await page.click(`${scope} .tryit-reset`);
    await page.waitForSelector(`${scope} .tryit-state-notice`, { state: "hidden" });
    await context.close();
  });

  it(`a log at the cap (${MAX_LOG}) is replayed, and the next request drops the oldest with a notice`, { timeout: 120_000 }, async () => {
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${service!.id}.html`);
    await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [key, JSON.stringify({ seed: 1, log: Array.from({ length: MAX_LOG }, (_, i) => entry(i)) })]);
    await page.reload();
    const scope = await site.panel(page, operationId);
    expect(await page.isHidden(`${scope} .tryit-state-notice`)).toBe(true);
    await site.send(page, scope);
    expect(await page.textContent(`${scope} .tryit-state-notice`)).toContain(`Only the newest ${MAX_LOG.toLocaleString("en")} requests are kept`);
    const read = readSaved((await page.evaluate((k) => sessionStorage.getItem(k), key))!);
    expect("saved" in read && read.saved.log.length).toBe(MAX_LOG);
    expect("saved" in read && read.saved.log[0]!.url).toBe("https://nowhere.example.com/1");
    await context.close();
  });
});
