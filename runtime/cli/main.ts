#!/usr/bin/env node
/** The `cloud-interfaces` bin: every command and option is declared in ./commands.ts. */
import { runCli } from "./commands.js";

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
