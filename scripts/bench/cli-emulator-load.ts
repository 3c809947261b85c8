/**
 * `npx tsx scripts/bench/cli-emulator-load.ts [--quick]` (also part of `npm run bench`): the
 * stateful emulator started as a user starts it, the built CLI (`node dist/lib/runtime/cli/main.js
 * mock kms-v2 --stateful`), beside Prism's own CLI on the same bundled document, in one run:
 * GET /api/v2/keys at concurrency 50 over keep-alive, req/s and p99; and the emulator's RSS
 * after 20,000 and after 100,000 requests (issue 43: ≥ 10x Prism, p99 ≤ 50 ms, RSS within 5 MB).
 * Both servers run on each Node line the package claims (.ci/node-lines), as users run them;
 * `--line 24` measures one. Needs `npm run compile` (dist/lib) first.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { nodeBinary, nodeLines, pinnedVersion } from "../lib/node-lines.js";
import { ROOT } from "../lib/paths.js";
import { load, rss, startPrism, waitFor, type LoadResult } from "./mock-load.js";

/**
 * Load from wrk (Debian's `wrk`, a C client) when the machine has it: a Node client on the same
 * two cores saturates before the emulator does (the emulator's profile under it was 39 % idle),
 * which understates the ratio to Prism. Without wrk, the Node client, and the result says so.
 */
const HEADERS = { authorization: "Bearer bench-token", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };
const hasWrk = () => spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;

function wrkLoad(url: string, seconds: number): LoadResult {
  const headerArgs = Object.entries(HEADERS).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
  const out = spawnSync("wrk", ["-t1", "-c50", `-d${seconds}s`, "--latency", ...headerArgs, `${url}/api/v2/keys`], { encoding: "utf8" }).stdout;
  const ms = (text: string | undefined) => (text === undefined ? NaN : text.endsWith("us") ? parseFloat(text) / 1000 : text.endsWith("ms") ? parseFloat(text) : parseFloat(text) * 1000);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { concurrency: 50, requests, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN), p50: ms(/50%\s+(\S+)/.exec(out)?.[1]), p99: ms(/99%\s+(\S+)/.exec(out)?.[1]), errors };
}

export interface CliEmulatorBench {
  /** The Node both servers ran on (`process.version` of that binary). */
  node: string;
  /** The load generator: wrk where installed, else the Node client. */
  client: "wrk" | "node";
  emulator: LoadResult;
  prism: LoadResult;
  /** RSS of the emulator process (MB) after 20,000 and after 100,000 requests in all. */
  rssAt20k: number;
  rssAt100k: number;
  /** RSS after the load phase too, and the requests answered by then: growth past 100,000 is retained state or the heap still sizing itself. */
  rssAtEnd: number;
  requests: number;
  /**
   * What the process keeps: a second start of the same CLI, its live heap (MB, `heapUsed` after a
   * full collection, asked through the inspector) after a 100,000-request warm-up and after
   * `requests` more. RSS cannot say it on Node 22+: between 20,000 and 100,000 requests it also
   * counts the JIT warming and V8's young generation growing to its size under load.
   */
  retention: { heapWarm: number; heapAfter: number; requests: number };
}

/**
 * Run by a Node 22+ binary (a global WebSocket): over the inspector, two full collections, then
 * the live heap. Prints it in MB.
 */
const HEAP_AFTER_GC = `
const ws = new WebSocket(process.argv[1]);
let id = 0;
const call = (method, params = {}) => new Promise((resolve) => {
  const mine = ++id;
  ws.addEventListener("message", function on(e) { const m = JSON.parse(e.data); if (m.id === mine) { ws.removeEventListener("message", on); resolve(m.result); } });
  ws.send(JSON.stringify({ id: mine, method, params }));
});
await new Promise((r) => ws.addEventListener("open", r, { once: true }));
await call("HeapProfiler.collectGarbage");
await call("HeapProfiler.collectGarbage");
const r = await call("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
console.log(r.result.value / 1048576);
ws.close();
`;

/** The live heap of a process started with --inspect, in MB. */
function heapAfterGc(inspector: string): number {
  const out = spawnSync(nodeBinary(pinnedVersion("24")), ["--input-type=module", "-e", HEAP_AFTER_GC, inspector], { encoding: "utf8", timeout: 30_000 });
  return Number(out.stdout.trim() || NaN);
}

