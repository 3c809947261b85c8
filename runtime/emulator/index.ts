import { createServiceEmulator, type ServiceDefinition } from "./app.js";
import { loadBundledDocument } from "./documents.js";
import { identityDefinition } from "./services/identity.js";
import { kmsDefinition } from "./services/kms.js";
import { metricsDefinition } from "./services/metrics.js";
import { notificationsDefinition } from "./services/notifications.js";
import { widgetDefinition } from "./services/widget.js";
import type { Emulator, EmulatorOptions } from "./types.js";

export type { Emulator, EmulatorOptions, MockHandler, Violation } from "./types.js";
export { loadBundledDocument } from "./documents.js";

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

/**
 * A stateful emulator of one service: `handle(request)` answers like the service would, with
 * state in memory, and every answer checked against the service's document before it is sent.
 */
export function createEmulator(serviceId: string, options: EmulatorOptions = {}): Emulator {
  const define = DEFINITIONS[serviceId];
  if (!define) throw new Error(`no emulator for "${serviceId}"; emulated services: ${EMULATED_SERVICES.join(", ")}`);
  const document = options.document ?? loadBundledDocument(serviceId);
  return createServiceEmulator(define(document), { ...options, document });
}
export { serveHandler } from "./serve.js";
export { serverPatterns } from "./servers.js";
