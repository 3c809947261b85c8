/**
 * Content-hash cache of the build: a document is re-linted, re-bundled and re-generated only
 * when a file it depends on (its own YAML and every shared fragment it references, as the
 * bundler reported them), or a build input shared by all (tool versions, lint rules, the
 * generator's own code), changed since its last clean build.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { layoutFor, ROOT } from "./paths.js";

export interface CacheEntry {
  key: string;
  /** Files the bundle was made from, relative to the project root. */
  dependencies: string[];
}

export interface CacheManifest {
  global: string;
  services: Record<string, CacheEntry>;
  /** Hash of the bundles the reference site was last built from. */
  site?: string;
}

const MANIFEST = layoutFor().cacheFile;

export function hashFiles(files: string[], root = ROOT): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort()) {
    hash.update(file);
    hash.update("\0");
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : "<missing>");
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Inputs every document's output depends on. */
export function globalInputs(root = ROOT): string[] {
  // The generators' own code: scripts/lib and the runtime modules they read documents with
  // (runtime/openapi, and the pointer, router and query styles the client runtime shares).
  const code = ["scripts/lib", "runtime/openapi"].flatMap((dir) =>
    existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((f) => f.endsWith(".ts")).map((f) => `${dir}/${f}`) : [],
  );
  return ["package-lock.json", "redocly.yaml", ".spectral.yaml", "openapi/services.json", "runtime/core/service-meta.ts", "runtime/core/media-type.ts", "runtime/core/pointer.ts", "runtime/core/router.ts", "runtime/core/query-style.ts", ...code];
}

export function globalKey(root = ROOT): string {
  return hashFiles(globalInputs(root), root);
}

export function serviceKey(dependencies: string[], root = ROOT): string {
  return hashFiles(dependencies, root);
}

export function readManifest(file = MANIFEST): CacheManifest | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as CacheManifest;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all: an interrupted build must not leave half a manifest. */
export function writeManifest(manifest: CacheManifest, file = MANIFEST): void {
  const text = JSON.stringify(manifest, null, 2);
  // Unchanged stays untouched, timestamp included: a failed build leaves the cache as it was.
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Fresh only if the global inputs, every recorded dependency and every output are unchanged and present. */
export function isFresh(
  manifest: CacheManifest | undefined,
  serviceId: string,
  global: string,
  outputs: string[],
  root = ROOT,
): boolean {
  const entry = manifest?.services[serviceId];
  if (!manifest || !entry || manifest.global !== global) return false;
  if (!outputs.every((file) => existsSync(file))) return false;
  return serviceKey(entry.dependencies, root) === entry.key;
}

export function toRelative(files: Iterable<string>, root = ROOT): string[] {
  return [...files].map((f) => relative(root, f.replace(/^file:\/\//, "")));
}
