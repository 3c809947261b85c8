import { ajvValidators } from "./ajv-validators.js";
import { assemble } from "./assemble.js";
import { BUNDLED_SERVICES } from "./bundled.js";
import { unknownService } from "./registry.js";
import type { IdentityState } from "./services/identity.js";
import type { KmsState } from "./services/kms.js";
import type { MetricsState } from "./services/metrics.js";
import type { NotificationsState } from "../notifications/emulator.js";
import type { WidgetState } from "./services/widget.js";
import type { Emulator, EmulatorOptions } from "./types.js";

export type { Emulator, EmulatorOptions, MockHandler, Violation } from "./types.js";
export { loadBundledDocument } from "./documents.js";
export type { RequestLike, Reply } from "./app.js";
export type { IdentityClient, IdentitySeed, IdentityState, IdentityUser } from "./services/identity.js";
/** The client and user every identity emulator knows unless told otherwise (seedFromExamples: false). */
export { DEFAULT_CLIENT, DEFAULT_USER } from "./services/identity.js";
export type { KmsKey, KmsSeed, KmsState } from "./services/kms.js";
export type { MetricsSeed, MetricsState } from "./services/metrics.js";
export type { NotificationsState } from "../notifications/emulator.js";
export type { WidgetSeed, WidgetState } from "./services/widget.js";

export { EMULATED_SERVICES } from "./registry.js";
export { lazyEmulator, type LazyEmulator } from "./assemble.js";

/** The in-memory state of each emulator, for tests that look inside. */
export interface EmulatorStates {
  "kms-v2": KmsState;
  "identity-v3": IdentityState;
  "identity-v4": IdentityState;
  "notifications-v1": NotificationsState;
  "metrics-v1": MetricsState;
  widget: WidgetState;
}

/**
 * A stateful emulator of one service: `handle(request)` answers like the service would, with
 * state in memory, and every answer checked against the service's document before it is sent.
 */
export function createEmulator<Id extends keyof EmulatorStates>(serviceId: Id, options?: EmulatorOptions): Emulator<EmulatorStates[Id]>;
export function createEmulator(serviceId: string, options?: EmulatorOptions): Emulator;
export function createEmulator(serviceId: string, options: EmulatorOptions = {}): Emulator {
  const compiled = BUNDLED_SERVICES[serviceId];
  if (!compiled) throw unknownService(serviceId);
  return assemble(serviceId, compiled, options, ajvValidators);
}
export { serveHandler } from "./serve.js";
export { serverPatterns } from "./servers.js";
