/**
 * The mock under hostile input (issue 15): generated requests for every service and operation,
 * sent over raw sockets to a mock running in its own process. Every answer must arrive (no
 * hang: see HANG_MS), be documented for its operation (status, media type, schema) or be a documented mock
 * error in the document's error shape, and the process must outlive the battery.
 * `npm run fuzz:mock` runs every case plus seeded combinations (MOCK_FUZZ_SEED, MOCK_FUZZ_RUNS).
 */
import { startServerProcess, type ServerProcess } from "../harness/server-process.js";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { baselines, combinedCases, hostileCases, judge, random, serialize, type HostileCase } from "./battery.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";
import { HANDLER_TIMEOUT_MS } from "../../runtime/http/limits.js";

/**
 * A hang detector, not a speed limit: the edge answers every request within its own handler limit,
 * so an answer missing for three times that means the mock hung. Speed is `npm run bench:mock`'s job
 * (a 2 s limit here failed under a loaded machine while the mock was healthy).
 */
const HANG_MS = 3 * HANDLER_TIMEOUT_MS;

const SEED = Number(process.env.MOCK_FUZZ_SEED ?? 1);
/** Long run: every single mutation of every operation, plus this many stacked combinations per service. */
const LONG = process.env.MOCK_FUZZ_RUNS !== undefined;
const COMBINED = Number(process.env.MOCK_FUZZ_RUNS ?? 0);
const ids = servicesWithCatalogues.map((s) => s.id);

let server: ServerProcess;
let ports: Record<string, number> = {};

beforeAll(async () => {
  server = await startServerProcess(new URL("../../scripts/bench/mock-server.ts", import.meta.url), ids, "mock");
  ports = Object.fromEntries(Object.entries(JSON.parse(server.line) as Record<string, string>).map(([id, url]) => [id, Number(new URL(url).port)]));
}, 60_000);

afterAll(() => {
  server?.child.kill();
});

/** In npm test: each mutation on most services, on an operation picked by the seed. */
async function cases(): Promise<HostileCase[]> {
  const next = random(SEED);
  const out: HostileCase[] = [];
  for (const [i, id] of ids.entries()) {
    if (LONG) out.push(...(await hostileCases(id)), ...(await combinedCases(id, COMBINED, next)));
    // Three services in four get each mutation (every mutation still reaches at least four services): ~560 requests.
    else out.push(...(await hostileCases(id, next, (m) => (m + i) % 4 !== 0)));
  }
  return out;
}

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let i = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (i < items.length) await run(items[i++]!);
  }));
}

describe("mock bad-input battery", () => {
  it("answers every hostile request in time, documented or as a documented mock error", async () => {
    const t0 = performance.now();
    const list = await cases();
    const t1 = performance.now();
    const distinct = new Set(list.map((c) => createHash("sha1").update(c.service).update(c.bytes).digest("hex")));
    const failures: string[] = [];
    const byStatus: Record<string, number> = {};
    const slowest: [number, string][] = [];
    let judging = 0;
    await pool(list, 16, async (c) => {
      try {
        const answer = await sendWire(ports[c.service]!, c.bytes, HANG_MS);
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        slowest.push([answer.ms, `${c.service} ${c.operation} [${c.dimension} ${c.label}]`]);
        const j0 = performance.now();
        const why = judge(c.service, c, answer);
        judging += performance.now() - j0;
        if (why) failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: ${why}`);
      } catch (error) {
        failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: ${(error as Error).message}`);
      }
    });
    console.log(`mock battery: generated in ${(t1 - t0).toFixed(0)} ms, sent and judged in ${(performance.now() - t1).toFixed(0)} ms (judging ${judging.toFixed(0)} ms)`);
    console.log(`mock battery: ${list.length} requests (${distinct.size} distinct), seed ${SEED}; statuses ${JSON.stringify(byStatus)}`);
    expect(distinct.size).toBeGreaterThanOrEqual(LONG ? 0 : 500);
    if (failures.length > 0) console.log(failures.join("\n"));
    if (process.env.MOCK_FUZZ_SLOWEST) console.log(slowest.sort((a, b) => b[0] - a[0]).slice(0, 15).map(([ms, l]) => `${ms.toFixed(0)} ms ${l}`).join("\n"));
    expect(failures.slice(0, 25), `${failures.length} failure(s)`).toEqual([]);
  }, 600_000);

  it("is still alive afterwards, serves every baseline, and logged no internal failure", async () => {
    expect(server.child.exitCode).toBeNull();
    for (const id of ids) {
      for (const { operation, wire } of await baselines(id)) {
        const answer = await sendWire(ports[id]!, serialize(wire));
        expect(answer.status, `${id} ${operation}`).toBeLessThan(400);
      }
    }
    expect(server.stderr()).not.toMatch(/internal failure|uncaught|unhandled/i);
  }, 60_000);
});
