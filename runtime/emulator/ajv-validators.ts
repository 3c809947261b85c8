import type { Ajv2020 as Ajv, Options } from "ajv/dist/2020.js";
import { importPeer } from "../http/optional-peers.js";
import type { ValidateFunction, ValidatorSource } from "./contract.js";

// Ajv is an optional peer: without it, importing this module fails with one sentence naming the install line.
const { Ajv2020 } = await importPeer("ajv", () => import("ajv/dist/2020.js"));
const formats = (await importPeer("ajv", () => import("ajv-formats"))).default;

/**
 * Validators compiled with Ajv at run time, for a document that has no precompiled table (a
 * caller's own `document`). Ajv compiles to code with `new Function`, so this path needs a page
 * without a strict Content-Security-Policy; the bundled documents never take it.
 */

/** The Ajv settings of every emulator validator, at run time and in the build's standalone code. */
export function emulatorAjv(coerce: boolean, extra: Options = {}): Ajv {
  // validateSchema off: a whole OpenAPI document is registered as a schema resource, and
  // checking it against the meta-schema costs more than all the validation the emulator does.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false, coerceTypes: coerce ? "array" : false, ...extra });
  // CommonJS default export: under NodeNext the callable sits on .default.
  ((formats as any).default ?? formats)(ajv);
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
