/**
 * The build of a set of documents, atomic per document: each document's outputs (bundle,
 * generated types and client) are computed in memory, written to a staging folder, and moved
 * into place only when every step for that document passed. A failed document leaves
 * generated/, dist/ and its build-cache entry exactly as they were; the reference site is
 * rebuilt only by a build in which nothing failed.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { globalKey, isFresh, readManifest, serviceKey, writeManifest, type CacheManifest } from "./build-cache.js";
import { buildService, serviceOutputs, type BuildOutput } from "./build-service.js";
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
    outputs.forEach(({ file, content }, i) => {
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
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The site is built in a staging folder and swapped in whole. */
async function rebuildSite(layout: Layout, entries: { id: string; text: string }[]): Promise<void> {
  const { buildSite } = await import("./site.js");
  const services = readServices(layout.openapiDir);
  mkdirSync(layout.distDir, { recursive: true });
  const staging = mkdtempSync(join(layout.distDir, ".site-"));
  try {
    buildSite(
      entries.map(({ id, text }) => ({ service: services.find((s) => s.id === id)!, doc: JSON.parse(text) })),
      staging,
    );
    const previous = `${staging}.old`;
    if (existsSync(layout.siteDir)) renameSync(layout.siteDir, previous);
    renameSync(staging, layout.siteDir);
    rmSync(previous, { recursive: true, force: true });
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
  for (const service of stale) {
    const result = await buildService(service, layout);
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
    const entries = readServices(layout.openapiDir)
      .map((s) => ({ id: s.id, file: join(layout.bundleDir, `${s.id}.json`) }))
      .filter((e) => existsSync(e.file))
      .map((e) => ({ id: e.id, text: readFileSync(e.file, "utf8") }));
    const hash = createHash("sha256");
    for (const e of entries) hash.update(`${e.id}\0${e.text}\0`);
    const siteKey = hash.digest("hex");
    if (manifest.site !== siteKey || !existsSync(join(layout.siteDir, "index.html"))) {
      await rebuildSite(layout, entries);
      manifest.site = siteKey;
      siteRebuilt = true;
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
