/**
 * The project's main job: lint, bundle, generate types and clients, and build the reference
 * site for every service in openapi/services.json (or `--only <id>`). Documents whose inputs
 * are unchanged since their last clean build are skipped (`--no-cache` rebuilds all). A
 * document that fails any step changes nothing on disk (see scripts/lib/build-run.ts).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { runBuild } from "./lib/build-run.js";
import { compileIsFresh, compileKey, recordCompile } from "./lib/compile-key.js";
import { ROOT } from "./lib/paths.js";

/** The package's commands (package.json `bin`): file paths relative to the root. */
const packageBins = (): Record<string, string> => (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin?: Record<string, string> }).bin ?? {};

const USAGE = "usage: npm run build [-- --only <id>[,<id>...]] [-- --no-cache]";

async function main(): Promise<number> {
  const started = performance.now();
  let values;
  try {
    ({ values } = parseArgs({ options: { only: { type: "string", multiple: true }, "no-cache": { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } } }));
  } catch (error) {
    console.error(`build: ${(error as Error).message.split(". ")[0]}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = (values.only ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  const summary = await runBuild({ only, noCache: values["no-cache"] });
  if (summary.failed.length > 0) return 1;
  // The shipped JavaScript and declarations (dist/lib). Part of this script, not a second
  // command after `&&`, so `npm run build -- --flag` reaches the flags above. Skipped when
  // nothing it reads changed since its last success (scripts/lib/compile-key.ts).
  const key = compileKey();
  let status = 0;
  if (values["no-cache"] || !compileIsFresh(key)) {
    // The native compiler (tsgo, pinned like tsc): the same JavaScript as tsc 5 byte for byte and
    // declarations that keep the type aliases, in 1.4 s of wall against tsc's 7.2 s on a cold
    // checkout (2 cores); the consumer suite checks the declarations with the user's tsc.
    status = spawnSync(join(ROOT, "node_modules", ".bin", "tsgo"), ["-p", "tsconfig.build.json"], { cwd: ROOT, stdio: "inherit" }).status ?? 1;
    // The compiler writes files without the execute bit: the package's bin must run as a command
    // from the build too (npm sets it on install; a project linked to this build does not).
    if (status === 0) for (const bin of Object.values(packageBins())) chmodSync(join(ROOT, bin), 0o755);
    if (status === 0) recordCompile(key);
  } else {
    console.log("build: dist/lib unchanged (compile skipped)");
  }
  console.log(`build: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return status === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
