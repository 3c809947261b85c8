/**
 * Part of `npm run bench` (issue 27): an emulator's RSS after 100,000 create attempts (creates
 * past the documented cap are refused; RSS stays flat after the cap), create latency at 10 and
 * at 10,000 keys (ratio ≤ 1.5), and the longest single request at the documented maximum
 * limits (≤ 100 ms: nothing else runs, so it is how long the event loop is held). Runs in a
 * child with --expose-gc so RSS is read after a collection.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface EmulatorBounds {
  /** Status (and size) of the KMS requests timed: a refused request would be fast for the wrong reason. */
  kmsStatuses: string[];
  created: number;
  refused: number;
  cap: number;
  rssStart: number;
  rssAtCap: number;
  rssEnd: number;
  latency10: number;
  latency10k: number;
  holds: Record<string, number>;
  /** Status of sumSeries(a,a,…×250) over a full path: 400, refused by the step budget (issue 38). */
  sum250Status: number;
  /** 10,000 authorization requests with a 7 KB redirect_uri over 100 tenants: codes made before the byte cap, heap growth after a collection (MiB). */
  identityCodes: { attempts: number; made: number; heapGrowth: number };
}

export function measureEmulatorBounds(): EmulatorBounds {
  const child = fileURLToPath(new URL("./emulator-bounds-child.ts", import.meta.url));
  const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", child], { encoding: "utf8", maxBuffer: 1 << 24 });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(JSON.stringify(measureEmulatorBounds(), null, 2));
