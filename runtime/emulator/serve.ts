import { readBundle } from "../package/documents.js";
import { errorShapes } from "../http/error-shapes.js";
import { register, startFront, type FrontOptions } from "../http/front.js";
import { operationTable } from "../openapi/operation-table.js";
import { checkOption, type ListenOptions, type OptionValues } from "../options/option-set.js";
import { credentialNames } from "../openapi/violations.js";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
import type { Emulator, MockHandler } from "./types.js";
import type { RecordedRequest, TestHandle } from "../http/handler.js";
import { recording, testHandle } from "../controls/recorder.js";
import { BoundedRecord, type RecordOptions } from "../controls/bounded-record.js";
import { InputError } from "../core/errors.js";
import { faultPlanner } from "../controls/faults.js";
import { controlEndpoint, withControl, type ControlMode } from "./control.js";
import type { EmulatorControl } from "./types.js";
import { loadStateFile, saveStateFile } from "./state-file.js";

/**
 * A served handler: its URL, its test handle (`requests`, `reset`: the emulator's reset, or for a
 * bare handler the record only), the control operations (an emulator's; a bare handler's throw)
 * and `close`.
 */
export interface ServedHandler extends TestHandle, EmulatorControl {
  url: string;
  close(): Promise<void>;
}

/** The document's error shapes for an emulator of a packaged service; a bare handler gets RFC 9457 problem details. */
function documentParts(serviceId: string | undefined): Pick<FrontOptions, "shapes" | "operations" | "credentials"> {
  if (!serviceId || !(SERVICE_IDS as readonly string[]).includes(serviceId)) return {};
  const doc = readBundle(serviceId as ServiceId);
  const operations = operationTable(doc).operations;
  return { shapes: errorShapes(doc, operations), operations, credentials: credentialNames(doc) };
}

/**
 * Serves a MockHandler over HTTP/1.1 on loopback: the server form of an emulator, for clients
 * that cannot take a fetch function (other processes, browsers, OAuth libraries that insist on
 * a real URL). It runs on the package's one front end (runtime/http/front.ts): the same limits,
 * timeouts, refusals and error shape as the mock; a handler that throws gives 500 `internal`.
 */
export interface ServeOptions extends ListenOptions, Pick<OptionValues, "cors" | "latency" | "faults" | "seed">, RecordOptions {
  /** An emulator's control API under `/__emulator`: who may call it (default "loopback"; "off", "any"). */
  control?: ControlMode;
  /** An emulator's state: read from this file now if it exists, written to it (atomically) on close. */
  stateFile?: string;
}

export async function serveHandler(handler: MockHandler | Emulator, options: ServeOptions = {}): Promise<ServedHandler> {
  for (const name of ["cors", "latency", "faults", "seed", "control"] as const) if (options[name] !== undefined) checkOption(name, options[name]);
  if (options.stateFile !== undefined) checkOption("state-file", options.stateFile);
  const emulator = typeof handler === "function" ? undefined : handler;
  if (!emulator && options.stateFile !== undefined) throw new InputError("stateFile", "emulator", "stateFile: only an emulator has state to keep");
  if (emulator && options.stateFile !== undefined) loadStateFile(emulator, options.stateFile);
  // An emulator records its own requests; a bare handler's are recorded as they reach it.
  const recorded = new BoundedRecord<RecordedRequest>(options.recordLimit);
  // The emulator's record was sized when it was made: a different size here would silently not apply.
  if (emulator && options.recordLimit !== undefined && options.recordLimit !== emulator.requestsRecorded.limit) {
    throw new InputError("recordLimit", "conflict", `recordLimit: this emulator keeps ${emulator.requestsRecorded.limit} requests; give recordLimit to createEmulator, not serveHandler`);
  }
  const parts = documentParts(emulator?.serviceId);
  const front = await startFront(
    {
      service: emulator?.serviceId ?? "handler",
      ...parts,
      // An emulator is served without WHATWG Request and Response objects, which on Node 20 cost
      // several times what the emulation does (measured with scripts/bench/emulator-load.ts).
      ...(emulator ? { dispatch: (request) => emulator.dispatch(request) } : { handler: recording(handler as MockHandler, parts.operations ?? [], recorded) }),
      ...(options.cors !== undefined ? { cors: options.cors } : {}),
      faults: faultPlanner(options, parts.operations ?? []),
      ...(emulator ? { control: controlEndpoint(options.control ?? "loopback", emulator) } : {}),
    },
    options,
  );
  const { stateFile } = options;
  const close = async () => {
    await front.close();
    if (emulator && stateFile !== undefined) saveStateFile(emulator, stateFile);
  };
  const served: ServedHandler = withControl(testHandle({ url: front.url, close }, emulator, recorded), emulator);
  return register(served, front);
}
