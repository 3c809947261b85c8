/**
 * What the build's precompiled validators (generated/<id>/emulator.ts) need at run time, in one
 * place so that each generated module holds only its document's data: the helpers Ajv's
 * standalone code calls, written in this package (formats.ts) so that nothing of Ajv is loaded or
 * installed at run time, and the table from validator keys to functions.
 */
import { validatorKey, type ValidateFunction } from "./contract.js";

export { ucs2length, validatorFormats } from "./formats.js";

/** One group of Ajv's standalone code: `define` fills `exports` with v0, v1, … in the order of `pointers`. */
export interface ValidatorGroup {
  coerce: boolean;
  pointers: readonly string[];
  define(exports: Record<string, ValidateFunction>): void;
}

/** The validator table by validatorKey(pointer, coerce). */
export function validatorTable(groups: readonly ValidatorGroup[]): Readonly<Record<string, ValidateFunction>> {
  const table: Record<string, ValidateFunction> = {};
  for (const { coerce, pointers, define } of groups) {
    const exports: Record<string, ValidateFunction> = {};
    define(exports);
    pointers.forEach((pointer, i) => (table[validatorKey(pointer, coerce)] = exports[`v${i}`]!));
  }
  return table;
}
