/**
 * `npx tsx scripts/bench/emulator-load.ts [--seconds N] [--concurrency C]` (also part of
 * `npm run bench`): requests per second and p99 latency of the stateful emulator against in-process Prism, same machine, same run, same
 * request (kms-v2 list keys), each server in its own process, load from this one over keep-alive.
 * Goal from issue 16: emulator >= 2x Prism's req/s and p99 <= 50 ms at concurrency 50.
 */
import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const HEADERS = { authorization: "Bearer bench-token", "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" };

async function start(kind: "prism" | "emulator") {
  const child = fork(new URL("./emulator-server.ts", import.meta.url).pathname, [kind, "kms-v2"], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve(String(m)));
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { url, stop: () => child.disconnect() };
}

function once(agent: Agent, url: URL): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: HEADERS }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

async function load(base: string, seconds: number, concurrency: number) {
  const url = new URL("/api/v2/keys", base);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) latencies.push(await once(agent, url));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: latencies[Math.floor(latencies.length * 0.5)]!, p99: latencies[Math.floor(latencies.length * 0.99)]!, n: latencies.length };
}

export type LoadFigures = Awaited<ReturnType<typeof load>>;

export async function measureEmulatorLoad(seconds = 5, concurrency = 50): Promise<Record<"prism" | "emulator", LoadFigures>> {
  const results: Partial<Record<"prism" | "emulator", LoadFigures>> = {};
  for (const kind of ["prism", "emulator"] as const) {
    const server = await start(kind);
    try {
      await load(server.url, 1, concurrency); // warm-up: JIT, schema compilation, key seeding
      results[kind] = await load(server.url, seconds, concurrency);
    } finally {
      server.stop();
    }
  }
  return results as Record<"prism" | "emulator", LoadFigures>;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "50" } } });
  const results = await measureEmulatorLoad(Number(values.seconds), Number(values.concurrency));
  console.log(`kms-v2 GET /api/v2/keys, concurrency ${values.concurrency}, ${values.seconds} s each`);
  for (const [kind, r] of Object.entries(results)) {
    console.log(`${kind.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.n} requests)`);
  }
  console.log(`emulator/prism throughput ${(results.emulator.rps / results.prism.rps).toFixed(2)}x (goal >= 2x); emulator p99 ${results.emulator.p99.toFixed(1)} ms (goal <= 50 ms)`);
}
