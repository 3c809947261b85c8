/**
 * The project's main job: lint, bundle, generate types and clients, and build the reference
 * site for every service in openapi/services.json (or `--only <id>`). Documents whose inputs
 * are unchanged since their last clean build are skipped (`--no-cache` rebuilds all). A
 * document that fails any step changes nothing on disk (see scripts/lib/build-run.ts).
 */
import { parseArgs } from "node:util";
import { runBuild } from "./lib/build-run.js";

async function main(): Promise<number> {
  const started = performance.now();
  const { values } = parseArgs({ options: { only: { type: "string", multiple: true }, "no-cache": { type: "boolean", default: false } } });
  const only = (values.only ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  const summary = await runBuild({ only, noCache: values["no-cache"] });
  console.log(`build: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return summary.failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
