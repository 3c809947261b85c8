import type { Ajv2020 as Ajv, Options } from "ajv/dist/2020.js";
import { CloudInterfacesError } from "../core/base-error.js";
import { missingPeerMessage } from "../package/optional-peers.js";
import type { ValidateFunction, ValidatorSource } from "./contract.js";

/**
 * Validators compiled with Ajv at run time, for a document that has no precompiled table (a
 * caller's own `document`, the verifier's checks). Ajv compiles to code with `new Function`, so
 * this path needs a page without a strict Content-Security-Policy; the bundled documents never
 * take it. Ajv (and ajv-formats) are optional peers, loaded on first use and never at import, so
 * that every entry point loads with require() (no top-level await) and without Ajv installed.
 */

interface AjvPeer {
  Ajv2020: typeof import("ajv/dist/2020.js").Ajv2020;
  addFormats: (ajv: Ajv) => unknown;
}
let peer: AjvPeer | undefined;

/** The two CommonJS modules as either loader gives them: under NodeNext the callable sits on .default. */
function fromModules(ajvModule: { Ajv2020: AjvPeer["Ajv2020"] }, formatsModule: unknown): AjvPeer {
  const f = formatsModule as { default?: unknown };
  const addFormats = (typeof f === "function" ? f : typeof f.default === "function" ? f.default : (f.default as { default: unknown }).default) as AjvPeer["addFormats"];
  return { Ajv2020: ajvModule.Ajv2020, addFormats };
}

/**
 * A load that failed because Ajv is not installed: Node's codes; a browser's "Failed to resolve
 * module specifier" where esbuild left the import as it was; and the module Vite puts in place
 * of an optional peer that is not installed, which throws `Could not resolve "ajv/dist/2020.js"
 * imported by "cloud-interfaces". Is it installed?` when loaded.
 */
export function missing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || /resolve module specifier|could not resolve "ajv[^"]*" imported by/i.test(message ?? "");
}

/** Loads Ajv with import(): how a browser bundle gets it (a chunk of its own). Node code need not call it. */
export async function loadAjv(): Promise<void> {
  if (peer) return;
  try {
    // Lexically inside try: esbuild then bundles Ajv where it is installed, and leaves the
    // import as written where it is not, so a bundle of MSW or the emulators builds without Ajv.
    peer = fromModules(await import("ajv/dist/2020.js"), await import("ajv-formats"));
  } catch (error) {
    throw missing(error) ? new CloudInterfacesError(missingPeerMessage("ajv"), { cause: error }) : error;
  }
}

/**
 * Ajv for synchronous callers (createEmulator with a document of its own, verify): in Node,
 * require()d from beside this file; a missing install is the one-sentence install line.
 */
function ajvPeer(): AjvPeer {
  if (peer) return peer;
  // process.getBuiltinModule (Node 20.16+, 22.3+) reaches node:module without an import a bundler would follow.
  const nodeModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.("node:module") as typeof import("node:module") | undefined;
  if (!nodeModule) throw new CloudInterfacesError("a document of your own needs Ajv, which outside Node loads asynchronously: use mswEmulator or lazyEmulator and await emulator.ready");
  const load = nodeModule.createRequire(import.meta.url);
  try {
    return (peer = fromModules(load("ajv/dist/2020.js"), load("ajv-formats")));
  } catch (error) {
    throw missing(error) ? new CloudInterfacesError(missingPeerMessage("ajv"), { cause: error }) : error;
  }
}

/** The Ajv settings of every emulator validator, at run time and in the build's standalone code. */
export function emulatorAjv(coerce: boolean, extra: Options = {}): Ajv {
  // validateSchema off: a whole OpenAPI document is registered as a schema resource, and
  // checking it against the meta-schema costs more than all the validation the emulator does.
  const { Ajv2020, addFormats } = ajvPeer();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false, coerceTypes: coerce ? "array" : false, ...extra });
  addFormats(ajv);
  return ajv;
}

/** The schema of one validator: a pointer into the document registered as `id`; coerced values travel in a one-field object. */
export function validatorSchema(id: string, pointer: string, coerce: boolean): object {
  const ref = { $ref: `${id}${pointer}` };
  return coerce ? { type: "object", properties: { v: ref } } : ref;
}

const ajvs = new Map<string, Ajv>();
const documentNumbers = new WeakMap<object, number>();
let documentCount = 0;

/**
 * Validators for any document, each compiled on first use (compiling every schema of a document
 * up front costs about a second, and a test usually touches a few operations).
 */
export function ajvValidators(serviceId: string, document: object, options: { firstErrorOnly?: boolean } = {}): ValidatorSource {
  // Stopping at the first error costs the same on valid data, and keeps an answer with
  // thousands of errors cheap (Ajv gathers all errors by concatenation: quadratic in their number).
  const allErrors = options.firstErrorOnly !== true;
  let n = documentNumbers.get(document);
  if (n === undefined) documentNumbers.set(document, (n = documentCount++));
  // One $id per document object, so two emulators of the same document share compiled schemas.
  const id = `urn:emulator:${serviceId}:${n}`;
  return (pointer, coerce) => {
    const key = `${coerce}:${allErrors}`;
    let ajv = ajvs.get(key);
    if (!ajv) ajvs.set(key, (ajv = emulatorAjv(coerce, { allErrors })));
    if (!ajv.getSchema(id)) ajv.addSchema({ ...document, $id: id });
    let compiled: ValidateFunction | undefined;
    const validate = ((data: unknown) => {
      compiled ??= ajv.compile(validatorSchema(id, pointer, coerce)) as ValidateFunction;
      const ok = compiled(data);
      validate.errors = compiled.errors;
      return ok;
    }) as ValidateFunction;
    return validate;
  };
}
