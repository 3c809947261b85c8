/**
 * `npm run sync-exports`: rewrites what names the services outside the registry from
 * openapi/services.json: package.json `exports` and redocly.yaml's `apis`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectedExports } from "./lib/package-exports.js";
import { ROOT } from "./lib/paths.js";
import { syncRedoclyApis } from "./lib/redocly-apis.js";
import { readServices } from "./lib/services.js";

const services = readServices();
const file = join(ROOT, "package.json");
const pkg = JSON.parse(readFileSync(file, "utf8"));
pkg.exports = expectedExports(services);
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
syncRedoclyApis(join(ROOT, "redocly.yaml"), services);
console.log(`package.json exports: ${Object.keys(pkg.exports).length} entries; redocly.yaml apis: ${services.length}`);
