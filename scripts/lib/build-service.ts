import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { bundleWithDependencies } from "./bundle.js";
import { generateClient, generateEntryPoint } from "./generate-client.js";
import { generateRules } from "./generate-rules.js";
import { generateTypes } from "./generate-types.js";
import { lintBundle, lintSource, type Finding } from "./lint.js";
import { BUNDLE_DIR, GENERATED_DIR } from "./paths.js";
import type { Service } from "./services.js";

export interface ServiceBuildResult {
  id: string;
  findings: Finding[];
  dependencies: string[];
}

/** Writes only when the content differs, so unchanged files keep their timestamps. */
function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, "utf8") === content) return;
  writeFileSync(file, content);
}

/** Lint (source with Redocly, bundle with Spectral), bundle, and generate types and client for one document. */
export async function buildService(service: Service): Promise<ServiceBuildResult> {
  const [sourceFindings, { doc, dependencies }] = await Promise.all([lintSource(service), bundleWithDependencies(service)]);
  const bundleText = JSON.stringify(doc, null, 2);
  const bundleFile = join(BUNDLE_DIR, `${service.id}.json`);
  mkdirSync(BUNDLE_DIR, { recursive: true });
  writeFileSync(bundleFile, bundleText);
  writeFileSync(join(BUNDLE_DIR, `${service.id}.yaml`), stringify(doc, { aliasDuplicateObjects: false }));
  const bundleFindings = await lintBundle(service, bundleText, bundleFile);
  const outDir = join(GENERATED_DIR, service.id);
  mkdirSync(outDir, { recursive: true });
  writeIfChanged(join(outDir, "types.ts"), await generateTypes(service, doc));
  writeIfChanged(join(outDir, "client.ts"), generateClient(service, doc));
  writeIfChanged(join(outDir, "rules.ts"), generateRules(service, doc));
  writeIfChanged(join(outDir, "index.ts"), generateEntryPoint(service));
  return { id: service.id, findings: [...sourceFindings, ...bundleFindings], dependencies };
}
