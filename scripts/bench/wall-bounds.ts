/**
 * Part of `npm run bench`: the wall-clock figures whose tests assert behaviour only (a timing in
 * `npm test` fails on a loaded machine while the code is healthy). The KMS filter pattern on 512
 * hostile characters (test/kms/rules.test.ts), and when the mock edge's 408s arrive against
 * their limits (test/kms/mock-edge-hostile.test.ts).
 */
import { listeningEdge } from "../lib/edge-fixture.js";
import { FILTER_PATTERN } from "../../runtime/kms/rules.js";
import { sendWire } from "../lib/socket-exchange.js";

export interface WallBounds {
  /** Median of 21 tests of FILTER_PATTERN on the same 512 hostile characters. */
  filterPatternMs: number;
  headTimeout: { limitMs: number; answeredMs: number; status: number };
  requestTimeout: { limitMs: number; answeredMs: number; status: number };
}

/** The hostile filter of test/kms/rules.test.ts: 120 unknown terms, cut at the parameter's 512 characters. */
export const HOSTILE_FILTER = Array.from({ length: 120 }, (_, i) => `p${String.fromCharCode(97 + (i % 26))}${i}=`).join(" ").slice(0, 512);

export async function measureWallBounds(): Promise<WallBounds> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    FILTER_PATTERN.test(HOSTILE_FILTER);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  const limits = { headersMs: 300, requestMs: 900 };
  const { server, port } = await listeningEdge("kms-v2", { timeouts: limits });
  try {
    const head = await sendWire(port, Buffer.from("GET /api/v2/keys HTTP/1.1\r\nHost: x\r\n"), 10_000);
    const body = await sendWire(port, Buffer.from("POST /api/v2/keys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"), 10_000);
    return {
      filterPatternMs: times[10]!,
      headTimeout: { limitMs: limits.headersMs, answeredMs: head.ms, status: head.status },
      requestTimeout: { limitMs: limits.requestMs, answeredMs: body.ms, status: body.status },
    };
  } finally {
    server.close();
  }
}
