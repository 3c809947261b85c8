/**
 * Which of the repository's files one request runs through: the stateful emulator started as
 * `startMock(id, { stateful: true })` does, one warm-up request, then V8's precise coverage (call
 * counts, reset at the start) around one more, and every runtime or generated file with a
 * function called in between, with its lines and the calls counted. Issue 43 counted 18
 * hand-written files for one KMS GET; this prints the same count from the running code.
 *
 * npx tsx scripts/bench/request-path.ts <service-id> <method> <path> [name:value ...]
 */
import { Session } from "node:inspector/promises";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "../lib/paths.js";
import { startMock, type ServiceId } from "../../runtime/mock/index.js";

export interface PathFile {
  file: string;
  lines: number;
  calls: number;
  generated: boolean;
}

export async function requestPath(id: ServiceId, method: string, path: string, headers: Record<string, string>): Promise<PathFile[]> {
  const mock = await startMock(id, { stateful: true, port: 0 });
  const session = new Session();
  session.connect();
  try {
    const send = async () => {
      const answer = await fetch(`${mock.url}${path}`, { method, headers });
      await answer.arrayBuffer();
      return answer.status;
    };
    await send();
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    await session.post("Profiler.takePreciseCoverage");
    const status = await send();
    const { result } = await session.post("Profiler.takePreciseCoverage");
    await session.post("Profiler.stopPreciseCoverage");
    console.error(`${method} ${path}: ${status}`);
    const files: PathFile[] = [];
    for (const script of result) {
      if (!script.url.startsWith("file:")) continue;
      const file = relative(ROOT, fileURLToPath(script.url));
      if (!/^(runtime|generated)\//.test(file)) continue;
      // With callCount, the first range of each function counts its calls in the interval.
      const calls = script.functions.reduce((n, f) => n + (f.ranges[0]?.count ?? 0), 0);
      if (calls === 0) continue;
      files.push({ file, lines: readFileSync(fileURLToPath(script.url), "utf8").split("\n").length, calls, generated: file.startsWith("generated/") });
    }
    return files.sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    session.disconnect();
    await mock.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [id, method, path, ...rest] = process.argv.slice(2);
  if (!id || !method || !path) throw new Error("usage: request-path.ts <service-id> <method> <path> [name:value ...]");
  const headers = Object.fromEntries(rest.map((h) => [h.slice(0, h.indexOf(":")), h.slice(h.indexOf(":") + 1)]));
  const files = await requestPath(id as ServiceId, method.toUpperCase(), path, headers);
  for (const f of files) console.log(`${String(f.calls).padStart(6)} calls  ${String(f.lines).padStart(5)} lines  ${f.file}`);
  const hand = files.filter((f) => !f.generated);
  console.log(`${hand.length} hand-written files (${hand.reduce((n, f) => n + f.lines, 0)} lines), ${files.length - hand.length} generated`);
}
