/**
 * `npx tsx scripts/bench/emulator-dispatch.ts <service-id> <method> <path> [name:value ...]
 * [--generate resource=count@param=value]`: CPU
 * time per request of the stateful emulator's in-process dispatch (no HTTP), the request given
 * as on the command line, after a warm-up; medians of 5 rounds. Issue 43 asks the engine's KMS
 * list to cost no more than the hand-written emulator it replaced.
 */
import { fileURLToPath } from "node:url";
import { createEmulator } from "../../runtime/emulator/index.js";

export async function measure(id: string, method: string, path: string, headers: Record<string, string>, generate?: { resource: string; count: number; partition?: Record<string, string> }, rounds = 5, perRound = 20_000) {
  const emulator = createEmulator(id as never);
  if (generate) emulator.generate(generate as never);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const request = { method, url: `http://emulator.test${path}`, headers: { get: (name: string) => lower[name.toLowerCase()] ?? null }, text: async () => "" };
  let status = 0;
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) status = (await emulator.dispatch(request)).status;
  };
  await run(perRound);
  const micros: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = process.cpuUsage();
    await run(perRound);
    const used = process.cpuUsage(before);
    micros.push((used.user + used.system) / perRound);
  }
  return { status, micros: micros.sort((a, b) => a - b) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const g = args.indexOf("--generate");
  const generated = g >= 0 ? /^([^=]+)=(\d+)(?:@(.+))?$/.exec(args.splice(g, 2)[1] ?? "") : null;
  const [id, method, path, ...rest] = args;
  if (!id || !method || !path) throw new Error("usage: emulator-dispatch.ts <service-id> <method> <path> [name:value ...]");
  const headers = Object.fromEntries(rest.map((h) => [h.slice(0, h.indexOf(":")), h.slice(h.indexOf(":") + 1)]));
  const { status, micros } = await measure(id, method.toUpperCase(), path, headers, generated ? { resource: generated[1]!, count: Number(generated[2]), ...(generated[3] ? { partition: Object.fromEntries([generated[3].split("=") as [string, string]]) } : {}) } : undefined);
  console.log(`${method.toUpperCase()} ${path}: ${status}; CPU per request ${micros.map((m) => m.toFixed(1)).join(", ")} µs (median ${micros[Math.floor(micros.length / 2)]!.toFixed(1)})`);
}
