import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startMock, type RunningMock, type ServiceId } from "cloud-interfaces/mock";
import { documentPath, readServices } from "../../scripts/lib/services.js";
import { writeCurrentBundles } from "./current-bundles.js";

declare module "vitest" {
  export interface ProvidedContext {
    mockUrls: Record<string, string>;
  }
}

/**
 * Writes every document's bundle as openapi/ is now (tests must not see a stale build; see
 * current-bundles.ts) and starts one in-process Prism per document for the whole run.
 */
export default async function setup(project: TestProject) {
  const services = readServices().filter((s) => {
    if (existsSync(documentPath(s))) return true;
    // The registry test fails the run for a missing document; starting the rest keeps its report readable.
    console.warn(`global-setup: no document for ${s.id}; its mock is not started`);
    return false;
  });
  const mocks: RunningMock[] = [];
  const urls: Record<string, string> = {};
  // The mocks read the bundles just written.
  await writeCurrentBundles(services);
  await Promise.all(
    services.map(async (service) => {
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
