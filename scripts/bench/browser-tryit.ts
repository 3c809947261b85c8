/**
 * The try-it panel in headless Chromium (Debian's chromium): time from clicking Send to the
 * answer shown (listKeys of kms-v2, the first send, which loads the client, and the median of
 * the next ones), time from the first "Try it" click to a ready panel (MSW, the emulator and
 * the document load then), and the reference page's first-load weight with and without the
 * panel's loader (min+gz of every response the page loads before any click).
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { serveStatic } from "../../runtime/cli/static-server.js";
import { EMULATED_SERVICES } from "../../runtime/emulator/registry.js";
import { BUNDLE_DIR, DIST_DIR } from "../lib/paths.js";
import { documentPath, readServices } from "../lib/services.js";
import { buildSite } from "../lib/site.js";
import { TRYIT_LOADER } from "../lib/site/tryit-assets.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const gz = (data: string | Uint8Array) => gzipSync(data, { level: 9 }).length;

export interface TryitFigures {
  firstOpenMs: number;
  firstSendMs: number;
  sendMedianMs: number;
  firstLoadGzip: number;
  firstLoadGzipWithoutPanel: number;
}

export async function measureTryit(sends = 20): Promise<TryitFigures | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const dir = join(DIST_DIR, "bench-site");
  rmSync(dir, { recursive: true, force: true });
  const services = readServices().filter((s) => existsSync(documentPath(s)) && EMULATED_SERVICES.includes(s.id));
  buildSite(services.map((service) => ({ service, doc: JSON.parse(readFileSync(join(BUNDLE_DIR, `${service.id}.json`), "utf8")) })), dir);
  const { url, server } = await serveStatic(dir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    const loaded: Array<{ url: string; gzip: number }> = [];
    page.on("response", (r) => {
      if (r.url().startsWith(url)) void r.body().then((b) => loaded.push({ url: r.url(), gzip: gz(b) }), () => undefined);
    });
    await page.goto(`${url}/kms-v2.html`, { waitUntil: "networkidle" });
    await page.waitForSelector('button[aria-controls="tryit-listKeys"]');
    const firstLoadGzip = loaded.reduce((n, r) => n + r.gzip, 0);
    // Without the panel: the page as it was (no loader, no tag, no button styles).
    const html = readFileSync(join(dir, "kms-v2.html"), "utf8");
    const plain = html
      .replace(`\n<script type="module" src="${TRYIT_LOADER}"></script>`, "")
      .replace(/ data-service="[^"]*"/, "")
      .replace(/\n\.tryit-open[^\n]*/g, "");
    const loaderGzip = loaded.find((r) => r.url.endsWith(TRYIT_LOADER))?.gzip ?? 0;
    const firstLoadGzipWithoutPanel = firstLoadGzip - loaderGzip - (gz(html) - gz(plain));

    const t0 = Date.now();
    await page.click('button[aria-controls="tryit-listKeys"]');
    await page.waitForSelector("#tryit-listKeys .tryit-send");
    const firstOpenMs = Date.now() - t0;
    const sendOnce = async () => {
      await page.$eval(":is(#tryit-listKeys, #tryit-listKeys-answer) .tryit-result", (el) => el.removeAttribute("data-ms"));
      await page.click("#tryit-listKeys .tryit-send");
      await page.waitForSelector(":is(#tryit-listKeys, #tryit-listKeys-answer) .tryit-result[data-ms]");
      return Number(await page.getAttribute(":is(#tryit-listKeys, #tryit-listKeys-answer) .tryit-result", "data-ms"));
    };
    const firstSendMs = await sendOnce();
    const times: number[] = [];
    for (let i = 0; i < sends; i++) times.push(await sendOnce());
    times.sort((a, b) => a - b);
    return { firstOpenMs, firstSendMs, sendMedianMs: times[Math.floor(times.length / 2)]!, firstLoadGzip, firstLoadGzipWithoutPanel };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await measureTryit());
