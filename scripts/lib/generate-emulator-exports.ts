/**
 * generated/emulator-exports.ts: each family's part of the package face `cloud-interfaces/emulator`,
 * read from openapi/services.json. A family (or a service without one, under its id) that has a
 * plug-in says what it puts on the face in `runtime/<family>/emulator-exports.ts`; this module
 * re-exports every one of them, so runtime/emulator/index.ts names no family and no import in
 * runtime/ points up from the emulator into a family's folder. Two families exporting one name
 * is a type error here, not a silent choice.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Service } from "./services.js";

/** The folder whose emulator-exports.ts holds the service's part of the face, when it has one. */
export function emulatorExports(service: Service, root: string): string | undefined {
  const folder = service.family ?? service.id;
  return existsSync(join(root, "runtime", folder, "emulator-exports.ts")) ? folder : undefined;
}

export function generateEmulatorExports(services: readonly Service[], root: string): string {
  const folders = [...new Set(services.map((s) => emulatorExports(s, root)).filter((f): f is string => f !== undefined))];
  return (
    "// Generated from openapi/services.json by scripts/build.ts. Do not edit.\n\n" +
    "/** Each family's types (and values) on cloud-interfaces/emulator, from its runtime/<family>/emulator-exports.ts. */\n" +
    folders.map((f) => `export * from ${JSON.stringify(`../runtime/${f}/emulator-exports.js`)};\n`).join("") +
    (folders.length === 0 ? "export {};\n" : "")
  );
}
