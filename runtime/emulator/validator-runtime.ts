/**
 * What the build's precompiled validators (generated/<id>/emulator.ts) need at run time, in one
 * place so that each generated module holds only its document's data: Ajv's runtime helpers
 * (CommonJS modules the standalone code `require`s) and the table from validator keys to functions.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import * as ucs2length from "ajv/dist/runtime/ucs2length.js";
import * as formats from "ajv-formats/dist/formats.js";
import { validatorKey, type ValidateFunction } from "./contract.js";

/**
 * The CommonJS exports object behind an `import * as ns` of a CommonJS module, the same in Node
 * and in bundlers. Node puts module.exports on `ns.default`; esbuild and Rollup do too for a
 * package of type module, and otherwise mirror the exports on `ns` itself.
 */
export function commonJsExports(ns: any): any {
  const fromDefault = ns.default;
  return fromDefault && typeof fromDefault === "object" && fromDefault.__esModule ? fromDefault : ns;
}

/** Every module Ajv's standalone code may `require` here; the build refuses code that needs another. */
const HELPERS: Record<string, unknown> = {
  "ajv/dist/runtime/ucs2length": commonJsExports(ucs2length),
  "ajv-formats/dist/formats": commonJsExports(formats),
};
export const AJV_HELPER_MODULES: readonly string[] = Object.keys(HELPERS);

/** Stands in for `require(name)` inside the standalone code. */
export function ajvHelper(name: string): any {
  const helper = HELPERS[name];
  if (helper === undefined) throw new CloudInterfacesError(`precompiled validators require ${name}, which runtime/emulator/validator-runtime.ts does not provide`);
  return helper;
}

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
