import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DIST_DIR, ROOT } from "../lib/paths.js";
import { pascalName, readServices } from "../lib/services.js";

/** Wall time of a command run from the project root, failing loudly if it fails. */
export function timed(command: string, args: string[], env: Record<string, string> = {}): number {
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return seconds;
}

export function buildTimes(): { cold: number; warm: number } {
  rmSync(join(DIST_DIR, "build-cache.json"), { force: true });
  const cold = timed("npx", ["tsx", "scripts/build.ts", "--no-cache"]);
  const warm = timed("npx", ["tsx", "scripts/build.ts"]);
  return { cold, warm };
}

/**
 * `tsc` over a consumer of all six clients that imports them as users do (`cloud-interfaces/<id>`),
 * so it reads the compiled `.d.ts` (the `types` condition), with strict settings. `skipLibCheck`
 * true is what `tsc --init` writes; false also checks every declaration file, ours and our dependencies'.
 */
export function typecheckTime(skipLibCheck: boolean): number {
  const dir = join(DIST_DIR, "bench", "typecheck");
  mkdirSync(dir, { recursive: true });
  const lines = readServices().map((s) => `import { create${pascalName(s.id)}Client } from "cloud-interfaces/${s.id}";\nexport const ${pascalName(s.id).toLowerCase()} = create${pascalName(s.id)}Client();`);
  writeFileSync(join(dir, "consumer.ts"), lines.join("\n") + "\n");
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      files: ["consumer.ts"],
      compilerOptions: { strict: true, noEmit: true, skipLibCheck, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], types: [] },
    }),
  );
  return timed(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.json")]);
}

export function testTime(): number {
  return timed("npm", ["test", "--silent"]);
}
