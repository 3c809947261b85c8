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

/**
 * `tsc` with `skipLibCheck: false` over a consumer of one service's entry point (the registry's
 * first), the package's client or bare openapi-fetch over the same generated `paths`, in a Node
 * project's setting (`lib` es2022 with `@types/node`, which declares fetch's types) or a browser
 * one (`lib` dom). Issue 44 asks ≤ 2 s of the package's client; checking `lib.dom.d.ts` alone
 * takes about a second on the bench machine, the same for either consumer.
 */
export function typecheckOneTime(subject: "package" | "openapi-fetch", setting: "node" | "dom"): number {
  const dir = join(DIST_DIR, "bench", `typecheck-one-${subject}-${setting}`);
  mkdirSync(dir, { recursive: true });
  const { id } = readServices()[0]!;
  const source =
    subject === "package"
      ? `import { create${pascalName(id)}Client } from "cloud-interfaces/${id}";\nexport const client = create${pascalName(id)}Client();\n`
      : `import createClient from "openapi-fetch";\nimport type { paths } from "cloud-interfaces/${id}";\nexport const client = createClient<paths>({ baseUrl: "https://example.test" });\n`;
  writeFileSync(join(dir, "consumer.ts"), source);
  const lib = setting === "dom" ? ["es2022", "dom"] : ["es2022"];
  const types = setting === "dom" ? [] : ["node"];
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ files: ["consumer.ts"], compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib, types } }));
  return timed(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(dir, "tsconfig.json")]);
}

export function testTime(): number {
  return timed("npm", ["test", "--silent"]);
}
