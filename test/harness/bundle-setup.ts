import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleDocument } from "../../scripts/lib/bundle.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { documentPath, readServices } from "../../scripts/lib/services.js";

/** The bundling half of global-setup.ts, for test runs that need no Prism (vitest.scripts.config.ts). */
export default async function setup() {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await Promise.all(
    readServices()
      .filter((s) => existsSync(documentPath(s)))
      .map(async (s) => writeFileSync(join(BUNDLE_DIR, `${s.id}.json`), JSON.stringify(await bundleDocument(s), null, 2))),
  );
}
