/**
 * `cloud-interfaces mock <service> [--port N] [--host H] [--log]` (and `npm run mock`): the
 * argument handling shared by the package's bin and the project script.
 */
import { parseArgs } from "node:util";
import { availableServices } from "./documents.js";
import { startMock, type ServiceId } from "./index.js";

export interface MockCliHooks {
  /** Runs before the mock starts (the project script bundles the document afresh here). */
  prepare?: (serviceId: string) => Promise<void>;
}

const usage = () => `usage: mock <service> [--port N] [--host H] [--log]\nservices: ${availableServices().join(", ") || "(none built)"}`;

/** Starts the mock and keeps running until SIGINT/SIGTERM; returns the exit code on a usage error. */
export async function runMockCli(argv: string[], hooks: MockCliHooks = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: "string", default: "4010" },
        host: { type: "string", default: "127.0.0.1" },
        log: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage()}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [id] = positionals;
  if (values.help || !id) {
    console.error(usage());
    return values.help ? 0 : 2;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port!) || port > 65535) {
    console.error(`--port must be an integer 0-65535, got ${values.port}`);
    return 2;
  }
  // A mock process that answers others' tests stays up whatever happens; it reports and carries on.
  process.on("uncaughtException", (error) => console.error(`mock: uncaught exception (still running): ${error?.stack ?? error}`));
  process.on("unhandledRejection", (error) => console.error(`mock: unhandled rejection (still running): ${(error as Error)?.stack ?? error}`));
  try {
    await hooks.prepare?.(id);
    const mock = await startMock(id as ServiceId, { port, host: values.host!, log: values.log! });
    console.log(`${id} mock listening on ${mock.url}${values.log ? " (logging every request to stderr)" : ""} (Ctrl-C to stop)`);
    const stop = () => mock.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}
