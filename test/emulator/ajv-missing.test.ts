/**
 * How the run-time Ajv path tells "Ajv is not installed" from any other failure: the error of
 * each loader that can meet a missing optional peer becomes the one-sentence install line
 * (runtime/emulator/ajv-validators.ts); anything else is rethrown as it is. The messages are the
 * ones measured in Chromium from a page bundled without Ajv (test/consumer/bundlers.test.ts).
 */
import { describe, expect, it } from "vitest";
import { missing } from "../../runtime/emulator/ajv-validators.js";

describe("missing(): a load that failed because Ajv is not installed", () => {
  it.each([
    ["Node, import()", Object.assign(new Error("Cannot find package 'ajv'"), { code: "ERR_MODULE_NOT_FOUND" })],
    ["Node, require()", Object.assign(new Error("Cannot find module 'ajv/dist/2020.js'"), { code: "MODULE_NOT_FOUND" })],
    ["a browser, where esbuild left the bare import", new TypeError('Failed to resolve module specifier "ajv/dist/2020.js". Relative references must start with either "/", "./", or "../".')],
    ["Vite's module in place of a missing optional peer", new Error('Could not resolve "ajv/dist/2020.js" imported by "cloud-interfaces". Is it installed?')],
    ["the same for ajv-formats", new Error('Could not resolve "ajv-formats" imported by "cloud-interfaces". Is it installed?')],
  ])("%s", (_, error) => {
    expect(missing(error)).toBe(true);
  });

  it.each([
    ["another package Vite could not resolve", new Error('Could not resolve "left-pad" imported by "cloud-interfaces". Is it installed?')],
    ["an error inside Ajv", new Error("schema is invalid: data/properties must be object")],
    ["a network failure loading the chunk", new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/2020.js")],
    ["not an error", undefined],
  ])("not %s", (_, error) => {
    expect(missing(error)).toBe(false);
  });
});
