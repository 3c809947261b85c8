import { existsSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";

/** Debian's chromium (installed by .ci/run); no browser download. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
/** Under CI a missing browser fails the run; locally the browser tests are reported as skipped. */
export const requireBrowser = process.env.CI === "true";

/** `extraArgs`: e.g. --host-resolver-rules to send every other host to a local counting socket. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  if (!chromiumAvailable) throw new Error(`Chromium not found at ${CHROMIUM}; install Debian's chromium (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking flags Chromium keeps dialling Google hosts on a closed network.
    // launch() gives every browser a fresh temporary profile (Playwright refuses --user-data-dir here).
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * Records what would make a page fail offline or leak to the network: console errors, page
 * errors, failed requests, and any request to another origin than `allowed` that the page's
 * service worker did not answer itself (or that the worker sent on).
 */
export function watchPage(context: BrowserContext, page: Page, allowed: string): { problems: string[]; byWorker: string[]; settled(): Promise<string[]> } {
  const problems: string[] = [];
  /** "METHOD url" of every off-host request the worker answered. */
  const byWorker: string[] = [];
  const pending: Promise<void>[] = [];
  const origin = new URL(allowed).origin;
  const offHost = (r: Request) => {
    const url = new URL(r.url());
    return !["blob:", "data:"].includes(url.protocol) && url.origin !== origin;
  };
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) =>
    pending.push(
      r.response().then(
        (response) =>
          // The client aborts its signal once it has the answer; a HEAD answer's empty body is then cut off, after the worker answered.
          void (response?.fromServiceWorker() && r.failure()?.errorText === "net::ERR_ABORTED" ? undefined : problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`)),
        () => void problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ""}`),
      ),
    ),
  );
  page.on("request", (r) => {
    if (!offHost(r)) return;
    pending.push(
      r.response().then(
        (response) => void (response?.fromServiceWorker() ? byWorker.push(`${r.method()} ${r.url()}`) : problems.push(`off-host: ${r.url()}`)),
        () => void problems.push(`off-host: ${r.url()}`),
      ),
    );
  });
  // A request the worker itself sends (a passthrough) is one that reached the network.
  context.on("request", (r) => {
    if (r.serviceWorker() && offHost(r)) problems.push(`worker sent to the network: ${r.url()}`);
  });
  return { problems, byWorker, settled: async () => (await Promise.all(pending), problems) };
}

/** A fresh context and page, watched for requests that leave `allowed` (see watchPage). */
export async function openWatched(browser: Browser, allowed: string): Promise<{ context: BrowserContext; page: Page; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, watch: watchPage(context, page, allowed) };
}

/** What a browser test started, closed whichever of them its setup got to. */
export async function closeAll(browser: Browser | undefined, server: Server | undefined, dir: string | undefined): Promise<void> {
  await browser?.close();
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
