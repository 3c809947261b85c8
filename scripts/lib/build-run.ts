/**
 * The build of a set of documents, atomic per document: each document's outputs (bundle,
 * generated types and client) are computed in memory, written to a staging folder, and moved
 * into place only when every step for that document passed. A failed document leaves
 * generated/, dist/ and its build-cache entry exactly as they were; the reference site is
 * rebuilt only by a build in which nothing failed.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globalKey, isFresh, readManifest, serviceKey, writeManifest, type CacheManifest } from "./build-cache.js";
import type { BuildOutput } from "./build-service.js";
import { serviceOutputs } from "./service-outputs.js";
import { siteIsFresh } from "./site-key.js";
import { formatFindings, type Finding } from "./findings.js";
import { layoutFor, type Layout } from "./paths.js";
import { readServices, selectServices } from "./services.js";

export interface BuildOptions {
  only?: string[];
  noCache?: boolean;
  layout?: Layout;
  log?: (line: string) => void;
  error?: (line: string) => void;
}

export interface BuildSummary {
  documents: number;
  rebuilt: string[];
  unchanged: string[];
  failed: { id: string; findings: Finding[] }[];
  siteRebuilt: boolean;
}

/** Stages every changed output, then renames each into place (same file system, so each move is atomic). */
function commitOutputs(outputs: BuildOutput[], layout: Layout): void {
  mkdirSync(layout.distDir, { recursive: true });
  const staging = mkdtempSync(join(layout.distDir, ".staging-"));
  try {
    const moves: [string, string][] = [];
    const removals: string[] = [];
    outputs.forEach(({ file, content }, i) => {
      if (content === null) {
        if (existsSync(file)) removals.push(file);
        return;
      }
      // Unchanged files keep their timestamps.
      if (existsSync(file) && readFileSync(file, "utf8") === content) return;
      const staged = join(staging, String(i));
      writeFileSync(staged, content);
      moves.push([staged, file]);
    });
    for (const [staged, file] of moves) {
      mkdirSync(dirname(file), { recursive: true });
      renameSync(staged, file);
    }
    for (const file of removals) rmSync(file, { force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export async function runBuild(options: BuildOptions = {}): Promise<BuildSummary> {
  const layout = options.layout ?? layoutFor();
  const log = options.log ?? console.log;
  const error = options.error ?? console.error;
  const only = options.only ?? [];
  const services = selectServices(only, layout.openapiDir);

  const global = globalKey(layout.root);
  const previous = readManifest(layout.cacheFile);
  const sameGlobal = previous?.global === global;
  const stale = services.filter((s) => options.noCache || !isFresh(previous, s.id, global, serviceOutputs(s, layout), layout.root));

  const manifest: CacheManifest = { global, services: sameGlobal ? { ...previous.services } : {}, ...(sameGlobal && previous.site ? { site: previous.site } : {}) };
  const failed: BuildSummary["failed"] = [];
  // Loaded only when something is to be built: its tools take longer to load than a warm build.
  const { buildService } = stale.length > 0 ? await import("./build-service.js") : { buildService: undefined };
  for (const service of stale) {
    const result = await buildService!(service, layout);
    if (result.findings.length === 0) {
      commitOutputs(result.outputs, layout);
      manifest.services[service.id] = { key: serviceKey(result.dependencies, layout.root), dependencies: result.dependencies };
      continue;
    }
    // The entry stays as it was: it describes the outputs still in place.
    failed.push({ id: service.id, findings: result.findings });
    error(`\n${service.id}: ${result.findings.length} finding(s), outputs left as they were\n${formatFindings(result.findings, layout.root)}`);
  }

  let siteRebuilt = false;
  if (failed.length === 0) {
    if (only.length === 0 && existsSync(layout.generatedDir)) {
      const known = new Set(readServices(layout.openapiDir).map((s) => s.id));
      for (const entry of readdirSync(layout.generatedDir, { withFileTypes: true })) {
        if (entry.isDirectory() && !known.has(entry.name)) rmSync(join(layout.generatedDir, entry.name), { recursive: true });
      }
    }
    if (only.length === 0) {
      const { generateServiceIds } = await import("./generate-client.js");
      const { generateLoaders } = await import("./generate-loaders.js");
      const { generateBundled } = await import("./generate-bundled.js");
      const { generateEmulatorExports } = await import("./generate-emulator-exports.js");
      const registry = readServices(layout.openapiDir);
      commitOutputs(
        [
          { file: join(layout.generatedDir, "service-ids.ts"), content: generateServiceIds(registry) },
          { file: join(layout.generatedDir, "loaders.ts"), content: generateLoaders(registry, layout.root) },
          { file: join(layout.generatedDir, "bundled.ts"), content: generateBundled(registry, layout.root) },
          { file: join(layout.generatedDir, "emulator-exports.ts"), content: generateEmulatorExports(registry, layout.root) },
        ],
        layout,
      );
    }
    // The site has its own freshness key (its generator's code, Redoc's version, every bundle),
    // and covers all bundled documents, not only those of `--only`: its search spans all services.
    const services = readServices(layout.openapiDir);
    const entries = services
      .filter((s) => existsSync(join(layout.bundleDir, `${s.id}.json`)))
      .map((service) => ({ service, doc: JSON.parse(readFileSync(join(layout.bundleDir, `${service.id}.json`), "utf8")) }));
    // The site builder (Redoc's bundle, esbuild, the page generators) loads only when its key says there is work.
    if (!siteIsFresh(entries, layout.siteDir)) {
      const { buildSiteIfChanged } = await import("./site.js");
      siteRebuilt = buildSiteIfChanged(entries, layout.siteDir);
    }
  }
  writeManifest(manifest, layout.cacheFile);

  const rebuilt = stale.filter((s) => !failed.some((f) => f.id === s.id)).map((s) => s.id);
  log(
    `build: ${services.length} document(s), ${rebuilt.length} rebuilt, ${services.length - stale.length} unchanged` +
      (failed.length > 0 ? `, ${failed.length} FAILED (${failed.map((f) => f.id).join(", ")})` : ", ok"),
  );
  return {
    documents: services.length,
    rebuilt,
    unchanged: services.filter((s) => !stale.includes(s)).map((s) => s.id),
    failed,
    siteRebuilt,
  };
}
