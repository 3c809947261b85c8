/**
 * `npx tsx scripts/bench/cli-emulator-load.ts [--quick]` (also part of `npm run bench`): the
 * stateful emulator started as a user starts it, the built CLI (`node dist/lib/runtime/cli/main.js
 * mock kms-v2 --stateful`), beside Prism's own CLI on the same bundled document, in one run:
 * GET /api/v2/keys at concurrency 50 over keep-alive, req/s and p99; and the emulator's RSS
 * after 20,000 and after 100,000 requests (issue 43: ≥ 10x Prism, p99 ≤ 50 ms, RSS within 5 MB).
 * Needs `npm run compile` (dist/lib) first.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
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
  /** The load generator: wrk where installed, else the Node client. */
  client: "wrk" | "node";
  emulator: LoadResult;
  prism: LoadResult;
  /** RSS of the emulator process (MB) after 20,000 and after 100,000 requests in all. */
  rssAt20k: number;
  rssAt100k: number;
}

async function startCliEmulator(port: number) {
  const main = join(ROOT, "dist/lib/runtime/cli/main.js");
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run compile first`);
  const child = spawn(process.execPath, [main, "mock", "kms-v2", "--stateful", "--port", String(port)], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const m = await waitFor(child, /listening on (http:\/\/\S+)/, "emulator CLI");
  return { child, url: m[1]! };
}

export async function measureCliEmulatorLoad(options: { quick?: boolean } = {}): Promise<CliEmulatorBench> {
  const measured = options.quick ? 5_000 : 20_000;
  const client = hasWrk() ? "wrk" : "node";
  const seconds = options.quick ? 3 : 8;
  const emulator = await startCliEmulator(4800 + Math.floor(Math.random() * 90));
  let result: Omit<CliEmulatorBench, "prism">;
  try {
    await load(emulator.url, 50, 2_000); // warm-up
    const figures = client === "wrk" ? wrkLoad(emulator.url, seconds) : await load(emulator.url, 50, measured);
    const sent = 2_000 + (client === "wrk" ? figures.requests : measured);
    if (sent < 20_000) await load(emulator.url, 50, 20_000 - sent);
    const rssAt20k = rss(emulator.child.pid!)?.now ?? NaN;
    await load(emulator.url, 50, 80_000);
    const rssAt100k = rss(emulator.child.pid!)?.now ?? NaN;
    result = { client, emulator: figures, rssAt20k, rssAt100k };
  } finally {
    emulator.child.kill();
  }
  const prism = await startPrism(4900 + Math.floor(Math.random() * 90));
  try {
    await load(prism.url, 50, 500);
    return { ...result, prism: client === "wrk" ? wrkLoad(prism.url, seconds) : await load(prism.url, 50, options.quick ? 2_000 : 5_000) };
  } finally {
    prism.child.kill();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { quick } = parseArgs({ options: { quick: { type: "boolean", default: false } } }).values;
  const r = await measureCliEmulatorLoad({ quick });
  console.log(`load from ${r.client}`);
  console.log(`emulator CLI: ${r.emulator.rps.toFixed(0)} req/s, p99 ${r.emulator.p99.toFixed(1)} ms, errors ${r.emulator.errors}`);
  console.log(`Prism CLI:    ${r.prism.rps.toFixed(0)} req/s, p99 ${r.prism.p99.toFixed(1)} ms, errors ${r.prism.errors}`);
  console.log(`ratio ${(r.emulator.rps / r.prism.rps).toFixed(2)}x (target ≥ 10x); emulator RSS ${r.rssAt20k.toFixed(1)} MB at 20,000 requests, ${r.rssAt100k.toFixed(1)} MB at 100,000 (target growth ≤ 5 MB)`);
}
