/** The notifications Try it panels in Chromium: a created topic's id flows into get and delete; a created source is listed. */
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

// A first page load in a fresh Chromium (its worker, the emulator's chunks) takes seconds even when quiet: a hang detector, generous under load.
run("try-it panels in Chromium", { timeout: 90_000 }, () => {
  const site = tryitSite(readServices().filter((s) => ["notifications-v1"].includes(s.id)), "tryit-site-notifications");

  it("notifications-v1: createTopic, then getTopic and deleteTopic take the created id; getTopic answers it", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "notifications-v1.html");
    const remove = await site.panel(page, "deleteTopic");
    const create = await site.panel(page, "createTopic");
    await page.selectOption(`${create} .tryit-example`, { label: "nameOnly" });
    const created = await site.send(page, create);
    expect(created.status).toBe("Status 201");
    const id = JSON.parse(created.body).id as string;
    const get = await site.panel(page, "getTopic");
    expect(await page.inputValue(`${get} .tryit-param[data-name="id"]`)).toBe(id);
    expect(await page.inputValue(`${remove} .tryit-param[data-name="id"]`)).toBe(id);
    const got = await site.send(page, get);
    expect(got.status).toBe("Status 200");
    expect(JSON.parse(got.body).id).toBe(id);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });

  it("notifications-v1: createSource, then listSources shows it", async () => {
    const context = await site.browser.newContext();
    const { page, watch } = await site.open(context, "notifications-v1.html");
    const created = await site.send(page, await site.panel(page, "createSource"));
    expect(created.status).toBe("Status 201");
    const id = JSON.parse(created.body).id as string;
    const listed = await site.send(page, await site.panel(page, "listSources"));
    expect(listed.status).toBe("Status 200");
    expect(JSON.parse(listed.body).sources.map((s: { id: string }) => s.id)).toContain(id);
    expect(await watch.settled()).toEqual([]);
    await context.close();
  });
});
