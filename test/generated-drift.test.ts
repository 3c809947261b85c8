/** generated/ is committed; it must be byte-identical to what the build produces from openapi/. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateClient, generateEntryPoint, generateServiceIds } from "../scripts/lib/generate-client.js";
import { generateEmulatorModule, generateServersModule } from "../scripts/lib/generate-emulator.js";
import { generateHelperRules, generateRules } from "../scripts/lib/generate-rules.js";
import { generateTypes } from "../scripts/lib/generate-types.js";
import { generateLoaders } from "../scripts/lib/generate-loaders.js";
import { generateBundled } from "../scripts/lib/generate-bundled.js";
import { generateEmulatorExports } from "../scripts/lib/generate-emulator-exports.js";
import { GENERATED_DIR, ROOT } from "../scripts/lib/paths.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";

const services = readServices();

describe("generated/ drift", () => {
  it.each(services.map((s) => [s.id, s] as const))("%s types.ts, client.ts, rules.ts, helper-rules.ts, index.ts, emulator.ts and servers.ts match the build output", async (_id, service) => {
    const doc = bundledDocument(service.id);
    const expected = {
      "types.ts": await generateTypes(service, doc),
      "client.ts": generateClient(service, doc),
      "index.ts": generateEntryPoint(service),
      "rules.ts": generateRules(service, doc),
      "helper-rules.ts": generateHelperRules(service, doc),
      "emulator.ts": generateEmulatorModule(service, doc),
      "servers.ts": generateServersModule(service, doc),
    };
    for (const [file, content] of Object.entries(expected)) {
      const path = join(GENERATED_DIR, service.id, file);
      expect(existsSync(path), `${path} missing: run npm run build`).toBe(true);
      // A plain equality keeps the diff readable in the failure message.
      expect(readFileSync(path, "utf8"), `generated/${service.id}/${file} differs from the build output: run npm run build, never edit it by hand`).toBe(content);
    }
  });

  it("loaders.ts reaches every service of the registry: its emulator plug-in (or the engine), servers and client", () => {
    expect(readFileSync(join(GENERATED_DIR, "loaders.ts"), "utf8")).toBe(generateLoaders(readServices(), ROOT));
  });

  it("bundled.ts imports every service's emulator statically (Node's synchronous createEmulator, loadable with require())", () => {
    expect(readFileSync(join(GENERATED_DIR, "bundled.ts"), "utf8")).toBe(generateBundled(readServices(), ROOT));
  });

  it("emulator-exports.ts re-exports every family's part of cloud-interfaces/emulator (runtime/<family>/emulator-exports.ts)", () => {
    expect(readFileSync(join(GENERATED_DIR, "emulator-exports.ts"), "utf8")).toBe(generateEmulatorExports(readServices(), ROOT));
  });

  it("service-ids.ts lists the registry", () => {
    expect(readFileSync(join(GENERATED_DIR, "service-ids.ts"), "utf8")).toBe(generateServiceIds(readServices()));
  });

  it("holds nothing but the registered services", () => {
    const dirs = readdirSync(GENERATED_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const ids = readServices().map((s) => s.id);
    expect(dirs.filter((d) => !ids.includes(d)), "stale folders in generated/").toEqual([]);
  });
});
