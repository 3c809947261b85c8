/**
 * `npm run mutate`. StrykerJS 10's CLI refuses to start below Node 22 (a version guard in
 * stryker-cli.js; engines ">=22"), while this project runs on Node 20.19+. Its programmatic
 * API has no such guard and runs here (measured on Node 20.20), so this file starts the run
 * through it with stryker.config.json. On Node 22+ `npx stryker run` does the same.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const entry = join(import.meta.dirname ?? process.cwd(), "node_modules/@stryker-mutator/core/dist/src/stryker.js");
const { Stryker } = await import(pathToFileURL(entry).href);
const results = await new Stryker({ configFile: "stryker.config.json" }).runMutationTest();
const counts = {};
for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
console.log("mutants by status:", JSON.stringify(counts));
