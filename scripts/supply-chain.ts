/**
 * `npm run supply-chain [-- --strict]`: the lockfile pins every runtime package by a sha512
 * integrity from the npm registry (fails otherwise), and npm audit --omit=dev finds no high or
 * critical advisory (fails otherwise). Where the registry refuses the advisory endpoint (this
 * workplace's mirror answers 405), the outcome is "advisories: not checked (...)", printed as
 * such; `--strict` turns it into exit code 3. See scripts/lib/supply-chain.ts.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { ROOT } from "./lib/paths.js";
import { checkLockfile, readAudit, summarize } from "./lib/supply-chain.js";

const { values } = parseArgs({ options: { strict: { type: "boolean", default: false } } });
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));
// npm audit exits non-zero both for advisories and for errors; its JSON says which.
const stdout = await promisify(execFile)("npm", ["audit", "--omit=dev", "--json"], { cwd: ROOT, maxBuffer: 1 << 26 }).then(
  (r) => r.stdout,
  (e: { stdout?: string }) => e.stdout ?? "",
);
const result = summarize(checkLockfile(read("package-lock.json"), read("package.json")), readAudit(stdout), { strict: values.strict });
for (const line of result.lines) console.log(line);
process.exit(result.code);
