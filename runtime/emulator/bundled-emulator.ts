import { assemble } from "./assemble-core.js";
import { BUNDLED_SERVICES } from "./bundled.js";
import { unknownService } from "./registry.js";
import type { Emulator, EmulatorOptions } from "./types.js";

/**
 * The emulator of a bundled document, with the build's validators only: what `startMock(id,
 * { stateful: true })` and `mock --stateful` serve. Nothing here reaches ajv-validators.ts, so
 * those load no Ajv code and need no Ajv (the README's install table; test/entry-graphs.test.ts);
 * `createEmulator` (cloud-interfaces/emulator) adds the run-time Ajv path for a document of your own.
 */
export function bundledEmulator(serviceId: string, options: Omit<EmulatorOptions, "document"> = {}): Emulator {
  const compiled = BUNDLED_SERVICES[serviceId as keyof typeof BUNDLED_SERVICES];
  if (!compiled) throw unknownService(serviceId);
  return assemble(serviceId, compiled, options);
}
