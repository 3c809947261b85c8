/**
 * The bundled documents for a test run, as openapi/ is now. A bundle the build cache records as
 * made from exactly the current inputs (scripts/lib/build-cache.ts: the global inputs, every file
 * the document was bundled from, the outputs in place) is used as it is; any other is bundled
 * afresh, and its cache entry dropped, since the file in place is then no longer the build's.
 * Redocly is loaded only when one has to be bundled (about 2 s of the run's start otherwise).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { globalKey, isFresh, readManifest, writeManifest } from "../../scripts/lib/build-cache.js";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { serviceOutputs } from "../../scripts/lib/service-outputs.js";
import { readServices, type Service } from "../../scripts/lib/services.js";

export async function writeCurrentBundles(services: Service[] = readServices()): Promise<void> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const manifest = readManifest();
  const global = globalKey();
  const stale = services.filter((s) => !isFresh(manifest, s.id, global, serviceOutputs(s)));
  if (stale.length === 0) return;
  const { bundleDocument } = await import("../../scripts/lib/bundle.js");
  if (manifest) {
    for (const s of stale) delete manifest.services[s.id];
    writeManifest(manifest);
  }
  const { generateArazzo } = await import("../../scripts/lib/generate-flows.js");
  const { stringify } = await import("yaml");
  await Promise.all(
    stale.map(async (s) => {
      const doc = await bundleDocument(s);
      writeFileSync(join(BUNDLE_DIR, `${s.id}.json`), JSON.stringify(doc, null, 2));
      // The workflows shipped beside it (the build's optional output), from the same bundle.
      const arazzo = generateArazzo(s, doc);
      if (arazzo) writeFileSync(join(BUNDLE_DIR, `${s.id}.arazzo.yaml`), stringify(arazzo, { aliasDuplicateObjects: false }));
      else rmSync(join(BUNDLE_DIR, `${s.id}.arazzo.yaml`), { force: true });
    }),
  );
}
