/**
 * `npm run mock -- <service-id> [--port 4010] [--host 127.0.0.1]`: a Prism mock of one
 * document for your own tests (same settings as the project's tests).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bundleDocument } from "./lib/bundle.js";
import { BUNDLE_DIR } from "./lib/paths.js";
import { startMock } from "./lib/prism.js";
import { readServices, selectServices } from "./lib/services.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: "string", default: "4010" }, host: { type: "string", default: "127.0.0.1" } },
});
const [id] = positionals;
if (!id) {
  console.error(`usage: npm run mock -- <service> [--port N] [--host H]\nservices: ${readServices().map((s) => s.id).join(", ")}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer 0-65535, got ${values.port}`);
  process.exit(2);
}
try {
  const [service] = selectServices([id]);
  mkdirSync(BUNDLE_DIR, { recursive: true });
  writeFileSync(join(BUNDLE_DIR, `${service!.id}.json`), JSON.stringify(await bundleDocument(service!), null, 2));
  const mock = await startMock(service!.id, { port, host: values.host });
  console.log(`${service!.id} mock listening on ${mock.url} (Ctrl-C to stop)`);
  const stop = () => mock.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
