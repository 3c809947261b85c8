import { copyFileSync, mkdirSync, readFileSync, writeFileSync, cpSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { serveStatic } from "./runtime/cli/static-server.js";
import { readServices } from "./scripts/lib/services.js";
import { listOperations } from "./runtime/core/router.js";
const site = "dist/console-site";
// Scalar's standalone beside the site, one page per document, for the comparison.
mkdirSync(`${site}/scalar`, { recursive: true });
copyFileSync("/tmp/scalar-scratch/node_modules/@scalar/api-reference/dist/browser/standalone.js", `${site}/scalar/standalone.js`);
const services = readServices();
for (const s of services) writeFileSync(`${site}/scalar/${s.id}.html`, `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${s.id}</title></head><body><script id="api-reference" data-url="../openapi/${s.id}.json"></script><script src="standalone.js"></script></body></html>`);
const { url, server } = await serveStatic(site);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const weights: Record<string, number> = {};
for (const s of services) {
  const doc = JSON.parse(readFileSync(`${site}/openapi/${s.id}.json`, "utf8"));
  const op = listOperations(doc)[0]!.operation.operationId;
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const c = await b.newContext({ viewport });
    const p = await c.newPage();
    await p.goto(`${url}/${s.id}.html`);
    await p.waitForSelector(`button[aria-controls="tryit-${op}"]`, { timeout: 20000 });
    await p.screenshot({ path: `/tmp/site3-shots/${s.id}-${viewport.width}-top.png` });
    await p.click(`button[aria-controls="tryit-${op}"]`);
    await p.waitForSelector(`#tryit-${op} .tryit-send`);
    await p.click(`#tryit-${op} .tryit-send`);
    await p.waitForSelector(`:is(#tryit-${op}, #tryit-${op}-answer) .tryit-result[data-ms]`);
    await p.$eval(`#tryit-${op} .tryit-send`, (e) => e.scrollIntoView({ block: "center" }));
    await p.waitForTimeout(300);
    await p.screenshot({ path: `/tmp/site3-shots/${s.id}-${viewport.width}-tryit.png` });
    await c.close();
    // Scalar, same document, same size.
    const c2 = await b.newContext({ viewport });
    const p2 = await c2.newPage();
    const loaded: Promise<number>[] = [];
    p2.on("response", (r) => void loaded.push(r.body().then((x) => gzipSync(x).length, () => 0)));
    await p2.goto(`${url}/scalar/${s.id}.html`, { waitUntil: "networkidle" });
    await p2.waitForTimeout(1500);
    if (viewport.width === 1400) weights[s.id] = (await Promise.all(loaded)).reduce((a, b2) => a + b2, 0);
    await p2.screenshot({ path: `/tmp/site3-shots/scalar-${s.id}-${viewport.width}.png` });
    await c2.close();
  }
}
for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
  const c = await b.newContext({ viewport });
  const p = await c.newPage();
  await p.goto(`${url}/index.html`);
  await p.screenshot({ path: `/tmp/site3-shots/index-${viewport.width}.png` });
  await c.close();
}
console.log("Scalar first load min+gz (standalone + document):", weights);
await b.close(); server.close();
