/**
 * The `mock` command (runtime/cli/commands.ts declares it and its options): starts the mock, or
 * with `--stateful` the emulator, and keeps the process up until SIGINT/SIGTERM.
 */
import { startMock, type ServiceId } from "../mock/index.js";
import { UsageError, type OptionValues } from "../options/option-set.js";
import { SERVICE_IDS } from "../../generated/service-ids.js";
import { InputError } from "../core/errors.js";

/** `--caps NAME=N ...` as the API's `caps` object; the names are checked by the emulator (resolveCaps), the form here. */
export function capsOption(list: readonly string[] | undefined): Record<string, number> | undefined {
  if (list === undefined) return undefined;
  const caps: Record<string, number> = {};
  for (const entry of list) {
    const m = /^([^=\s]+)=(\d{1,15})$/.exec(entry);
    if (!m) throw new UsageError(`--caps: must be NAME=N, N a whole number of 0 or more, got ${JSON.stringify(entry)}`);
    if (Object.hasOwn(caps, m[1]!)) throw new UsageError(`--caps: ${m[1]} is given twice`);
    caps[m[1]!] = Number(m[2]);
  }
  return caps;
}

export async function serveMock(id: string, values: OptionValues): Promise<number> {
  if (!(SERVICE_IDS as readonly string[]).includes(id)) throw new UsageError(`mock: no service ${JSON.stringify(id)}; service ids: ${SERVICE_IDS.join(", ")}`);
  // A mock process that answers others' tests stays up whatever happens; it reports and carries on.
  process.on("uncaughtException", (error) => console.error(`mock: uncaught exception (still running): ${error?.stack ?? error}`));
  process.on("unhandledRejection", (error) => console.error(`mock: unhandled rejection (still running): ${(error as Error)?.stack ?? error}`));
  // The CLI's --record-limit is the API's recordLimit (one rule, runtime/controls/bounded-record.ts).
  const { "record-limit": recordLimit, "state-file": stateFile, "ready-file": readyFile, control, caps: capList, ...rest } = values;
  const caps = capsOption(capList);
  if (!values.stateful && stateFile !== undefined) throw new UsageError("--state-file: only the stateful emulator has state (add --stateful)");
  if (!values.stateful && control !== undefined && control !== "loopback") throw new UsageError("--control: only the stateful emulator has a control API (add --stateful)");
  if (!values.stateful && caps !== undefined) throw new UsageError("--caps: only the stateful emulator has caps (add --stateful)");
  const mock = await startMock(id as ServiceId, {
    ...rest,
    ...(caps !== undefined ? { caps } : {}),
    ...(recordLimit !== undefined ? { recordLimit } : {}),
    ...(stateFile !== undefined ? { stateFile } : {}),
    ...(readyFile !== undefined ? { readyFile } : {}),
    ...(control !== undefined && values.stateful ? { control: control as "off" | "loopback" | "any" } : {}),
  }).catch((error: unknown) => {
    // The API's InputError for a cap (caps.<name>) is the CLI's usage error for --caps <name>.
    if (error instanceof InputError && error.field.startsWith("caps.")) throw new UsageError(`--caps ${error.field.slice(5)}: ${error.rule}`);
    throw error;
  });
  const what = values.stateful ? "stateful emulator" : "mock";
  const notes = [values.log ? "logging every request to stderr" : "", values.strict ? "strict" : ""].filter(Boolean);
  console.log(`${id} ${what} listening on ${mock.url}${notes.length ? ` (${notes.join(", ")})` : ""} (Ctrl-C to stop)`);
  const { stopOnSignal, stopWithParent } = await import("./signals.js");
  // Closing writes the --state-file: a failure to write it is said, and the exit code is 1.
  const close = () =>
    mock.close().catch((error: unknown) => {
      console.error(`mock: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    });
  stopOnSignal(close);
  // Started by npm (npx, npm exec, npm run): stop when npm goes, whether or not it passed the signal on.
  if (process.env.npm_command !== undefined) stopWithParent(close);
  return 0;
}
