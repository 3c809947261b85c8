/**
 * The `mock` command (runtime/cli/commands.ts declares it and its options): starts the mock, or
 * with `--stateful` the emulator, and keeps the process up until SIGINT/SIGTERM.
 */
import { startMock, type ServiceId } from "./index.js";
import { UsageError, type OptionValues } from "../http/options.js";
import { SERVICE_IDS } from "../../generated/service-ids.js";

export async function serveMock(id: string, values: OptionValues): Promise<number> {
  if (!(SERVICE_IDS as readonly string[]).includes(id)) throw new UsageError(`mock: no service ${JSON.stringify(id)}; service ids: ${SERVICE_IDS.join(", ")}`);
  // A mock process that answers others' tests stays up whatever happens; it reports and carries on.
  process.on("uncaughtException", (error) => console.error(`mock: uncaught exception (still running): ${error?.stack ?? error}`));
  process.on("unhandledRejection", (error) => console.error(`mock: unhandled rejection (still running): ${(error as Error)?.stack ?? error}`));
  // The CLI's --record-limit is the API's recordLimit (one rule, runtime/http/bounded-record.ts).
  const mock = await startMock(id as ServiceId, { ...values, ...(values["record-limit"] !== undefined ? { recordLimit: values["record-limit"] } : {}) });
  const what = values.stateful ? "stateful emulator" : "mock";
  const notes = [values.log ? "logging every request to stderr" : "", values.strict ? "strict" : ""].filter(Boolean);
  console.log(`${id} ${what} listening on ${mock.url}${notes.length ? ` (${notes.join(", ")})` : ""} (Ctrl-C to stop)`);
  const { stopOnSignal } = await import("../cli/signals.js");
  stopOnSignal(() => mock.close());
  return 0;
}
