/**
 * The mock's generated bad-input battery (test/mock/battery.ts) against the stateful emulators
 * over HTTP, in a child process, on every form of the one front end: the mock (startMock
 * stateful), serveHandler, and the validating proxy in front of an emulator (startProxy). Every answer must arrive in time, never be a 5xx, and be documented for its
 * operation or a documented mock error in the document's shape. `npm test` sends a seeded
 * sample; `npm run fuzz:mock` sends every case (MOCK_FUZZ_RUNS, MOCK_FUZZ_SEED).
 */
import { startServerProcess, type ServerProcess } from "../harness/server-process.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { baselines, hostileCases, judge, random, serialize, type HostileCase } from "./battery.js";
import { sendWire } from "../../scripts/lib/socket-exchange.js";

const SEED = Number(process.env.MOCK_FUZZ_SEED ?? 1);
const LONG = process.env.MOCK_FUZZ_RUNS !== undefined;
const ids = servicesWithCatalogues.map((s) => s.id);

let server: ServerProcess;
let urls: Record<string, { edge: string; serve: string; proxy: string }> = {};

beforeAll(async () => {
  server = await startServerProcess(new URL("../../scripts/bench/emulator-mock-server.ts", import.meta.url), ids, "emulator");
  urls = JSON.parse(server.line);
  // Warm-up, not judged: a tenant's first request makes its RSA key (up to seconds on a busy machine) and each operation compiles its schemas once.
  for (const id of ids) for (const { wire } of await baselines(id)) for (const form of ["edge", "serve", "proxy"] as const) await sendWire(Number(new URL(urls[id]![form]).port), serialize(wire), 30_000).catch(() => {});
}, 120_000);
afterAll(() => server?.child.kill());

async function cases(): Promise<HostileCase[]> {
  const next = random(SEED);
  const out: HostileCase[] = [];
  // npm test: one mutation in six per service, on operations the seed picks; the long run: all.
  for (const [i, id] of ids.entries()) out.push(...(LONG ? await hostileCases(id) : await hostileCases(id, next, (m) => (m + i) % 6 === 0)));
  return out;
}

async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let i = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (i < items.length) await run(items[i++]!);
  }));
}

/**
 * Each form's answer per case: status, mock error kind and media type (bodies hold each
 * emulator's own random ids, so they are not compared byte for byte).
 */
const answered: Record<string, Map<string, string>> = {};
const summary = (answer: { status: number; headers: Map<string, string> }) =>
  [answer.status, answer.headers.get("x-mock-error") ?? "-", answer.headers.get("content-type")?.split(";")[0] ?? "-"].join(" ");

describe.each(["edge", "serve", "proxy"] as const)("emulator bad-input battery over HTTP (%s)", (form) => {
  it("answers every hostile request in time, documented or as a documented mock error", async () => {
    const list = await cases();
    const failures: string[] = [];
    const byStatus: Record<string, number> = {};
    const statuses = (answered[form] = new Map());
    await pool(list, 8, async (c) => {
      try {
        const answer = await sendWire(Number(new URL(urls[c.service]![form]).port), c.bytes);
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        statuses.set(`${c.service} ${c.operation} [${c.dimension} ${c.label}]`, summary(answer));
        const why = judge(c.service, c, answer);
        if (why) failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: ${why}`);
      } catch (error) {
        failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: ${(error as Error).message}`);
      }
    });
    console.log(`emulator battery (${form}): ${list.length} requests, seed ${SEED}; statuses ${JSON.stringify(byStatus)}`);
    if (failures.length > 0) console.log(failures.slice(0, 60).join("\n"));
    expect(failures.slice(0, 25), `${failures.length} failure(s)`).toEqual([]);
  }, 600_000);
});

describe("afterwards", () => {
  it("every form gave each hostile request the same answer: status, mock error kind, media type (one front end, one emulator)", () => {
    const edge = answered.edge!;
    expect(edge.size).toBeGreaterThan(0);
    for (const form of ["serve", "proxy"]) {
      const differing = [...edge].filter(([label, seen]) => answered[form]!.get(label) !== seen).map(([label, seen]) => `${label}: edge ${seen}, ${form} ${answered[form]!.get(label)}`);
      console.log(`emulator battery: ${edge.size} answers compared, edge against ${form}: ${differing.length} differ`);
      expect(differing.slice(0, 25), `${differing.length} of ${edge.size} differ (${form})`).toEqual([]);
    }
  });

  it("the emulator process is alive and serves every baseline", async () => {
    expect(server.child.exitCode).toBeNull();
    for (const id of ids) {
      for (const { operation, wire } of await baselines(id)) {
        const answer = await sendWire(Number(new URL(urls[id]!.edge).port), serialize(wire));
        expect(answer.status, `${id} ${operation}`).toBeLessThan(500);
      }
    }
    expect(server.stderr()).not.toMatch(/internal failure|uncaught|unhandled/i);
  }, 60_000);
});
