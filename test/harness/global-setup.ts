import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleDocument } from "../../scripts/lib/bundle.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { startMock, type RunningMock, type ServiceId } from "cloud-interfaces/mock";
import { documentPath, readServices } from "../../scripts/lib/services.js";

declare module "vitest" {
  export interface ProvidedContext {
    mockUrls: Record<string, string>;
  }
}

/**
 * Bundles every document afresh (tests must see openapi/ as it is now, not a stale build) and
 * starts one in-process Prism per document for the whole run.
 */
export default async function setup(project: TestProject) {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const services = readServices().filter((s) => {
    if (existsSync(documentPath(s))) return true;
    // The registry test fails the run for a missing document; starting the rest keeps its report readable.
    console.warn(`global-setup: no document for ${s.id}; its mock is not started`);
    return false;
  });
  const mocks: RunningMock[] = [];
  const urls: Record<string, string> = {};
  await Promise.all(
    services.map(async (service) => {
      const doc = await bundleDocument(service);
      writeFileSync(join(BUNDLE_DIR, `${service.id}.json`), JSON.stringify(doc, null, 2));
      const mock = await startMock(service.id as ServiceId);
      mocks.push(mock);
      urls[service.id] = mock.url;
    }),
  );
  project.provide("mockUrls", urls);
  return async () => {
    await Promise.all(mocks.map((m) => m.close()));
  };
}
