/**
 * generated/loaders.ts: what code that runs anywhere (browsers, MSW, Node) needs to reach each
 * service of openapi/services.json without naming one: its emulator (the family's plug-in,
 * `runtime/<family or id>/emulator.ts`, or the resource engine alone when there is none), its
 * documented server URLs and its generated client, each behind a static import() so that a
 * bundler keeps one chunk per service.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Service } from "./services.js";

/** The folder whose emulator.ts is the service's plug-in, when it has one. */
export function emulatorPlugin(service: Service, root: string): string | undefined {
  const folder = service.family ?? service.id;
  return existsSync(join(root, "runtime", folder, "emulator.ts")) ? folder : undefined;
}

export function generateLoaders(services: readonly Service[], root: string): string {
  const id = (s: Service) => JSON.stringify(s.id);
  const serversImports = services.map((s, i) => `import { baseUrl as baseUrl${i}, servers as servers${i} } from "./${s.id}/servers.js";\n`).join("");
  const loaders = services
    .map((s) => {
      const plugin = emulatorPlugin(s, root);
      const define = plugin ? `(document: unknown) => plugin.defineEmulator(${id(s)}, document)` : `(document: unknown) => plugin.engineDefinition(${id(s)}, document)`;
      const module = plugin ? `../runtime/${plugin}/emulator.js` : "../runtime/emulator/engine.js";
      return (
        `  ${id(s)}: async () => {\n` +
        `    const [plugin, compiled, operations] = await Promise.all([import(${JSON.stringify(module)}), import("./${s.id}/emulator.js"), import("./${s.id}/operations.js")]);\n` +
        `    return { define: ${define}, document: compiled.document, validators: compiled.validators, table: operations.table };\n` +
        `  },\n`
      );
    })
    .join("");
  const states = services
    .map((s) => {
      const plugin = emulatorPlugin(s, root);
      return `  ${id(s)}: ${plugin ? `StateOf<(typeof import("../runtime/${plugin}/emulator.js"))["defineEmulator"]>` : "EngineState"};\n`;
    })
    .join("");
  return (
    "// Generated from openapi/services.json by scripts/build.ts. Do not edit.\n\n" +
    'import type { CompiledService } from "../runtime/emulator/compiled.js";\n' +
    'import type { EngineState } from "../runtime/emulator/engine.js";\n' +
    'import type { ServiceDefinition } from "../runtime/emulator/app.js";\n' +
    serversImports +
    "\n/** Each service's emulator, loaded on first use: its family plug-in or the resource engine, with its document and validators. */\n" +
    `export const EMULATOR_LOADERS: Readonly<Record<string, () => Promise<CompiledService>>> = {\n${loaders}};\n\n` +
    "/** Each service's documented server URLs (small: routing needs them before the emulator is loaded). */\n" +
    `export const SERVER_URLS: Readonly<Record<string, readonly string[]>> = {\n${services.map((s, i) => `  ${id(s)}: servers${i},\n`).join("")}};\n\n` +
    "/** Each service's first documented server with its variables at their defaults (a placeholder host: see x-placeholder). */\n" +
    `export const BASE_URLS: Readonly<Record<string, string | undefined>> = {\n${services.map((s, i) => `  ${id(s)}: baseUrl${i},\n`).join("")}};\n\n` +
    "/** Each service's generated client, loaded when first used. */\n" +
    `export const CLIENT_LOADERS: Readonly<Record<string, () => Promise<Record<string, unknown>>>> = {\n${services.map((s) => `  ${id(s)}: () => import("./${s.id}/client.js"),\n`).join("")}};\n\n` +
    "type StateOf<F> = F extends (...args: never[]) => ServiceDefinition<infer S> ? S : never;\n\n" +
    "/** The in-memory state of each service's emulator, for tests that look inside. */\n" +
    `export interface EmulatorStates {\n${states}}\n`
  );
}
