/**
 * `verify` of every service against its own emulator, in process (no rate limit): the
 * example-only run (read-only) and the run with `--allow-writes` (which adds the negatives'
 * writes and the Arazzo workflows), each the median of several runs, with the requests sent.
 * Issue 45 asks the example-only run to stay within 2x of its time before the workflows; run it
 * on both commits beside `node ../shared/tools/calibrate.mjs`.
 * Usage: npx tsx scripts/bench/verify-emulators.ts [runs, default 7]
 */
import { createEmulator } from "../../runtime/emulator/index.js";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
import { securitySchemes } from "../../runtime/verify/operations.js";
import { verifyServer } from "../../runtime/verify/verify.js";

const runs = Number(process.argv[2] ?? 7);

function options(serviceId: ServiceId, allowWrites: boolean) {
  const schemes = Object.entries<{ "x-example"?: string }>(securitySchemes(loadBundledDocument(serviceId)) as never).filter(([, s]) => typeof s["x-example"] === "string");
  const env = Object.fromEntries(schemes.map(([name, s]) => [`BENCH_${name.toUpperCase()}`, s["x-example"]!]));
  const credentialsEnv = Object.fromEntries(schemes.map(([name]) => [name, `BENCH_${name.toUpperCase()}`]));
  const emulator = createEmulator(serviceId);
  return { baseUrl: "http://emulator.test", fetch: (r: Request) => emulator.handle(r), rate: Infinity, allowWrites, allowSend: allowWrites, env, credentialsEnv };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log("| service | run | median ms | requests | exit |");
console.log("|---|---|---|---|---|");
for (const serviceId of SERVICE_IDS) {
  for (const allowWrites of [false, true]) {
    const times: number[] = [];
    let requests = 0;
    let exit = 0;
    // One warm-up run: module loading and validator compilation are not the run's own cost.
    await verifyServer(serviceId, options(serviceId, allowWrites));
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const report = await verifyServer(serviceId, options(serviceId, allowWrites));
      times.push(performance.now() - started);
      requests = report.summary.requests;
      exit = report.exitCode;
    }
    console.log(`| ${serviceId} | ${allowWrites ? "--allow-writes" : "example-only"} | ${median(times).toFixed(1)} | ${requests} | ${exit} |`);
  }
}
