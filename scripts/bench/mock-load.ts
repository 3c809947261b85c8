/**
 * Mock load benchmark (issue 15), part of `npm run bench` and runnable alone
 * (`tsx scripts/bench/mock-load.ts [--quick]`): req/s and p50/p99 latency of a valid KMS
 * request at concurrency 50 and 1000, for this project's mock and for Prism's own CLI on the
 * same document in the same run; then the bad-input battery (scripts/lib/hostile-requests.ts,
 * as test/mock sends it) against both, with the mock's RSS before, after and at its peak. The
 * valid requests are each operation's documented example call (the site's code samples).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractMeta } from "../lib/client-meta.js";
import { wireRequests } from "../lib/example-requests.js";
import { hostileCases, type Baseline } from "../lib/hostile-requests.js";
import { BUNDLE_DIR, ROOT } from "../lib/paths.js";
import { readServices } from "../lib/services.js";
import { sendWire } from "../lib/socket-exchange.js";

export interface LoadResult {
  concurrency: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface MockBench {
  load: Record<"mock" | "prism", LoadResult[]>;
  battery: Record<"mock" | "prism", { sent: number; answered: number; alive: boolean; rssBeforeMB?: number; rssAfterMB?: number; peakRssMB?: number }>;
}

const SERVICE = "kms-v2";

/** Each operation's documented example call, as the valid request its hostile variants start from. */
function baselines(serviceId: string): Baseline[] {
  const doc = JSON.parse(readFileSync(join(BUNDLE_DIR, `${serviceId}.json`), "utf8"));
  return wireRequests(doc, extractMeta(serviceId, doc)).map((r) => ({
    operation: r.operation,
    wire: { method: r.method, target: r.target, headers: r.headers, ...(r.body !== undefined ? { body: Buffer.from(r.body) } : {}) },
    requestMediaTypes: r.requestMediaTypes,
  }));
}

/** RSS now and at its peak (VmHWM), in MB, of any process on this machine. */
export function rss(pid: number): { now: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

export function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start within 60 s: ${out.slice(-500)}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${what} exited (${code}): ${out.slice(-500)}`)));
  });
}

async function startOurs(ids: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./mock-server.ts", import.meta.url)), ...ids], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const m = await waitFor(child, /^(\{.*\})$/m, "project mock");
  return { child, urls: JSON.parse(m[1]!) as Record<string, string> };
}

/** Prism's CLI on the bundled KMS document, run by `node` (default: this process's Node). */
export async function startPrism(port: number, node = process.execPath) {
  const bin = join(createRequire(import.meta.url).resolve("@stoplight/prism-cli/package.json"), "..", "dist", "index.js");
  // Prism's defaults (request logging on) with the settings the project's tests use.
  const child = spawn(node, [bin, "mock", "-h", "127.0.0.1", "-p", String(port), join(BUNDLE_DIR, `${SERVICE}.json`)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.resume();
  await waitFor(child, /Prism is listening/, "Prism CLI");
  return { child, url: `http://127.0.0.1:${port}` };
}

/** `requests` valid requests at a fixed number in flight over keep-alive connections. */
export async function load(url: string, concurrency: number, requests: number): Promise<LoadResult> {
  const [base] = baselines(SERVICE).filter((b) => b.operation === "GET /api/v2/keys");
  const headers = Object.fromEntries(base!.wire.headers.map(([k, v]) => [k, String(v)]));
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = request({ host: hostname, port, path: base!.wire.target, method: "GET", headers, agent, timeout: 30_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - t);
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.on("timeout", () => req.destroy());
      req.end();
    });
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < requests) await one();
  }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { concurrency, requests, rps: requests / seconds, p50: q(0.5), p99: q(0.99), errors };
}

async function battery(urls: Record<string, string>, ids: string[]): Promise<{ sent: number; answered: number }> {
  let sent = 0;
  let answered = 0;
  for (const id of ids) {
    const port = Number(new URL(urls[id]!).port);
    const cases = hostileCases(id, baselines(id));
    let i = 0;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (i < cases.length) {
        const c = cases[i++]!;
        sent++;
        await sendWire(port, c.bytes, 5_000).then(() => answered++, () => undefined);
      }
    }));
  }
  return { sent, answered };
}

export async function measureMockLoad(options: { quick?: boolean } = {}): Promise<MockBench> {
  const levels = options.quick ? [[50, 2_000], [1000, 5_000]] : [[50, 5_000], [1000, 20_000]];
  const ids = readServices().map((s) => s.id);
  const result: MockBench = { load: { mock: [], prism: [] }, battery: {} as MockBench["battery"] };

  const ours = await startOurs(ids);
  try {
    for (const [c, n] of levels) result.load.mock.push(await load(ours.urls[SERVICE]!, c!, n!));
    const before = rss(ours.child.pid!);
    const b = await battery(ours.urls, ids);
    const after = rss(ours.child.pid!);
    result.battery.mock = { ...b, alive: ours.child.exitCode === null, rssBeforeMB: before?.now, rssAfterMB: after?.now, peakRssMB: after?.peak };
  } finally {
    ours.child.kill();
  }

  const prism = await startPrism(4900 + Math.floor(Math.random() * 90));
  try {
    for (const [c, n] of levels) result.load.prism.push(await load(prism.url, c!, n!));
    const before = rss(prism.child.pid!);
    // Prism's CLI serves one document: the KMS part of the battery only.
    const b = await battery({ [SERVICE]: prism.url }, [SERVICE]);
    const after = rss(prism.child.pid!);
    result.battery.prism = { ...b, alive: prism.child.exitCode === null, rssBeforeMB: before?.now, rssAfterMB: after?.now, peakRssMB: after?.peak };
  } finally {
    prism.child.kill();
  }
  return result;
}

export function mockBenchTable(r: MockBench): string {
  const rows = [`| server | concurrency | requests | req/s | p50 ms | p99 ms | errors |`, `|---|---|---|---|---|---|---|`];
  for (const who of ["mock", "prism"] as const) {
    for (const l of r.load[who]) rows.push(`| ${who === "mock" ? "runtime/mock" : "Prism CLI 5.14.2"} | ${l.concurrency} | ${l.requests} | ${l.rps.toFixed(0)} | ${l.p50.toFixed(1)} | ${l.p99.toFixed(1)} | ${l.errors} |`);
  }
  const mb = (v?: number) => (v === undefined || Number.isNaN(v) ? "n/a" : `${v.toFixed(0)} MB`);
  for (const who of ["mock", "prism"] as const) {
    const b = r.battery[who];
    rows.push(`\nbattery vs ${who === "mock" ? `runtime/mock (${readServices().length} services)` : "Prism CLI (kms-v2 only)"}: ${b.answered}/${b.sent} answered, process ${b.alive ? "alive" : "DEAD"}; RSS before ${mb(b.rssBeforeMB)}, after ${mb(b.rssAfterMB)}, peak ${mb(b.peakRssMB)}`);
  }
  return rows.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Strict: a mistyped flag stops here instead of starting a minute-long run without it.
  const { quick } = parseArgs({ options: { quick: { type: "boolean", default: false } } }).values;
  console.log(mockBenchTable(await measureMockLoad({ quick })));
  console.log("\n(figures depend on the machine's load; compare the two servers within one run)");
}
