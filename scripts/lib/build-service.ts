/**
 * Every step for one document, in memory: bundle, lint (source with Redocly, bundle with
 * Spectral), generate types and client. Nothing is written here; the caller moves the outputs
 * into place only when `findings` is empty (see build-run.ts).
 */
import { join } from "node:path";
import { bundleForBuild } from "./bundle.js";
import { checkAnnotations } from "./check-annotations.js";
import { DocumentError } from "./client-meta.js";
import { dedupeFindings, type Finding } from "./findings.js";
import { stringify } from "yaml";
import { generateClient, generateEntryPoint } from "./generate-client.js";
import { generateEmulatorModule, generateServersModule } from "./generate-emulator.js";
import { generateHelperRules, generateRules } from "./generate-rules.js";
import { generateOperationsModule } from "./generate-operations.js";
import { generateTypes } from "./generate-types.js";
import { generateArazzo } from "./generate-flows.js";
import { arazzoOutput } from "./service-outputs.js";
import { lintBundle, lintSource } from "./lint.js";
import { layoutFor, type Layout } from "./paths.js";
import { serviceOutputs } from "./service-outputs.js";
import { documentPath, type Service } from "./services.js";

export { serviceOutputs };
import { splitPointer } from "../../runtime/core/pointer.js";
import { locate } from "./source-location.js";

export interface BuildOutput {
  file: string;
  /** null: the file must not exist (an optional output the document no longer has). */
  content: string | null;
}

export interface ServiceBuildResult {
  id: string;
  /** Errors and warnings of every step run; any one fails the document. */
  findings: Finding[];
  /** Files the bundle was made from, relative to the project root. */
  dependencies: string[];
  /** What the document builds to; empty when a step failed. */
  outputs: BuildOutput[];
}

/** Turns a generator's exception into a finding at the pointer it names (or the document root). */
function generatorFinding(tool: "types" | "client", error: unknown, rootFile: string): Finding {
  const pointer = error instanceof DocumentError ? error.pointer : "#";
  return {
    tool,
    severity: "error",
    rule: error instanceof DocumentError ? error.rule : tool === "types" ? "openapi-typescript" : "client-generator",
    message: error instanceof Error ? error.message : String(error),
    ...locate(rootFile, splitPointer(pointer)),
  };
}


/** Runs each step only on a document that passed the ones before it, so every error is a first cause. */
/** `typeGenerator` replaces openapi-typescript: tests make it fail, which openapi-typescript rarely does on a linted bundle. */
export async function buildService(service: Service, layout: Layout = layoutFor(), typeGenerator = generateTypes): Promise<ServiceBuildResult> {
  const file = documentPath(service, layout.openapiDir);
  const [sourceFindings, bundled] = await Promise.all([lintSource(service, file), bundleForBuild(service, file, layout.root)]);
  const failed = (findings: Finding[]) => ({ id: service.id, findings: dedupeFindings(findings), dependencies: bundled.dependencies, outputs: [] });
  if (bundled.findings.length > 0) return failed([...sourceFindings, ...bundled.findings]);
  // The flows `x-resource` states, as Arazzo workflows (the bundle carries them as links).
  const arazzo = generateArazzo(service, bundled.doc);

  const bundleText = JSON.stringify(bundled.doc, null, 2);
  const lint = [...sourceFindings, ...(await lintBundle(service, bundleText, file))];
  // Warnings fail too: each one is either fixed or excepted in the document with a reason.
  if (lint.length > 0) return failed(lint);
  const annotationFindings = await checkAnnotations(service, bundled.doc, file, layout.root);
  if (annotationFindings.length > 0) return failed(annotationFindings);

  let types: string;
  let client: string;
  let rules: string;
  let helperRules: string;
  let emulator: string;
  try {
    types = await typeGenerator(service, bundled.doc);
  } catch (error) {
    return failed([generatorFinding("types", error, file)]);
  }
  try {
    client = generateClient(service, bundled.doc);
    rules = generateRules(service, bundled.doc);
    helperRules = generateHelperRules(service, bundled.doc);
    emulator = generateEmulatorModule(service, bundled.doc);
  } catch (error) {
    return failed([generatorFinding("client", error, file)]);
  }
  const [bundleFile, yamlFile, typesFile, clientFile, rulesFile, indexFile, helperRulesFile, emulatorFile, serversFile, operationsFile] = serviceOutputs(service, layout) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    id: service.id,
    findings: [],
    dependencies: bundled.dependencies,
    outputs: [
      { file: bundleFile, content: bundleText },
      { file: typesFile, content: types },
      { file: clientFile, content: client },
      { file: rulesFile, content: rules },
      { file: helperRulesFile, content: helperRules },
      { file: indexFile, content: generateEntryPoint(service) },
      { file: emulatorFile, content: emulator },
      { file: serversFile, content: generateServersModule(service, bundled.doc) },
      { file: operationsFile, content: generateOperationsModule(service, bundled.doc) },
      { file: yamlFile, content: stringify(bundled.doc, { aliasDuplicateObjects: false }) },
      // Only a document with a resource that has a create has flows; a stale file of one that lost them is removed.
      { file: arazzoOutput(service, layout), content: arazzo ? stringify(arazzo, { aliasDuplicateObjects: false }) : null },
    ],
  };
}
