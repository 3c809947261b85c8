/**
 * The project's main job, in one Node process: lint, bundle, generate types and clients, and
 * build the reference site, for every service in openapi/services.json (or `--only <id>`).
 */
import { mkdirSync, readFileSync, rmSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bundleDocument, type OpenApiDocument } from "./lib/bundle.js";
import { generateClient } from "./lib/generate-client.js";
import { generateTypes } from "./lib/generate-types.js";
import { formatFindings, lintBundle, lintSource, type Finding } from "./lib/lint.js";
import { BUNDLE_DIR, GENERATED_DIR } from "./lib/paths.js";
import { readServices, selectServices, type Service } from "./lib/services.js";
import { buildSite } from "./lib/site.js";

/** Writes only when the content differs, so unchanged files keep their timestamps. */
function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  writeFileSync(file, content);
}

async function buildService(service: Service): Promise<{ service: Service; doc: OpenApiDocument; findings: Finding[] }> {
  const [sourceFindings, doc] = await Promise.all([lintSource(service), bundleDocument(service)]);
  const bundleText = JSON.stringify(doc, null, 2);
  const bundleFile = join(BUNDLE_DIR, `${service.id}.json`);
  writeFileSync(bundleFile, bundleText);
  const bundleFindings = await lintBundle(service, bundleText, bundleFile);
  const outDir = join(GENERATED_DIR, service.id);
  mkdirSync(outDir, { recursive: true });
  writeIfChanged(join(outDir, "types.ts"), await generateTypes(service, doc));
  writeIfChanged(join(outDir, "client.ts"), generateClient(service, doc));
  return { service, doc, findings: [...sourceFindings, ...bundleFindings] };
}

async function main(): Promise<number> {
  const started = performance.now();
  const { values } = parseArgs({ options: { only: { type: "string", multiple: true } } });
  const only = (values.only ?? []).flatMap((v) => v.split(",")).filter(Boolean);
  const services = selectServices(only);
  mkdirSync(BUNDLE_DIR, { recursive: true });

  const results = await Promise.all(services.map(buildService));

  let failed = false;
  for (const { service, findings } of results) {
    if (findings.length === 0) continue;
    // Warnings fail too: each one is either fixed or switched off in the config with a reason.
    failed = true;
    console.error(`\n${service.id}: ${findings.length} lint finding(s)\n${formatFindings(findings)}`);
  }

  if (only.length === 0) {
    const known = new Set(readServices().map((s) => s.id));
    for (const entry of readdirSync(GENERATED_DIR, { withFileTypes: true })) {
      if (entry.isDirectory() && !known.has(entry.name)) rmSync(join(GENERATED_DIR, entry.name), { recursive: true });
    }
  }
  buildSite(results);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`build: ${results.length} document(s) ${failed ? "FAILED lint" : "ok"} in ${seconds} s`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
