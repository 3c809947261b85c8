/**
 * `npm run breaking [-- --base <git ref>] [--changelog]`: fails (exit 1) when a document breaks
 * its consumers compared with the same service at the base ref (default: HEAD, i.e. your
 * uncommitted changes). Warnings are printed apart and do not fail; a base that is no commit
 * exits 2. `--changelog` prints a keep-a-changelog section instead of the report.
 * See scripts/lib/breaking*.ts.
 */
import { parseArgs } from "node:util";
import { GateUsageError, runGate } from "./lib/breaking-git.js";

const { values } = parseArgs({ options: { base: { type: "string", default: "HEAD" }, changelog: { type: "boolean", default: false } } });
runGate({ base: values.base, changelog: values.changelog }).then(
  (result) => {
    console.log(result.output);
    process.exit(result.code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof GateUsageError ? 2 : 1);
  },
);
