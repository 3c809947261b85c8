/**
 * The try-it panel's files in the site: the first-load loader and the chunks it loads on demand
 * (assets/tryit/), the panel's data per document (assets/tryit/<id>.json), and MSW's worker
 * script at the site's root, as `npx msw init` would place it.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { EMULATED_SERVICES } from "../../../runtime/emulator/registry.js";
import type { OpenApiDocument } from "../openapi-types.js";
import { ROOT } from "../paths.js";
import type { Service } from "../services.js";
import { bundleForPageSync } from "./browser-build.js";
import { tryitService } from "./tryit-data.js";

export const TRYIT_DIR = "assets/tryit";
export const TRYIT_LOADER = `${TRYIT_DIR}/loader.js`;
const require = createRequire(import.meta.url);

/** Whether a service's reference page gets try-it buttons: only emulated services have an emulator to answer. */
export const hasTryit = (serviceId: string) => EMULATED_SERVICES.includes(serviceId);

export function writeTryitAssets(entries: { service: Service; doc: OpenApiDocument }[], dir: string): void {
  const tried = entries.filter((e) => hasTryit(e.service.id));
  if (tried.length === 0) return;
  const out = join(dir, TRYIT_DIR);
  // Chunk names carry content hashes: without clearing, every rebuild left the last build's chunks in the package.
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const { service, doc } of tried) writeFileSync(join(out, `${service.id}.json`), JSON.stringify(tryitService(service, doc)));
  copyFileSync(require.resolve("msw/mockServiceWorker.js"), join(dir, "mockServiceWorker.js"));
  const { outputs } = bundleForPageSync({ loader: join(ROOT, "runtime/tryit/loader.ts"), panel: join(ROOT, "runtime/tryit/panel.ts") }, out);
  for (const file of outputs) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}
