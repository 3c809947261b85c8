/**
 * `npm run bench [-- --quick] [-- --skip-tests]`: client overhead, build time, mock load beside
 * Prism's CLI (scripts/bench/mock-load.ts), bundle size, test time and type-check time, printed
 * side by side with targets and written to dist/bench.json.
 */
import { cpus } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DIST_DIR, ROOT } from "../lib/paths.js";
import { bundleForBrowser, README_PAGE } from "./browser-bundle.js";
import { measureTryit } from "./browser-tryit.js";
import { bundleSizes, helperBundleSizes } from "./bundle-size.js";
import { clientLines, clientRows } from "./client-table.js";
import { measureEmulatorBounds } from "./emulator-bounds.js";
import { measureEmulatorLoad } from "./emulator-load.js";
import { measureCliEmulatorLines } from "./cli-emulator-load.js";
import { measureMockLoad, mockBenchTable } from "./mock-load.js";
import { DEADLINE_S, measureVerifyHostile } from "./verify-hostile.js";
import { buildTimes, testTime, typecheckOneTime, typecheckTime } from "./timed.js";
import { measureWallBounds } from "./wall-bounds.js";


const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, "skip-tests": { type: "boolean", default: false } } });
const rows: { metric: string; value: string; target: string; ratio: string; ok: boolean | null }[] = [];
const row = (metric: string, value: number, unit: string, target: number | null, ratioTo?: number) =>
  rows.push({
    metric,
    value: `${value.toFixed(unit === "µs" ? 1 : 2)} ${unit}`,
    target: target === null ? "—" : `≤ ${target}${ratioTo ? "x" : ` ${unit}`}`,
    ratio: ratioTo ? `${(value / ratioTo).toFixed(3)}x` : target ? `${(value / target).toFixed(2)} of target` : "",
    ok: target === null ? null : (ratioTo ? value / ratioTo : value) <= target,
  });

console.log("bench: build times (cold, then warm) ...");
const build = buildTimes();
row("build cold (all six, no cache)", build.cold, "s", 8);
row("build warm (nothing changed)", build.warm, "s", 1);

console.log("bench: client overhead, in memory and over loopback, on Node 22, 24 and 26 ...");
const lines = clientLines({ quick: values.quick });
rows.push(...clientRows(lines));
const clients = lines.find((line) => line.node.startsWith("v24."))?.loopback ?? {};

console.log("bench: mock load (runtime/mock beside Prism's CLI) and the bad-input battery ...");
const mockBench = await measureMockLoad({ quick: values.quick });
for (const who of ["mock", "prism"] as const) {
  const name = who === "mock" ? "runtime/mock" : "Prism CLI";
  for (const l of mockBench.load[who]) {
    row(`${name} req/s at concurrency ${l.concurrency}`, l.rps, "req/s", null);
    row(`${name} p50 / p99 at concurrency ${l.concurrency}`, l.p99, "ms", who === "mock" ? 2000 : null);
    rows.at(-1)!.value = `${l.p50.toFixed(1)} / ${l.p99.toFixed(1)} ms`;
  }
}
const battery = mockBench.battery.mock;
row("runtime/mock RSS after the bad-input battery", battery.rssAfterMB ?? NaN, "MB", 300);
rows.push({ metric: "runtime/mock alive after the battery", value: `${battery.answered}/${battery.sent} answered`, target: "all", ratio: "", ok: battery.alive && battery.answered === battery.sent });
rows.push({ metric: "Prism CLI alive after the KMS battery", value: `${mockBench.battery.prism.answered}/${mockBench.battery.prism.sent} answered`, target: "—", ratio: "", ok: null });
console.log(mockBenchTable(mockBench));

console.log("bench: emulator load beside in-process Prism (kms-v2 list, concurrency 50) ...");
const emu = await measureEmulatorLoad(values.quick ? 2 : 5, 50);
row("emulator req/s (kms-v2 list, concurrency 50)", emu.emulator.rps, "req/s", null);
rows.push({ metric: "emulator / Prism throughput", value: `${(emu.emulator.rps / emu.prism.rps).toFixed(2)}x`, target: "≥ 2x", ratio: "", ok: emu.emulator.rps / emu.prism.rps >= 2 });
row("emulator p99 at concurrency 50", emu.emulator.p99, "ms", 50);

