/**
 * The build's check of the annotations the emulators follow: every value against the
 * vocabulary's JSON Schema (runtime/emulator/annotations.ts; an unknown key or a value of the
 * wrong form), then what a schema cannot see, asked of the service's own emulator definition
 * (a hook or handler its family does not register, a cap that names nothing, a create with no
 * cap). Each problem is a finding at the file and line of the annotation.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import { AnnotationError, ANNOTATION_SCHEMAS } from "../../runtime/emulator/annotations.js";
import { escapeToken, splitPointer } from "../../runtime/core/pointer.js";
import type { Finding } from "./findings.js";
import { emulatorPlugin } from "./generate-loaders.js";
import { ROOT } from "./paths.js";
import type { Service } from "./services.js";
import { locate } from "./source-location.js";

let validators: Map<string, ValidateFunction> | undefined;
function vocabulary(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  validators = new Map(Object.entries(ANNOTATION_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)]));
  return validators;
}

/** Examples are data, not annotations: their keys are never read as ones. */
const DATA_KEYS = new Set(["example", "examples", "default", "const", "enum"]);

/** Every annotation of the vocabulary in the document, with the pointer of its value. */
function* annotations(node: unknown, pointer: string): Generator<{ name: string; value: unknown; pointer: string }> {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* annotations(item, `${pointer}/${i}`);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    const at = `${pointer}/${escapeToken(key)}`;
    if (Object.hasOwn(ANNOTATION_SCHEMAS, key)) yield { name: key, value, pointer: at };
    else if (!DATA_KEYS.has(key)) yield* annotations(value, at);
  }
}

/** The family's emulator definition over the document: throws AnnotationError for what it cannot follow. */
async function defineFor(service: Service, root: string): Promise<(document: unknown) => unknown> {
  // The family's plug-in is this repository's code, also when the documents are built elsewhere (a scratch copy).
  const folder = emulatorPlugin(service, root) ?? emulatorPlugin(service, ROOT);
  if (folder) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(join(ROOT, "runtime", folder, "emulator.ts")).href)) as { defineEmulator?: (id: string, document: unknown) => unknown };
    if (module.defineEmulator) return (document) => module.defineEmulator!(service.id, document);
  }
  const { engineDefinition } = await import("../../runtime/emulator/engine.js");
  return (document) => engineDefinition(service.id, document);
}

export async function checkAnnotations(service: Service, doc: unknown, file: string, root: string): Promise<Finding[]> {
  const finding = (rule: string, pointer: string, message: string): Finding => ({ tool: "annotations", severity: "error", rule, message, ...locate(file, splitPointer(pointer)), reported: pointer });
  const findings: Finding[] = [];
  for (const { name, value, pointer } of annotations(doc, "#")) {
    const validate = vocabulary().get(name)!;
    if (validate(value)) continue;
    for (const error of validate.errors ?? []) {
      // if/then/else and anyOf repeat their branches' errors: the branches' own are the ones that say what is wrong.
      if (error.keyword === "if" || error.keyword === "anyOf") continue;
      const extra = error.keyword === "additionalProperties" ? ` ("${(error.params as { additionalProperty: string }).additionalProperty}" is not a key of ${name})` : "";
      findings.push(finding("annotation-vocabulary", `${pointer}${error.instancePath}`, `${name}${error.instancePath}: ${error.message}${extra}`));
    }
  }
  // What the schema cannot see is only asked of annotations of the right form.
  if (findings.length > 0) return findings;
  try {
    (await defineFor(service, root))(doc);
  } catch (error) {
    if (!(error instanceof AnnotationError)) throw error;
    for (const p of error.problems) findings.push(finding("annotation-reference", p.pointer, p.message));
  }
  return findings;
}
