/**
 * The commands of `cloud-interfaces` (the package bin, and `npm run mock` / `npm run docs:serve`
 * in the repository). A command is one entry of COMMANDS: its operands, the options it takes
 * from the shared option set (runtime/cli/options.ts) with its defaults, and what it runs.
 * Parsing, validation and `--help` come from those declarations.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_IDS } from "../../generated/service-ids.js";
import { packageRoot, siteDir } from "../package/package-files.js";
import { DEFAULT_HOST, helpText, parseCommand, UsageError, type CommandSpec } from "./options.js";

export const PROGRAM = "cloud-interfaces";

import { stopOnSignal } from "./signals.js";
export { stopOnSignal };

export const COMMANDS: CommandSpec[] = [
  {
    name: "mock",
    operands: ["<service-id>"],
    summary: "a mock of one service: the document's examples (needs Prism), or with --stateful the emulator",
    options: { port: 4010, host: DEFAULT_HOST, log: undefined, stateful: undefined, seed: undefined, strict: undefined, cors: true, latency: undefined, faults: undefined, "record-limit": undefined, caps: undefined, control: undefined, "state-file": undefined, "ready-file": undefined },
    run: async (values, [id]) => (await import("./mock.js")).serveMock(id!, values),
  },
  {
    name: "docs",
    summary: "the reference site, served from the installed package; with --out, written into a folder for a static host",
    options: { port: 8080, host: DEFAULT_HOST, out: undefined },
    async run(values) {
      const dir = siteDir();
      if (!existsSync(join(dir, "index.html"))) throw new CloudInterfacesError(`docs: the reference site is missing from ${dir}`);
      if (values.out !== undefined) {
        const { exportSite, HEADERS_FILE } = await import("./export-site.js");
        const { dir: written, files } = exportSite(dir, values.out);
        console.log(
          `reference site written to ${written} (${files} files). Serve the folder as it is, at a root or under a subpath; ` +
            `have the host send "Content-Security-Policy: frame-ancestors 'none'" (${HEADERS_FILE} does it on Netlify and Cloudflare Pages).`,
        );
        return 0;
      }
      const { serveStatic } = await import("./static-server.js");
      const { url, close } = await serveStatic(dir, values.port, values.host);
      console.log(`reference site on ${url}/ (Ctrl-C to stop)`);
      stopOnSignal(close);
      return 0;
    },
  },
  {
    name: "verify",
    operands: ["<service-id>"],
    summary: "check a live server against the document: documented requests, a negative case per rule, the document's workflows with --allow-writes",
    options: { "base-url": undefined, "credentials-env": undefined, bind: undefined, "input-env": undefined, "allow-writes": undefined, "allow-send": undefined, only: undefined, rate: 10, deadline: 300, "request-timeout": 30, "max-body": "16MiB", "allow-unverified": undefined, baseline: undefined, "write-baseline": undefined, budget: undefined, seed: undefined, report: "text", out: undefined },
    run: async (values, [id]) => (await import("../verify/cli.js")).runVerify(id!, values),
  },
  {
    name: "proxy",
    operands: ["<service-id>"],
    summary: "a validating proxy in front of a live server: logs every request and answer that breaks the document",
    options: { target: undefined, port: 4020, host: DEFAULT_HOST, strict: undefined, cors: true, "max-body": "16MiB", "record-limit": undefined },
    run: async (values, [id]) => (await import("../verify/cli.js")).runProxy(id!, values),
  },
];

export function usage(): string {
  return helpText(PROGRAM, COMMANDS, `service ids: ${SERVICE_IDS.join(", ")}`);
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Runs one command line; resolves with the exit code (0 while a server keeps running).
 * Usage errors print one sentence and a pointer to --help on stderr and give 2.
 */
export async function runCli(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v") {
    console.log(packageVersion());
    return 0;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    console.log(usage());
    return 0;
  }
  try {
    if (first === undefined) throw new UsageError("a command is required");
    const command = COMMANDS.find((c) => c.name === first);
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(first)}; commands: ${COMMANDS.map((c) => c.name).join(", ")}`);
    const { values, operands } = parseCommand(command, rest);
    if (values.help) {
      console.log(usage());
      return 0;
    }
    return await command.run(values, operands);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${PROGRAM}: ${error.message}\n(${PROGRAM} --help lists the commands and options)`);
      return 2;
    }
    console.error(`${PROGRAM}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
