/**
 * A browser bundle of `cloud-interfaces/msw` with one emulator, as an app's bundler makes it
 * (esbuild, platform browser, code splitting). Fails on any Node built-in reached from the
 * browser path. Shared by the browser-path test and `npm run bench`.
 */
import type { Metafile } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../lib/paths.js";
import { bundleForPage } from "../lib/site/browser-build.js";

export interface BrowserBundle {
  /** Output file name -> its text; the entry is "entry.js". */
  files: Map<string, string>;
  metafile: Metafile;
  /** The files one request to the emulator loads: the entry, its imports, this service's chunks. */
  loaded: string[];
  /** min+gz bytes of the entry and of everything one request to the emulator loads. */
  entryGzip: number;
  loadedGzip: number;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

const OUT = "dist/browser-bundle";

/** Bundles `source` (a module of the page) with the repository's packages resolved from their sources. */
export async function bundleForBrowser(source: string, serviceId: string): Promise<BrowserBundle> {
  const dir = mkdtempSync(join(tmpdir(), "browser-bundle-"));
  try {
    writeFileSync(join(dir, "entry.ts"), source);
    const result = await bundleForPage({ entry: join(dir, "entry.ts") }, join(ROOT, OUT));
    const files = new Map(result.outputs.map((f) => [f.path.slice(join(ROOT, OUT).length + 1), f.text]));
    // What a request to the emulator loads: the entry, its imports, and the dynamic chunks of this service only.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const imp of result.metafile.outputs[`${OUT}/${file}`]?.imports ?? []) {
        const target = imp.path.slice(OUT.length + 1);
        if (imp.kind === "import-statement" || !otherService(result.metafile, imp.path, serviceId)) visit(target);
      }
    };
    visit("entry.js");
    return { files, metafile: result.metafile, loaded: [...loaded], entryGzip: gz(files.get("entry.js")!), loadedGzip: [...loaded].reduce((n, f) => n + gz(files.get(f)!), 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A chunk another service (or a caller's own document, which needs Ajv at run time) loads, not this one. */
function otherService(metafile: Metafile, output: string, serviceId: string): boolean {
  const family = serviceId.split("-")[0]!;
  return Object.keys(metafile.outputs[output]?.inputs ?? {}).some(
    (input) =>
      input.endsWith("runtime/emulator/ajv-validators.ts") ||
      (/generated\/[^/]+\/emulator\.ts$/.test(input) && !input.includes(`generated/${serviceId}/`)) ||
      // A family's emulator plug-in (runtime/<family>/emulator.ts) belongs to that family's services only.
      (/runtime\/[^/]+\/emulator\.ts$/.test(input) && !input.includes("runtime/emulator/") && !input.includes(`runtime/${family}/`)),
  );
}

/** The README's page: MSW's worker with one emulator's handlers. */
export const README_PAGE = (serviceId: string) => `import { setupWorker } from "msw/browser";
import { mswEmulator } from "cloud-interfaces/msw";
const mock = mswEmulator(${JSON.stringify(serviceId)});
export const worker = setupWorker(...mock.handlers);
export { mock };
`;