async function startCliEmulator(port: number, node: string, flags: readonly string[] = []) {
  const main = join(ROOT, "dist/lib/runtime/cli/main.js");
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run compile first`);
  const child = spawn(node, [...flags, main, "mock", "kms-v2", "--stateful", "--port", String(port)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const inspector = flags.some((f) => f.startsWith("--inspect")) ? (await waitFor(child, /Debugger listening on (ws:\/\/\S+)/, "emulator CLI's inspector"))[1] : undefined;
  const m = await waitFor(child, /listening on (http:\/\/\S+)/, "emulator CLI");
  return { child, url: m[1]!, inspector };
}

export async function measureCliEmulatorLoad(options: { quick?: boolean; node?: string; flags?: readonly string[] } = {}): Promise<CliEmulatorBench> {
  const measured = options.quick ? 5_000 : 20_000;
  const client = hasWrk() ? "wrk" : "node";
  const seconds = options.quick ? 3 : 8;
  const node = options.node ?? process.execPath;
  const version = spawnSync(node, ["-p", "process.version"], { encoding: "utf8" }).stdout.trim();
  const emulator = await startCliEmulator(4800 + Math.floor(Math.random() * 90), node, options.flags);
  let result: Omit<CliEmulatorBench, "prism">;
  try {
    // RSS at the counts the issue names, first: the load phase below sends hundreds of thousands more.
    await load(emulator.url, 50, 20_000);
    const rssAt20k = rss(emulator.child.pid!)?.now ?? NaN;
    await load(emulator.url, 50, 80_000);
    const rssAt100k = rss(emulator.child.pid!)?.now ?? NaN;
    const figures = client === "wrk" ? wrkLoad(emulator.url, seconds) : await load(emulator.url, 50, measured);
    const rssAtEnd = rss(emulator.child.pid!)?.now ?? NaN;
    result = { node: version, client, emulator: figures, rssAt20k, rssAt100k, rssAtEnd, requests: 100_000 + (client === "wrk" ? figures.requests : measured), retention: { heapWarm: NaN, heapAfter: NaN, requests: 0 } };
  } finally {
    emulator.child.kill();
  }
  const held = await startCliEmulator(4800 + Math.floor(Math.random() * 90), node, ["--inspect=127.0.0.1:0"]);
  try {
    await load(held.url, 50, 100_000);
    const heapWarm = heapAfterGc(held.inspector!);
    const more = client === "wrk" ? wrkLoad(held.url, options.quick ? 3 : 5).requests : (await load(held.url, 50, measured), measured);
    result.retention = { heapWarm, heapAfter: heapAfterGc(held.inspector!), requests: more };
  } finally {
    held.child.kill();
  }
  const prism = await startPrism(4900 + Math.floor(Math.random() * 90), node);
  try {
    await load(prism.url, 50, 500);
    return { ...result, prism: client === "wrk" ? wrkLoad(prism.url, seconds) : await load(prism.url, 50, options.quick ? 2_000 : 5_000) };
  } finally {
    prism.child.kill();
  }
}

/** The measurement on every claimed Node line, one after the other (never side by side: they share the cores). */
export async function measureCliEmulatorLines(options: { quick?: boolean; lines?: string[] } = {}): Promise<CliEmulatorBench[]> {
  const out: CliEmulatorBench[] = [];
  for (const version of options.lines ?? nodeLines()) out.push(await measureCliEmulatorLoad({ quick: options.quick, node: nodeBinary(version) }));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { quick, line } = parseArgs({ options: { quick: { type: "boolean", default: false }, line: { type: "string" } } }).values;
  for (const r of await measureCliEmulatorLines({ quick, ...(line ? { lines: [pinnedVersion(line)] } : {}) })) {
    console.log(`Node ${r.node}, load from ${r.client}`);
    console.log(`  emulator CLI: ${r.emulator.rps.toFixed(0)} req/s, p99 ${r.emulator.p99.toFixed(1)} ms, errors ${r.emulator.errors}`);
    console.log(`  Prism CLI:    ${r.prism.rps.toFixed(0)} req/s, p99 ${r.prism.p99.toFixed(1)} ms, errors ${r.prism.errors}`);
    console.log(`  ratio ${(r.emulator.rps / r.prism.rps).toFixed(2)}x (target ≥ 10x); emulator RSS ${r.rssAt20k.toFixed(1)} MB at 20,000 requests, ${r.rssAt100k.toFixed(1)} MB at 100,000, ${r.rssAtEnd.toFixed(1)} MB at ${r.requests.toLocaleString("en")}`);
    console.log(`  kept: live heap ${r.retention.heapWarm.toFixed(1)} MB after 100,000 requests, ${r.retention.heapAfter.toFixed(1)} MB after ${r.retention.requests.toLocaleString("en")} more (target growth ≤ 5 MB)`);
  }
}
