import { ajvValidators } from "./ajv-validators.js";
import { assemble } from "./assemble.js";
import { BUNDLED_SERVICES } from "./bundled.js";
import { unknownService } from "./registry.js";
import type { EmulatorStates } from "../../generated/loaders.js";
import type { Emulator, EmulatorOptions } from "./types.js";

export type { Emulator, EmulatorOptions, MockHandler, Violation } from "./types.js";
export { loadBundledDocument } from "./documents.js";
export type { RequestLike, Reply } from "./app.js";
/** The in-memory state of each emulator, for tests that look inside (generated from openapi/services.json). */
export type { EmulatorStates };
export type { EngineState, Partition } from "./engine.js";
/** Each family's state, seed and other types, and the values it shares (generated from openapi/services.json: runtime/<family>/emulator-exports.ts). */
export * from "../../generated/emulator-exports.js";

export { EMULATED_SERVICES } from "./registry.js";
export { lazyEmulator, type LazyEmulator } from "./assemble.js";

/**
 * A stateful emulator of one service: `handle(request)` answers like the service would, with
 * state in memory, and every answer checked against the service's document before it is sent.
 */
export function createEmulator<Id extends keyof EmulatorStates>(serviceId: Id, options?: EmulatorOptions): Emulator<EmulatorStates[Id]>;
export function createEmulator(serviceId: keyof EmulatorStates, options: EmulatorOptions = {}): Emulator {
  const compiled = BUNDLED_SERVICES[serviceId];
  if (!compiled) throw unknownService(serviceId);
  return assemble(serviceId, compiled, options, ajvValidators);
}
export { serveHandler, type ServedHandler, type ServeOptions } from "./serve.js";
export type { ClockReading, EmulatorControl, GenerateRequest, StateSnapshot } from "./types.js";
export { CONTROL_API_DOCUMENT } from "./control-document.js";
export { CONTROL_PREFIX, CONTROL_MODES, type ControlMode } from "./control.js";
export { StateError, STATE_FORMAT, STATE_VERSION } from "./snapshot.js";
export { MAX_GENERATE } from "./generate.js";
export type { RecordCounts, RecordedRequest, TestHandle } from "../http/handler.js";
export { placeholderBaseUrl, serverPatterns } from "./servers.js";
