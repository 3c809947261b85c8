/**
 * Part of `npm run bench` ("A verifier you can trust"): the `verify` command as a user runs it
 * against servers that never end an answer, stall, or send a huge wrong one: its wall time
 * (target: the deadline plus 5 s) and its peak RSS (target: under 300 MB), read from
 * /proc/<pid>/status (VmHWM) of the command's own process. The servers run in this process.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hostileServers, invalidList, listTarget, type HostileServer } from "../lib/hostile-servers.js";
import { securitySchemes } from "../../runtime/verify/operations.js";
import { ROOT } from "../lib/paths.js";

export interface HostileRun {
  server: string;
  exitCode: number | null;
  seconds: number;
  peakRssMiB: number;
  /** Body bytes the server managed to write. */
  writtenMiB: number;
  lastLine: string;
}

export const DEADLINE_S = 20;

function peakRss(pid: number): number | undefined {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

async function runAgainst(name: string, server: HostileServer, extra: string[] = []): Promise<HostileRun> {
  const target = listTarget();
  const schemes = Object.keys(securitySchemes(target.doc));
  const env = { ...process.env, ...Object.fromEntries(schemes.map((_, i) => [`BENCH_SECRET_${i}`, `bench-secret-${i}`])) };
  const args = ["--import", "tsx", join(ROOT, "runtime/cli/main.ts"), "verify", target.id, "--base-url", server.url, "--rate", "1000", "--deadline", String(DEADLINE_S), ...schemes.flatMap((s, i) => ["--credentials-env", `${s}=BENCH_SECRET_${i}`]), ...extra];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, peakRss(child.pid!) ?? 0)), 50);
  const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  clearInterval(poll);
  await server.close();
  const lines = out.trim().split("\n");
  return { server: name, exitCode, seconds: (performance.now() - started) / 1000, peakRssMiB: peak, writtenMiB: server.written / (1024 * 1024), lastLine: lines.find((l) => l.startsWith("incomplete:")) ?? lines.find((l) => l.startsWith("checks:")) ?? lines.at(-1) ?? "" };
}

export async function measureVerifyHostile(): Promise<HostileRun[]> {
  const target = listTarget();
  const huge = invalidList(target, 400_000);
  const large = invalidList(target, 100_000);
  return [
    await runAgainst("endless body", await hostileServers.endless()),
    await runAgainst("1 TB Content-Length", await hostileServers.hugeContentLength()),
    await runAgainst("stall after headers (request timeout 5 s)", await hostileServers.stallAfterHeaders(), ["--request-timeout", "5"]),
    await runAgainst("drip (request timeout 5 s)", await hostileServers.drip(20), ["--request-timeout", "5"]),
    await runAgainst(`400,000 invalid items (${(huge.body.length / 2 ** 20).toFixed(0)} MiB)`, await hostileServers.always(200, huge.headers, huge.body)),
    await runAgainst(`100,000 invalid items (${(large.body.length / 2 ** 20).toFixed(0)} MiB)`, await hostileServers.always(200, large.headers, large.body)),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const r of await measureVerifyHostile()) console.log(JSON.stringify(r));
}
