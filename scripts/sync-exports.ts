/** `npm run sync-exports`: rewrites package.json `exports` from openapi/services.json. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectedExports } from "./lib/package-exports.js";
import { ROOT } from "./lib/paths.js";
import { readServices } from "./lib/services.js";

const file = join(ROOT, "package.json");
const pkg = JSON.parse(readFileSync(file, "utf8"));
pkg.exports = expectedExports(readServices());
writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`package.json exports: ${Object.keys(pkg.exports).length} entries`);
