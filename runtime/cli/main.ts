#!/usr/bin/env node
/**
 * `cloud-interfaces mock <service-id> [--port N] [--host H]` and `cloud-interfaces docs [--port N]`:
 * the mock and the reference site, from the installed package.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { siteDir } from "../mock/package-files.js";
import { SERVICE_IDS } from "../../generated/service-ids.js";
import { serveStatic } from "./static-server.js";

const USAGE = `usage:
  cloud-interfaces mock <service-id> [--port N] [--host H] [--log]   a mock of one service (needs Prism, see README)
  cloud-interfaces docs [--port N] [--host H]                the reference site
  cloud-interfaces verify <service-id> --base-url <url> ...  check a live server against the document (verify --help)
  cloud-interfaces proxy <service-id> --target <url> ...     a validating proxy in front of a live server (proxy --help)
service ids: ${SERVICE_IDS.join(", ")}`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function portOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) fail(`--port must be an integer 0-65535, got ${value}`);
  return port;
}

function stopOnSignal(close: () => Promise<unknown> | void): void {
  const stop = () => void Promise.resolve(close()).finally(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function main(argv: string[]): Promise<void> {
  // verify/proxy parse their own arguments (runtime/verify/cli.ts) until the shared option set takes them.
  if (argv[0] === "verify" || argv[0] === "proxy") {
    const cli = await import("../verify/cli.js");
    const code = await (argv[0] === "verify" ? cli.verifyCli : cli.proxyCli)(argv.slice(1));
    if (code !== 0 || argv[0] === "verify") process.exit(code);
    return;
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { port: { type: "string" }, host: { type: "string", default: "127.0.0.1" }, log: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [command, id, ...rest] = positionals;
  if (values.help || command === undefined) fail(USAGE, values.help ? 0 : 2);
  if (rest.length > 0) fail(`unexpected argument(s): ${rest.join(" ")}\n${USAGE}`);
  if (command === "mock") {
    // The mock's own argument handling (runtime/mock/cli.ts), shared with npm run mock.
    const { runMockCli } = await import("../mock/cli.js");
    const code = await runMockCli(argv.filter((_, i) => i !== argv.indexOf("mock")));
    if (code !== 0) process.exit(code);
  } else if (command === "docs") {
    if (id !== undefined) fail(`docs: takes no service id\n${USAGE}`);
    const dir = siteDir();
    if (!existsSync(join(dir, "index.html"))) fail(`docs: the reference site is missing from ${dir}`, 1);
    const { url, server } = await serveStatic(dir, portOf(values.port, 8080), values.host);
    console.log(`reference site on ${url}/ (Ctrl-C to stop)`);
    stopOnSignal(() => void server.close());
  } else {
    fail(`unknown command ${JSON.stringify(command)}\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
