/**
 * Try it's kept state in Chromium (issue 48): the emulator's snapshot, restored on the next page,
 * and a history of what was sent, capped apart from it. When the tab holds something the console
 * did not write (an older console's request log, `{"seed":1,"log":{}}`, which once left the panel
 * on "Loading the emulator…"; text that is not JSON; a 20,000-entry history), it is discarded
 * with a notice in the panel, which opens and answers from a fresh emulator; what the tab keeps
 * afterwards is what the console reads back. One service of the registry (the first) stands for
 * all: the state handling is the same code for every one.
 */
import { describe, expect, it } from "vitest";
import { listOperations } from "../../runtime/core/router.js";
import { historyKey, MAX_HISTORY, readHistory, readKept, storageKey } from "../../runtime/tryit/saved.js";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { bundledDocument } from "../harness/documents.js";
import { tryitSite } from "../harness/tryit-site.js";

const [service] = readServices();
const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

run("try-it state kept in the tab as a snapshot, read with suspicion (Chromium)", () => {
  const site = tryitSite([service!], "tryit-state-site");
  const operationId = listOperations(bundledDocument(service!.id))[0]!.operation.operationId as string;
  const key = storageKey(service!.id);
  const entry = (i: number) => ({ seq: i, at: 1_700_000_000_000 + i, method: "GET", url: `https://nowhere.example.com/${i}`, headers: [], body: "", status: 200 });
  const kept = async (page: import("playwright-core").Page) => {
    const [state, history] = await page.evaluate(([a, b]) => [sessionStorage.getItem(a!), sessionStorage.getItem(b!)], [key, historyKey(service!.id)]);
    const s = readKept(state!);
    const h = readHistory(history!);
    if (!("kept" in s) || !("history" in h)) throw new Error(`not kept: ${JSON.stringify([s, h])}`);
    return { state: s.kept, history: h.history };
  };

  it.each([
    ["an older console's request log", key, '{"seed":1,"log":{}}', "it is not a state this console keeps"],
    ["text that is not JSON", key, "{", "it is not JSON"],
    ["a snapshot the emulator refuses", key, JSON.stringify({ version: 2, seed: 1, snapshot: { format: "cloud-interfaces/emulator-state", version: 1, service: "another-v1", draws: 0, state: {} } }), "could not be restored"],
    ["a 20,000-entry history", historyKey(service!.id), JSON.stringify({ start: { seq: 0, seed: 1 }, next: 20_000, entries: Array.from({ length: 20_000 }, (_, i) => entry(i)) }), "it is larger than the 2,000,000 characters"],
  ])("%s is discarded with a notice; the panel opens on a fresh emulator and answers", { timeout: 60_000 }, async (_name, where, stored, reason) => {
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${service!.id}.html`);
    await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [where, stored]);
    await page.reload();
    const scope = await site.panel(page, operationId);
    const notice = await page.textContent(`${scope} .tryit-state-notice`);
    expect(notice).toContain("was discarded");
    expect(notice).toContain(reason);
    const answer = await site.send(page, scope);
    expect(answer.status).toMatch(/^Status \d{3}$/);
    const { state, history } = await kept(page);
    expect(state.snapshot).toMatchObject({ format: "cloud-interfaces/emulator-state", service: service!.id });
    expect(history.entries).toHaveLength(1);
    // Reset clears the notice with the state.
    await page.click(`${scope} .tryit-reset`);
    await page.waitForSelector(`${scope} .tryit-state-notice`, { state: "hidden" });
    await context.close();
  });

  it("the state is the emulator's snapshot, restored on the next page with nothing replayed; the history is apart", { timeout: 60_000 }, async () => {
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${service!.id}.html`);
    let scope = await site.panel(page, operationId);
    await site.send(page, scope);
    const first = await kept(page);
    expect(first.history.entries.map((e) => e.call?.operationId)).toEqual([operationId]);
    // The history emptied by hand: the next page has nothing to replay, and restores the same state.
    await page.evaluate((k) => sessionStorage.removeItem(k), historyKey(service!.id));
    await page.reload();
    scope = await site.panel(page, operationId);
    expect(await page.textContent(`${scope} .tryit-count`)).toBe("0 requests in the history");
    const restored = await page.evaluate(() => (document.querySelector(".tryit-export") as HTMLButtonElement | null) !== null);
    expect(restored).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(`${scope} .tryit-export`)]);
    const text = await new Promise<string>((resolve, reject) => download.createReadStream().then((s) => {
      let out = "";
      s.on("data", (d) => (out += d));
      s.on("end", () => resolve(out));
      s.on("error", reject);
    }, reject));
    expect(JSON.parse(text)).toEqual(first.state.snapshot);
    await context.close();
  });

  it(`a history at the cap (${MAX_HISTORY}) drops its oldest entry on the next request, with a notice, and the state stays whole`, { timeout: 120_000 }, async () => {
    const context = await site.browser.newContext();
    const { page } = await site.open(context, `${service!.id}.html`);
    await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [historyKey(service!.id), JSON.stringify({ start: { seq: 0, seed: 1 }, next: MAX_HISTORY, entries: Array.from({ length: MAX_HISTORY }, (_, i) => entry(i)) })]);
    await page.reload();
    const scope = await site.panel(page, operationId);
    expect(await page.isHidden(`${scope} .tryit-state-notice`)).toBe(true);
    await site.send(page, scope);
    expect(await page.textContent(`${scope} .tryit-state-notice`)).toContain(`The history keeps the newest ${MAX_HISTORY.toLocaleString("en")} requests`);
    const { state, history } = await kept(page);
    expect(history.entries).toHaveLength(MAX_HISTORY);
    expect(history.entries[0]!.url).toBe("https://nowhere.example.com/1");
    expect(history.entries.at(-1)!.call?.operationId).toBe(operationId);
    // Copy as test now starts after what was dropped: from the state as it was then.
    expect(history.start.seq).toBe(MAX_HISTORY + 1);
    expect(history.start.snapshot).toEqual(state.snapshot);
    await page.click(`${scope} .tryit-history`);
    await page.waitForSelector(`${scope} .tryit-history-entry`);
    expect(await page.$$eval(`${scope} .tryit-history-entry`, (items) => items.length)).toBe(MAX_HISTORY);
    await context.close();
  });
});
