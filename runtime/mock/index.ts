/**
 * `cloud-interfaces/mock`: a mock server of one service document that validates like Prism,
 * never dies, and says what was wrong. See runtime/mock/README.md.
 */
import { readBundle } from "../package/documents.js";
import { errorShapes } from "../http/error-shapes.js";
import type { MockHandler, MockLogEntry, RecordedRequest, TestHandle } from "../http/handler.js";
import { recording, testHandle } from "../controls/recorder.js";
import { faultPlanner } from "../controls/faults.js";
import { register, startFront } from "../http/front.js";
import { operationTable } from "../openapi/operation-table.js";
import { createPrismHandler } from "./prism-handler.js";
import { credentialNames } from "../openapi/violations.js";
import type { ServiceId } from "../../generated/service-ids.js";
import { checkOption, type OptionValues } from "../options/option-set.js";
import { seededRandom } from "../controls/seeded-random.js";
import { reportUndeclared, reportUndeclaredLight } from "../http/undeclared.js";
import { BoundedRecord, checkRecordLimit, type RecordOptions } from "../controls/bounded-record.js";
import { controlEndpoint, withControl, type ControlMode } from "../emulator/control.js";
import type { EmulatorControl } from "../emulator/types.js";
import { loadStateFile, removeReadyFile, saveStateFile, writeReadyFile } from "../emulator/state-file.js";
import { InputError } from "../core/errors.js";

export type { MockHandler, MockLogEntry, RecordCounts, RecordedRequest, TestHandle } from "../http/handler.js";
export { PRISM_PACKAGES } from "./load-prism.js";
export { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
export { MOCK_CASE_HEADER, MOCK_ERROR_HEADER, MOCK_WARNING_HEADER } from "../http/handler.js";
export * as limits from "../http/limits.js";
export { OPTIONS, type OptionValues, type ListenOptions } from "../options/option-set.js";

/**
 * The mock's options: the shared option set (runtime/cli/options.ts, the same names and rules
 * as the CLI's `--port`, `--host`, `--log`, `--stateful`, `--seed`, `--strict`) plus hooks.
 */
export interface StartMockOptions extends Pick<OptionValues, "port" | "host" | "log" | "stateful" | "seed" | "strict" | "cors" | "latency" | "faults">, RecordOptions {
  /** Called once per answered request. */
  onRequest?: (entry: MockLogEntry) => void;
  /** Where log lines and internal failures go (default stderr). */
  write?: (line: string) => void;
  /** Stateful only: who may call the control API under `/__emulator` (default "loopback"; "off", "any"). The CLI's --control. */
  control?: ControlMode;
  /** Stateful only: the state is read from this file at start if it exists, and written to it (atomically) on close. The CLI's --state-file. */
  stateFile?: string;
  /** Stateful only: the emulator's state caps by name (ASSUMPTIONS.md, "Caps"); a name it does not declare, or a value that is not a whole number of 0 or more, is an InputError. The CLI's --caps NAME=N. */
  caps?: Readonly<Record<string, number>>;
  /** The URL is written to this file once listening, and the file removed on close. The CLI's --ready-file. */
  readyFile?: string;
}

/**
 * A running mock: its URL, its test handle (`requests`, `reset`), the control operations
 * (`snapshot`, `restore`, `generate`, `setClock`, `advanceClock`, `readClock`, `clearRequests`:
 * stateful only, a Prism mock's throw) and `close`.
 */
export interface RunningMock extends TestHandle, EmulatorControl {
  url: string;
  close: () => Promise<void>;
}

/** The mock of a document as a WHATWG handler, without a server (e.g. for msw or in-memory tests). */
export async function createMockHandler(serviceId: ServiceId, options: Pick<OptionValues, "strict"> = {}): Promise<MockHandler> {
  const doc = readBundle(serviceId);
  const operations = operationTable(doc).operations;
  const shapes = errorShapes(doc, operations);
  return reportUndeclared(await createPrismHandler({ doc, operations, shapes }), { doc, operations, shapes, strict: options.strict ?? false });
}

export async function startMock(serviceId: ServiceId, options: StartMockOptions = {}): Promise<RunningMock> {
  for (const name of ["port", "host", "log", "stateful", "seed", "strict", "cors", "latency", "faults", "control"] as const) if (options[name] !== undefined) checkOption(name, options[name]);
  if (options.stateFile !== undefined) checkOption("state-file", options.stateFile);
  if (options.readyFile !== undefined) checkOption("ready-file", options.readyFile);
  if (!options.stateful && options.stateFile !== undefined) throw new InputError("stateFile", "stateful", "stateFile: only a stateful mock has state (stateful: true, --stateful)");
  if (!options.stateful && options.caps !== undefined) throw new InputError("caps", "stateful", "caps: only a stateful mock has caps (stateful: true, --stateful)");
  const recordLimit = checkRecordLimit(options.recordLimit);
  const doc = readBundle(serviceId);
  const operations = operationTable(doc).operations;
  const shapes = errorShapes(doc, operations);
  // Both behaviours are MockHandlers behind the same edge: limits, logging and crash-proofing do not depend on which.
  // The stateful emulator records its own requests; the Prism mock's are recorded as they reach it.
  const emulator = options.stateful ? (await import("../emulator/bundled-emulator.js")).bundledEmulator(serviceId, { recordLimit, ...(options.caps !== undefined ? { caps: options.caps } : {}), ...(options.seed !== undefined ? { random: seededRandom(options.seed) } : {}) }) : undefined;
  const recorded = new BoundedRecord<RecordedRequest>(recordLimit);
  if (emulator && options.stateFile !== undefined) loadStateFile(emulator, options.stateFile);
  // What either behaviour would ignore is named (X-Mock-Warning), or refused under strict. The
  // emulator is served without WHATWG objects (its dispatch), the Prism mock as a WHATWG handler.
  const undeclaredOptions = { doc, operations, shapes, strict: options.strict ?? false };
  const served = emulator
    ? { dispatch: reportUndeclaredLight((request) => emulator.dispatch(request), undeclaredOptions) }
    : { handler: reportUndeclared(recording(await createPrismHandler({ doc, operations, shapes }), operations, recorded), undeclaredOptions) };
  const front = await startFront(
    {
      service: serviceId,
      ...served,
      shapes,
      operations,
      credentials: credentialNames(doc),
      ...(options.cors !== undefined ? { cors: options.cors } : {}),
      ...(options.log !== undefined ? { log: options.log } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      ...(options.write ? { write: options.write } : {}),
      faults: faultPlanner(options, operations),
      ...(emulator ? { control: controlEndpoint(options.control ?? "loopback", emulator) } : {}),
    },
    options,
  );
  const { stateFile, readyFile } = options;
  const close = async () => {
    await front.close();
    if (emulator && stateFile !== undefined) saveStateFile(emulator, stateFile);
    if (readyFile !== undefined) removeReadyFile(readyFile);
  };
  const handle: RunningMock = withControl(testHandle({ url: front.url, close }, emulator, recorded), emulator);
  if (readyFile !== undefined) writeReadyFile(readyFile, front.url);
  return register(handle, front);
}
export { MOCK_ERRORS, type MockErrorKind } from "../http/mock-errors.js";
