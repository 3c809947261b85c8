/**
 * What the build's precompiled validators (generated/<id>/emulator.ts) need at run time besides
 * Ajv's own runtime helpers, which are CommonJS modules.
 */

/**
 * The CommonJS exports object behind an `import * as ns` of a CommonJS module, the same in Node
 * and in bundlers. Node puts module.exports on `ns.default`; esbuild and Rollup do too for a
 * package of type module, and otherwise mirror the exports on `ns` itself.
 */
export function commonJsExports(ns: any): any {
  const fromDefault = ns.default;
  return fromDefault && typeof fromDefault === "object" && fromDefault.__esModule ? fromDefault : ns;
}
