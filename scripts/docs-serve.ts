/** `npm run docs:serve [-- --port 8080]`: the built reference site on localhost. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { SITE_DIR } from "./lib/paths.js";
import { serveStatic } from "./lib/static-server.js";

const { values } = parseArgs({ options: { port: { type: "string", default: "8080" } } });
if (!existsSync(join(SITE_DIR, "index.html"))) {
  console.error("dist/site/index.html is missing: run `npm run build` first.");
  process.exit(1);
}
const { url } = await serveStatic(SITE_DIR, Number(values.port));
console.log(`reference site on ${url}/ (Ctrl-C to stop)`);
