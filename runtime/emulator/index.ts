import { createServiceEmulator, type ServiceDefinition } from "./app.js";
import { loadBundledDocument } from "./documents.js";
import { identityDefinition, type IdentityState } from "./services/identity.js";
import { kmsDefinition, type KmsState } from "./services/kms.js";
import { metricsDefinition, type MetricsState } from "./services/metrics.js";
import { notificationsDefinition, type NotificationsState } from "./services/notifications.js";
import { widgetDefinition, type WidgetState } from "./services/widget.js";
import type { Emulator, EmulatorOptions } from "./types.js";

export type { Emulator, EmulatorOptions, MockHandler, Violation } from "./types.js";
export { loadBundledDocument } from "./documents.js";
export type { RequestLike, Reply } from "./app.js";
export type { IdentityClient, IdentitySeed, IdentityState, IdentityUser } from "./services/identity.js";
/** The client and user every identity emulator knows unless told otherwise (seedFromExamples: false). */
export { DEFAULT_CLIENT, DEFAULT_USER } from "./services/identity.js";
export type { KmsKey, KmsSeed, KmsState } from "./services/kms.js";
export type { MetricsSeed, MetricsState } from "./services/metrics.js";
export type { NotificationsSeed, NotificationsState } from "./services/notifications.js";
export type { WidgetSeed, WidgetState } from "./services/widget.js";

/** Service ids with a stateful emulator, and how to build each one's definition. */
const DEFINITIONS: Record<string, (document: unknown) => ServiceDefinition<any>> = {
  "kms-v2": kmsDefinition,
  "identity-v4": () => identityDefinition("v4"),
  "identity-v3": () => identityDefinition("v3"),
  "notifications-v1": notificationsDefinition,
  "metrics-v1": metricsDefinition,
  widget: widgetDefinition,
};

export const EMULATED_SERVICES = Object.keys(DEFINITIONS);

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
  const define = DEFINITIONS[serviceId];
  if (!define) throw new Error(`no emulator for "${serviceId}"; emulated services: ${EMULATED_SERVICES.join(", ")}`);
  const document = options.document ?? loadBundledDocument(serviceId);
  return createServiceEmulator(define(document), { ...options, document });
}
export { serveHandler } from "./serve.js";
export { serverPatterns } from "./servers.js";
