/**
 * The mock's generated bad-input battery (test/mock/battery.ts) against the stateful emulators
 * under MSW (runs on Node 24: vitest.node24.config.ts). Each hostile request that fetch can
 * express goes through setupServer to the emulator; its answer is judged like the HTTP forms'.
 * Requests fetch itself refuses (CR/LF in a header, bad framing, CONNECT) never reach MSW and
 * are counted, not judged. `npm run test:e2e` sends a seeded sample; `npm run fuzz:mock` sends all.
 */
import type { ServiceId } from "cloud-interfaces/mock";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mswEmulator } from "cloud-interfaces/msw";
import { servicesWithCatalogues } from "../security/fixtures.js";
import { hostileCases, judge, random, type HostileCase } from "../mock/battery.js";
import { failUnhandled } from "../harness/msw-unhandled.js";

const SEED = Number(process.env.MOCK_FUZZ_SEED ?? 1);
const LONG = process.env.MOCK_FUZZ_RUNS !== undefined;
const ids = servicesWithCatalogues.map((s) => s.id) as ServiceId[];
const origin = (id: string) => `http://${id}.msw-battery.test`;
const mocks = ids.map((id) => mswEmulator(id, { baseUrl: origin(id) }));
const server = setupServer(...mocks.flatMap((m) => m.handlers));
const unhandled: string[] = [];
beforeAll(() =>
  server.listen(failUnhandled(unhandled)),
);
afterAll(() => server.close());

/** The wire bytes as a fetch call, or undefined when they are not one fetch can make. */
function asFetch(c: HostileCase): { url: string; init: RequestInit } | undefined {
  const end = c.bytes.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [line, ...headerLines] = c.bytes.subarray(0, end).toString("latin1").split("\r\n");
  const [method, target, version] = (line ?? "").split(" ");
  if (!method || !target?.startsWith("/") || version !== "HTTP/1.1") return undefined;
  const headers: [string, string][] = [];
  for (const h of headerLines) {
    const i = h.indexOf(":");
    if (i <= 0) return undefined;
    headers.push([h.slice(0, i).trim(), h.slice(i + 1).trim()]);
  }
  // fetch computes framing and Host itself; the body is taken as sent.
  const kept = headers.filter(([k]) => !/^(transfer-encoding|content-length|host|expect|connection|keep-alive|upgrade)$/i.test(k));
  const body = c.bytes.subarray(end + 4);
  if (headers.some(([k, v]) => /^transfer-encoding$/i.test(k) && /chunked/i.test(v))) return undefined;
  // A redirect is judged as answered, not followed: its target (a client's callback) is no emulated host.
  const init: RequestInit = { method, headers: kept, redirect: "manual", ...(body.length > 0 && method !== "GET" && method !== "HEAD" ? { body: new Uint8Array(body) } : {}) };
  return { url: `${origin(c.service)}${target}`, init };
}

describe("emulator bad-input battery under MSW", () => {
  it("answers every hostile request fetch can send, documented or as a documented mock error", async () => {
    const next = random(SEED);
    const list: HostileCase[] = [];
    for (const [i, id] of ids.entries()) list.push(...(LONG ? await hostileCases(id) : await hostileCases(id, next, (m) => (m + i) % 6 === 0)));
    const failures: string[] = [];
    let sent = 0;
    let refusedByFetch = 0;
    for (const c of list) {
      const call = asFetch(c);
      let request: Request;
      try {
        if (!call) throw new TypeError("not a fetch request");
        request = new Request(call.url, call.init);
      } catch {
        refusedByFetch++;
        continue;
      }
      const started = performance.now();
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        // MSW and undici refuse some requests before any handler runs (an extension method such as FOO):
        // fetch's own TypeError. A handler that throws would instead be MSW's 500 answer, judged below.
        if (error instanceof TypeError) refusedByFetch++;
        else failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: fetch failed: ${(error as Error).message}`);
        continue;
      }
      sent++;
      const body = Buffer.from(await response.arrayBuffer());
      const headers = new Map<string, string>();
      response.headers.forEach((v, k) => headers.set(k, v));
      // Judged by the method fetch sent: it upper-cases `get`, `post`, … (Fetch standard, method normalization).
      const why = judge(c.service, c, { status: response.status, headers, body, ms: performance.now() - started }, request.method);
      if (why) failures.push(`${c.service} ${c.operation} [${c.dimension} ${c.label}]: ${why}`);
    }
    console.log(`emulator battery (msw): ${sent} requests sent, ${refusedByFetch} not expressible through fetch, seed ${SEED}`);
    expect(sent).toBeGreaterThan(LONG ? 0 : 50);
    expect(failures.slice(0, 25), `${failures.length} failure(s)`).toEqual([]);
    expect(mocks.flatMap((m) => m.emulator.violations)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 600_000);
});
