import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's chromium (installed by .ci/run); no browser download. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
/** Under CI a missing browser fails the run; locally the browser tests are reported as skipped. */
export const requireBrowser = process.env.CI === "true";

export function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable) throw new Error(`Chromium not found at ${CHROMIUM}; install Debian's chromium (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // Without the background-networking flags Chromium keeps dialling Google hosts on a closed network.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
