/** The metrics Try it panel in Chromium: a documented 200 case chosen in the panel. */
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

// A first page load in a fresh Chromium (its worker, the emulator's chunks) takes seconds even when quiet: a hang detector, generous under load.
run("try-it panels in Chromium", { timeout: 90_000 }, () => {
  const site = tryitSite(readServices().filter((s) => ["metrics-v1"].includes(s.id)), "tryit-site-metrics");

  it.each([
    ["metrics-v1", "listMetrics"],
  ])("%s %s: a documented 200 case chosen in the panel", async (id, operationId) => {
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
  });
});
