import { join } from "node:path";
import { layoutFor, type Layout } from "./paths.js";
import type { Service } from "./services.js";

/**
 * Every file the build writes for one document. Apart from build-service.ts, which loads the
 * linters, the bundler and the type generator (about 1.8 s): a build with nothing to do needs
 * only this list to see that every output is in place.
 */
export function serviceOutputs(service: Service, layout: Layout = layoutFor()): string[] {
  return [
    join(layout.bundleDir, `${service.id}.json`),
    join(layout.bundleDir, `${service.id}.yaml`),
    join(layout.generatedDir, service.id, "types.ts"),
    join(layout.generatedDir, service.id, "client.ts"),
    join(layout.generatedDir, service.id, "rules.ts"),
    join(layout.generatedDir, service.id, "index.ts"),
    join(layout.generatedDir, service.id, "helper-rules.ts"),
    join(layout.generatedDir, service.id, "emulator.ts"),
    join(layout.generatedDir, service.id, "servers.ts"),
    join(layout.generatedDir, service.id, "operations.ts"),
  ];
}

/**
 * The Arazzo workflows of a document's resource flows (scripts/lib/generate-flows.ts), beside its
 * bundle. Optional: only a document with a resource that has a create has one, so it is not in
 * `serviceOutputs` (which a build with nothing to do checks are all in place).
 */
export function arazzoOutput(service: Service, layout: Layout = layoutFor()): string {
  return join(layout.bundleDir, `${service.id}.arazzo.yaml`);
}
