/**
 * The client rows of the bench: each supported Node line (.ci/node-lines: 22, 24, 26) measured in
 * a process of its own (scripts/bench/client-lines.ts), because a Request, a web stream and an
 * AbortSignal cost differently on each: in memory (CPU time per call) and over loopback, beside
 * bare openapi-fetch. The clients are the package's entry points as users load them, the
 * compiled `dist/lib`: run `npm run build` first (`npm run bench` does).
 *
 * Alone: `npx tsx scripts/bench/client-table.ts [--quick] [--in-memory]`.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { nodeBinary, nodeLines } from "../lib/node-lines.js";
import { ROOT } from "../lib/paths.js";
import { IN_MEMORY_CASES, type InMemoryResult } from "./client-inmemory.js";
import { CASES, type CaseName } from "./client-overhead.js";

export interface ClientLine {
  node: string;
  inMemory: InMemoryResult;
  loopback: Record<string, Record<CaseName, number>>;
}

export interface Row {
  metric: string;
  value: string;
  target: string;
  ratio: string;
  ok: boolean | null;
}

/** One line's client figures, measured in a process of that line. */
export function clientLine(binary: string, options: { quick: boolean; inMemoryOnly?: boolean }): ClientLine {
  const args = ["--import", "tsx", "scripts/bench/client-lines.ts", ...(options.quick ? ["--quick"] : []), ...(options.inMemoryOnly ? ["--in-memory"] : [])];
  const run = spawnSync(binary, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (run.status !== 0) throw new Error(`client figures on ${binary} failed (exit ${run.status})`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as ClientLine;
}

/** Every supported line's figures (the pinned version of each, from the `node` npm package). */
export function clientLines(options: { quick: boolean; inMemoryOnly?: boolean }): ClientLine[] {
  return nodeLines().map((version) => clientLine(nodeBinary(version), options));
}

export function clientRows(lines: readonly ClientLine[]): Row[] {
  const rows: Row[] = [];
  for (const line of lines) {
    const ours = line.inMemory["generated client"];
    const bareInMemory = line.inMemory["openapi-fetch (bare)"];
    for (const k of IN_MEMORY_CASES) {
      rows.push({
        metric: `${line.node} in memory ${k} (CPU time): generated client / bare openapi-fetch`,
        value: `${ours[k].toFixed(1)} / ${bareInMemory[k].toFixed(1)} µs`,
        target: "≤ 1.3x bare openapi-fetch",
        ratio: `${(ours[k] / bareInMemory[k]).toFixed(3)}x`,
        ok: ours[k] / bareInMemory[k] <= 1.3,
      });
    }
    const bare = line.loopback["openapi-fetch 0.17.0 (bare)"];
    const raw = line.loopback["raw fetch"];
    if (!bare || !raw) continue;
    for (const k of CASES) {
      for (const [name, byCase] of Object.entries(line.loopback)) {
        const isOurs = name.startsWith("generated client");
        rows.push({
          metric: `${line.node} loopback ${k}: ${name}`,
          value: `${byCase[k].toFixed(1)} µs`,
          target: isOurs ? "≤ 1.10x bare openapi-fetch" : name === "raw fetch" ? "floor" : "—",
          ratio: `${(byCase[k] / raw[k]).toFixed(3)}x raw${isOurs ? `, ${(byCase[k] / bare[k]).toFixed(3)}x bare` : ""}`,
          ok: isOurs ? byCase[k] / bare[k] <= 1.1 : null,
        });
      }
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, "in-memory": { type: "boolean", default: false } } });
  for (const row of clientRows(clientLines({ quick: values.quick, inMemoryOnly: values["in-memory"] }))) {
    console.log(`| ${row.metric} | ${row.value} | ${row.ratio} | ${row.ok === null ? "" : row.ok ? "met" : "MISSED"} |`);
  }
}
