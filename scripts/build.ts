/**
 * The project's main job: lint, bundle, generate types and clients, and build the reference
 * site for every service in openapi/services.json (or `--only <id>`). Documents whose inputs
 * are unchanged since their last clean build are skipped (`--no-cache` rebuilds all);
 * `--workers N` splits the rest over N threads.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { globalKey, isFresh, readManifest, serviceKey, writeManifest, type CacheManifest } from "./lib/build-cache.js";
import type { ServiceBuildResult } from "./lib/build-service.js";
import { BUNDLE_DIR, GENERATED_DIR } from "./lib/paths.js";
import { documentPath, readServices, selectServices, type Service } from "./lib/services.js";

const WORKER_ENTRY = new URL("./lib/build-worker.ts", import.meta.url).href;

function outputs(service: Service): string[] {
  return [
    join(GENERATED_DIR, service.id, "types.ts"),
    join(GENERATED_DIR, service.id, "client.ts"),
    join(GENERATED_DIR, service.id, "index.ts"),
    join(GENERATED_DIR, service.id, "rules.ts"),
    join(BUNDLE_DIR, `${service.id}.json`),
    join(BUNDLE_DIR, `${service.id}.yaml`),
  ];
}

/** Splits documents over cores by size, largest first, so the shares take about as long. */
function shares(services: Service[], count: number): Service[][] {
  const bins: { size: number; services: Service[] }[] = Array.from({ length: count }, () => ({ size: 0, services: [] }));
  const sized = services.map((s) => ({ s, size: statSync(documentPath(s)).size })).sort((a, b) => b.size - a.size);
  for (const { s, size } of sized) {
    const bin = bins.reduce((min, b) => (b.size < min.size ? b : min));
    bin.size += size;
    bin.services.push(s);
  }
  return bins.map((b) => b.services).filter((b) => b.length > 0);
}

async function buildShare(share: Service[]): Promise<ServiceBuildResult[]> {
  const { buildService } = await import("./lib/build-service.js");
  const results = [];
  for (const s of share) results.push(await buildService(s));
  return results;
}

function buildShareInWorker(share: Service[]): Promise<ServiceBuildResult[]> {
  return new Promise((resolve, reject) => {
    // The worker runs TypeScript too: it registers tsx's loader before importing its entry.
    const worker = new Worker(
      `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(WORKER_ENTRY)}); });`,
      { eval: true, workerData: { services: share } },
    );
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`build worker exited with ${code}`)));
  });
}

/** The main thread builds the first share itself; each further share gets a worker thread. */
async function buildAll(services: Service[], workers: number): Promise<ServiceBuildResult[]> {
  if (services.length === 0) return [];
  const [own, ...others] = shares(services, Math.min(services.length, workers));
  const results = await Promise.all([...others.map(buildShareInWorker), buildShare(own!)]);
  return results.flat();
}

async function main(): Promise<number> {
  const started = performance.now();
  const { values } = parseArgs({ options: {
      only: { type: "string", multiple: true },
      "no-cache": { type: "boolean", default: false },
      // Measured on 2 cores with six documents: 5.4 s in one thread, 6.4 s with a second one,
      // because each thread loads Spectral, Redocly and openapi-typescript (~2.6 s) itself.
      workers: { type: "string", default: "1" },
    } });
  const only = (values.only ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  const services = selectServices(only);

  const global = globalKey();
  const previous = readManifest();
  const stale = services.filter((s) => values["no-cache"] || !isFresh(previous, s.id, global, outputs(s)));
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`--workers must be a positive integer, got ${values.workers}`);
  const results = await buildAll(stale, workers);

  const manifest: CacheManifest = { global, services: previous?.global === global ? { ...previous.services } : {} };
  let failed = false;
  for (const { id, findings, dependencies } of results) {
    if (findings.length === 0) {
      manifest.services[id] = { key: serviceKey(dependencies), dependencies };
      continue;
    }
    // Warnings fail too: each one is either fixed or excepted in the document with a reason.
    failed = true;
    delete manifest.services[id];
    const { formatFindings } = await import("./lib/format-findings.js");
    console.error(`\n${id}: ${findings.length} lint finding(s)\n${formatFindings(findings)}`);
  }
  writeManifest(manifest);

  if (only.length === 0) {
    const { generateServiceIds } = await import("./lib/generate-client.js");
    const file = join(GENERATED_DIR, "service-ids.ts");
    const text = generateServiceIds(readServices());
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
    const known = new Set(readServices().map((s) => s.id));
    for (const entry of readdirSync(GENERATED_DIR, { withFileTypes: true })) {
      if (entry.isDirectory() && !known.has(entry.name)) rmSync(join(GENERATED_DIR, entry.name), { recursive: true });
    }
  }
  {
    // The site has its own freshness key (its code changes without any document changing), and
    // covers every bundled document, not only those of `--only`: its search spans all services.
    const { buildSiteIfChanged } = await import("./lib/site.js");
    const bundled = readServices().filter((s) => existsSync(join(BUNDLE_DIR, `${s.id}.json`)));
    buildSiteIfChanged(bundled.map((service) => ({ service, doc: JSON.parse(readFileSync(join(BUNDLE_DIR, `${service.id}.json`), "utf8")) })));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `build: ${services.length} document(s), ${stale.length} rebuilt, ${services.length - stale.length} unchanged, ${failed ? "FAILED lint" : "ok"} in ${seconds} s`,
  );
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
