/**
 * `npm run mutate`. StrykerJS 10's CLI refuses to start below Node 22 (a version guard in
 * stryker-cli.js; engines ">=22"), while this project runs on Node 20.19+. Its programmatic
 * API has no such guard and runs here (measured on Node 20.20), so this file starts the run
 * through it with stryker.config.json. On Node 22+ `npx stryker run` does the same.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const entry = join(import.meta.dirname ?? process.cwd(), "node_modules/@stryker-mutator/core/dist/src/stryker.js");
const { Stryker } = await import(pathToFileURL(entry).href);
const results = await new Stryker({ configFile: "stryker.config.json" }).runMutationTest();
const counts = {};
for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
const score = valid === 0 ? 100 : (100 * detected) / valid;
// The survivors as a plain list beside the HTML and JSON reports, for review and closing notes.
const survivors = results
  .filter((r) => r.status === "Survived" || r.status === "NoCoverage")
  .map((r) => `${r.status}\t${relative(process.cwd(), r.fileName)}:${r.location.start.line}:${r.location.start.column}\t${r.mutatorName}\t${(r.replacement ?? "").replace(/\s+/g, " ")}`);
mkdirSync("dist/mutation", { recursive: true });
writeFileSync("dist/mutation/survivors.txt", `score ${score.toFixed(2)} %\n${JSON.stringify(counts)}\n${survivors.join("\n")}\n`);
console.log(`mutation score ${score.toFixed(2)} %; mutants by status: ${JSON.stringify(counts)}; survivors in dist/mutation/survivors.txt`);