console.log("bench: the built CLI's emulator beside Prism's CLI on Node 22, 24 and 26 (kms-v2 list, concurrency 50; RSS 20,000 -> 100,000 requests) ...");
const cliLines = await measureCliEmulatorLines({ quick: values.quick });
for (const cli of cliLines) {
  const on = `Node ${cli.node}`;
  rows.push({ metric: `${on}: mock kms-v2 --stateful (built CLI) / Prism CLI throughput`, value: `${cli.emulator.rps.toFixed(0)} / ${cli.prism.rps.toFixed(0)} req/s (${(cli.emulator.rps / cli.prism.rps).toFixed(2)}x)`, target: "≥ 10x", ratio: "", ok: cli.emulator.rps / cli.prism.rps >= 10 });
  row(`${on}: mock kms-v2 --stateful p99 at concurrency 50`, cli.emulator.p99, "ms", 50);
  // Informational: on Node 22+ this also counts the JIT warming and V8's young generation growing under load (CONTRIBUTING.md).
  rows.push({ metric: `${on}: mock kms-v2 --stateful RSS, 20,000 -> 100,000 requests (-> ${cli.requests.toLocaleString("en")} after the load)`, value: `${cli.rssAt20k.toFixed(1)} -> ${cli.rssAt100k.toFixed(1)} (-> ${cli.rssAtEnd.toFixed(1)}) MB`, target: "—", ratio: "", ok: null });
  rows.push({ metric: `${on}: mock kms-v2 --stateful live heap after a full collection, 100,000 -> ${cli.retention.requests.toLocaleString("en")} more requests`, value: `${cli.retention.heapWarm.toFixed(1)} -> ${cli.retention.heapAfter.toFixed(1)} MB`, target: "growth ≤ 5 MB", ratio: "", ok: cli.retention.heapAfter - cli.retention.heapWarm <= 5 });
}

console.log("bench: wall-clock bounds the tests assert by behaviour (KMS filter pattern, mock edge 408s) ...");
const wall = await measureWallBounds();
row("KMS filter pattern on 512 hostile characters (median)", wall.filterPatternMs, "ms", 50);
for (const [what, t] of [["head", wall.headTimeout], ["request", wall.requestTimeout]] as const) {
  rows.push({
    metric: `mock edge 408 after a ${t.limitMs} ms ${what} timeout`,
    value: `${t.status} after ${t.answeredMs.toFixed(0)} ms`,
    target: `408, ≥ ${t.limitMs - 50} and ≤ ${t.limitMs + 500} ms`,
    ratio: "",
    ok: t.status === 408 && t.answeredMs >= t.limitMs - 50 && t.answeredMs <= t.limitMs + 500,
  });
}

console.log("bench: emulator bounds (100,000 creates, latency by size, longest request at the limits) ...");
const bounds = measureEmulatorBounds();
rows.push({ metric: "kms emulator: 100,000 create attempts", value: `${bounds.created} created, ${bounds.refused} refused`, target: `cap ${bounds.cap}`, ratio: "", ok: bounds.created === bounds.cap && bounds.refused === 100_000 - bounds.cap });
row("kms emulator RSS: start / at the cap / after 100,000", bounds.rssEnd, "MB", null);
rows.at(-1)!.value = `${bounds.rssStart.toFixed(0)} / ${bounds.rssAtCap.toFixed(0)} / ${bounds.rssEnd.toFixed(0)} MB`;
rows.push({ metric: "kms emulator RSS growth after the cap", value: `${(bounds.rssEnd - bounds.rssAtCap).toFixed(1)} MB`, target: "≤ 10 MB (flat)", ratio: "", ok: bounds.rssEnd - bounds.rssAtCap <= 10 });
row("kms create latency at 10 keys (median)", bounds.latency10 * 1000, "µs", null);
row("kms create latency at 10,000 keys (median)", bounds.latency10k * 1000, "µs", 1.5, bounds.latency10 * 1000);
rows.push({ metric: "kms requests the hold times are of", value: bounds.kmsStatuses.join("; "), target: "all 200", ratio: "", ok: bounds.kmsStatuses.every((s) => /^(HEAD )?200/.test(s)) });
for (const [what, ms] of Object.entries(bounds.holds)) row(`event loop held by one request: ${what}`, ms, "ms", 100);
rows.push({ metric: "metrics sumSeries(a,a,…×250) over a full path", value: `${bounds.sum250Status}`, target: "400 (step budget)", ratio: "", ok: bounds.sum250Status === 400 });
rows.push({ metric: `identity: ${bounds.identityCodes.attempts.toLocaleString("en")} authorizations with a 7 KB redirect_uri`, value: `${bounds.identityCodes.made} codes made, heap +${bounds.identityCodes.heapGrowth.toFixed(1)} MB`, target: "≤ 16 MB (byte cap 8 MiB)", ratio: "", ok: bounds.identityCodes.heapGrowth <= 16 });

console.log("bench: verify against hostile servers (time and peak RSS of the command) ...");
for (const r of await measureVerifyHostile()) {
  rows.push({ metric: `verify vs ${r.server}: wall time (exit ${r.exitCode})`, value: `${r.seconds.toFixed(1)} s`, target: `≤ ${DEADLINE_S + 5} s (deadline + 5 s)`, ratio: "", ok: r.seconds <= DEADLINE_S + 5 });
  rows.push({ metric: `verify vs ${r.server}: peak RSS (server wrote ${r.writtenMiB.toFixed(0)} MiB)`, value: `${r.peakRssMiB.toFixed(0)} MB`, target: "≤ 300 MB", ratio: "", ok: r.peakRssMiB <= 300 });
}

