import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleDocument } from "../../scripts/lib/bundle.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { documentPath, readServices } from "../../scripts/lib/services.js";

/**
 * The part of test/harness/global-setup.ts the Prism-free tests need: the bundled documents
 * the security tests read. No mocks are started (vitest.mutation.config.ts).
 */
export default async function setup() {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await Promise.all(
    readServices()
      .filter((s) => existsSync(documentPath(s)))
      .map(async (service) => writeFileSync(join(BUNDLE_DIR, `${service.id}.json`), JSON.stringify(await bundleDocument(service), null, 2))),
  );
}
