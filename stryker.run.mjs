/**
 * `npm run mutate` and `npm run mutate:scripts`: `node stryker.run.mjs [config]` (default
 * stryker.config.json), started on Node 24 from the `node` npm package by scripts/with-node.ts:
 * StrykerJS 10 declares Node >= 22 (its CLI refuses to start below). This file starts the run
 * through its programmatic API to write the survivors list; `npx stryker run <config>` on
 * Node 22+ does the same without it.
 *
 * Beside the config's JSON report it writes survivors.txt: the score line first, the counts by
 * status, then one line per surviving or uncovered mutant (file:line:column, mutator, replacement).
 */
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const configFile = process.argv[2] ?? "stryker.config.json";
const config = JSON.parse(readFileSync(configFile, "utf8"));
const reportDir = dirname(config.jsonReporter?.fileName ?? "reports/mutation/mutation.json");

const entry = join(import.meta.dirname ?? process.cwd(), "node_modules/@stryker-mutator/core/dist/src/stryker.js");
const { Stryker } = await import(pathToFileURL(entry).href);
const results = await new Stryker({ configFile }).runMutationTest();
const counts = {};
for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
const score = valid === 0 ? 100 : (100 * detected) / valid;

// Per file, for reports and closing notes: the same formula over the file's own mutants.
const byFile = new Map();
for (const r of results) {
  const file = relative(process.cwd(), r.fileName);
  const c = byFile.get(file) ?? { detected: 0, valid: 0 };
  if (r.status === "Killed" || r.status === "Timeout") c.detected++;
  if (["Killed", "Timeout", "Survived", "NoCoverage"].includes(r.status)) c.valid++;
  byFile.set(file, c);
}
const files = [...byFile]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, c]) => `file\t${file}\t${c.valid === 0 ? "n/a" : ((100 * c.detected) / c.valid).toFixed(2)} %\t${c.detected}/${c.valid}`);
const survivors = results
  .filter((r) => r.status === "Survived" || r.status === "NoCoverage")
  .sort((a, b) => a.fileName.localeCompare(b.fileName) || a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column)
  .map((r) => `${r.status}\t${relative(process.cwd(), r.fileName)}:${r.location.start.line}:${r.location.start.column}\t${r.mutatorName}\t${(r.replacement ?? "").replace(/\s+/g, " ")}`);
mkdirSync(reportDir, { recursive: true });
const list = join(reportDir, "survivors.txt");
writeFileSync(list, `score ${score.toFixed(2)} %\n${JSON.stringify(counts)}\n${files.join("\n")}\n${survivors.join("\n")}\n`);
console.log(`mutation score ${score.toFixed(2)} %; mutants by status: ${JSON.stringify(counts)}; survivors in ${list}`);
