/**
 * generated/bundled.ts: every service's emulator, document and precompiled validators imported
 * statically, for Node's synchronous `createEmulator` (cloud-interfaces/emulator). Static imports,
 * not import() behind a top-level await, so that the entry point loads with require() too.
 * Browsers and MSW use generated/loaders.ts instead, which loads one service per chunk.
 */
import type { Service } from "./services.js";
import { emulatorPlugin } from "./generate-loaders.js";

export function generateBundled(services: readonly Service[], root: string): string {
  const modules: string[] = [];
  // A family's plug-in serves several services: imported once.
  const moduleIndex = (path: string) => (modules.includes(path) ? modules.indexOf(path) : modules.push(path) - 1);
  const entries = services.map((s, i) => {
    const plugin = emulatorPlugin(s, root);
    const m = moduleIndex(plugin ? `../runtime/${plugin}/emulator.js` : "../runtime/emulator/engine.js");
    const define = plugin ? `plugin${m}.defineEmulator(${JSON.stringify(s.id)}, document)` : `plugin${m}.engineDefinition(${JSON.stringify(s.id)}, document)`;
    return `  ${JSON.stringify(s.id)}: { define: (document: unknown) => ${define}, document: compiled${i}.document, validators: compiled${i}.validators, table: operations${i}.table, workflows: operations${i}.workflows },\n`;
  });
  return (
    "// Generated from openapi/services.json by scripts/build.ts. Do not edit.\n\n" +
    'import type { CompiledService } from "../runtime/emulator/compiled.js";\n' +
    modules.map((path, m) => `import * as plugin${m} from ${JSON.stringify(path)};\n`).join("") +
    services.map((s, i) => `import * as compiled${i} from "./${s.id}/emulator.js";\n`).join("") +
    services.map((s, i) => `import * as operations${i} from "./${s.id}/operations.js";\n`).join("") +
    "\n/** Every service's emulator, loaded with this module: its family plug-in or the resource engine, with its document, validators and operation table. */\n" +
    `export const BUNDLED_SERVICES: Readonly<Record<string, CompiledService>> = {\n${entries.join("")}};\n`
  );
}