console.log("bench: bundle sizes ...");
for (const [id, size] of Object.entries(await bundleSizes())) {
  row(`bundle ${id} first load (min+gz)`, size.gzip / 1024, "KB", 6);
  row(`bundle ${id} with everything it loads on creation: rules, checker, request path, openapi-fetch (min+gz)`, size.totalGzip / 1024, "KB", 8.5);
  row(`bundle ${id} with every chunk it may load (min+gz)`, size.allGzip / 1024, "KB", null);
  if (size.pullsOthers.length > 0) rows.push({ metric: `bundle ${id} pulls in`, value: size.pullsOthers.join(", "), target: "nothing", ratio: "", ok: false });
}
for (const [name, size] of Object.entries(await helperBundleSizes())) {
  row(`bundle ${name} first load (min+gz)`, size.gzip / 1024, "KB", 8);
  row(`bundle ${name} with the chunks it loads on creation (min+gz)`, size.totalGzip / 1024, "KB", null);
}

console.log("bench: browser bundle of cloud-interfaces/msw with one emulator (esbuild, platform browser) ...");
const browser = await bundleForBrowser(README_PAGE("kms-v2"), "kms-v2");
row("browser: MSW setupWorker + mswEmulator entry (min+gz; MSW is most of it)", browser.entryGzip / 1024, "KB", null);
row("browser: the same with the kms-v2 chunks its first request loads (min+gz)", browser.loadedGzip / 1024, "KB", null);

console.log("bench: try-it panel in Chromium (kms-v2 listKeys) ...");
const tryit = await measureTryit(values.quick ? 5 : 20);
if (tryit) {
  row("try-it: first Send click to answer shown (loads the client)", tryit.firstSendMs, "ms", null);
  row("try-it: Send click to answer shown, median", tryit.sendMedianMs, "ms", 100);
  row("try-it: first Try it click to a ready panel (MSW, emulator, document)", tryit.firstOpenMs, "ms", null);
  row("try-it: kms-v2 page first load, without the panel (min+gz)", tryit.firstLoadGzipWithoutPanel / 1024, "KB", null);
  row("try-it: kms-v2 page first load, with it (min+gz)", tryit.firstLoadGzip / 1024, "KB", null);
  row("try-it: first-load growth (min+gz)", (tryit.firstLoadGzip - tryit.firstLoadGzipWithoutPanel) / 1024, "KB", 10);
} else rows.push({ metric: "try-it figures", value: "no Chromium", target: "—", ratio: "", ok: null });

console.log("bench: type-check ...");
row("tsc, consumer of all six from the compiled .d.ts (skipLibCheck, as tsc --init)", typecheckTime(true), "s", 1.5);
row("tsc, the same consumer checking every .d.ts (skipLibCheck false)", typecheckTime(false), "s", null);
for (const setting of ["node", "dom"] as const) {
  const label = setting === "node" ? "a Node project (lib es2022, @types/node)" : "a browser project (lib dom)";
  row(`tsc, consumer of one service's entry point, skipLibCheck false, ${label}`, typecheckOneTime("package", setting), "s", 2);
  row(`tsc, the same with bare openapi-fetch over the same paths, ${label}`, typecheckOneTime("openapi-fetch", setting), "s", null);
}
if (!values["skip-tests"]) {
  console.log("bench: npm test ...");
  row("npm test wall time", testTime(), "s", 60);
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}`;
const width = (k: keyof (typeof rows)[number]) => Math.max(...rows.map((r) => String(r[k]).length), k.length);
const line = (r: Record<string, unknown>) =>
  `| ${String(r.metric).padEnd(width("metric"))} | ${String(r.value).padStart(width("value"))} | ${String(r.target).padEnd(width("target"))} | ${String(r.ratio).padEnd(width("ratio"))} | ${r.ok === null ? "" : r.ok ? "met" : "MISSED"} |`;
console.log(`\n${new Date().toISOString().slice(0, 10)}, ${machine}\n`);
console.log(line({ metric: "metric", value: "value", target: "target", ratio: "ratio", ok: null }).replace("|  |", "| ok |"));
console.log(`|${"-".repeat(width("metric") + 2)}|${"-".repeat(width("value") + 2)}|${"-".repeat(width("target") + 2)}|${"-".repeat(width("ratio") + 2)}|----|`);
for (const r of rows) console.log(line(r));
mkdirSync(DIST_DIR, { recursive: true });
writeFileSync(join(DIST_DIR, "bench.json"), JSON.stringify({ date: new Date().toISOString(), machine, rows, clients, lines, build, mock: mockBench }, null, 2));
console.log("\nwritten to dist/bench.json");
