import { CloudInterfacesError } from "../core/base-error.js";
import { createServiceEmulator } from "./app.js";
import { useTable } from "../openapi/operation-table.js";
import { tableValidators, type ValidatorSource } from "./contract.js";
import type { CompiledService } from "./compiled.js";
import type { Emulator, EmulatorOptions } from "./types.js";

/** Compiles validators for a document the build did not see (a caller's own `document`). */
export type RuntimeValidators = (serviceId: string, document: object) => ValidatorSource;

/**
 * An emulator from its compiled service: the build's validators for the bundled document, or
 * validators compiled at run time for a caller's own document. Apart from assemble.ts, whose
 * lazyEmulator can load the run-time Ajv path, so that a caller of this file alone
 * (bundled-emulator.ts: startMock's emulator) reaches no Ajv code.
 */
export function assemble(serviceId: string, compiled: CompiledService, options: EmulatorOptions, runtime?: RuntimeValidators): Emulator {
  const document = options.document ?? compiled.document;
  // The bundled document's table is the build's: nothing compiles it again.
  useTable(compiled.document as object, compiled.table);
  let validators: ValidatorSource;
  if (document === compiled.document) validators = tableValidators(serviceId, compiled.validators);
  else if (runtime) validators = runtime(serviceId, document as object);
  else throw new CloudInterfacesError(`${serviceId}: a document of your own needs validators compiled at run time (Ajv)`);
  return createServiceEmulator(compiled.define(document), { document, validators }, { ...options, document });
}
