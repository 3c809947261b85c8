import { writeCurrentBundles } from "./current-bundles.js";

/** The bundling half of global-setup.ts, for test runs that need no Prism (vitest.scripts.config.ts, vitest.e2e.config.ts). */
export default async function setup() {
  await writeCurrentBundles();
}
