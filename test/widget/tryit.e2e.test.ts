/** The widget Try it panel in Chromium: a documented 200 case chosen in the panel. */
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { chromiumAvailable, requireBrowser } from "../harness/browser.js";
import { documentedCaseAnswers, tryitSite } from "../harness/tryit-site.js";

const run = chromiumAvailable || requireBrowser ? describe : describe.skip;

// A first page load in a fresh Chromium (its worker, the emulator's chunks) takes seconds even when quiet: a hang detector, generous under load.
run("try-it panels in Chromium", { timeout: 90_000 }, () => {
  const site = tryitSite(readServices().filter((s) => ["widget"].includes(s.id)), "tryit-site-widget");

  it.each([
    ["widget", "createWidgetUrl"],
  ])("%s %s: a documented 200 case chosen in the panel", async (id, operationId) => {
    await documentedCaseAnswers(site, id, operationId);
  });
});
