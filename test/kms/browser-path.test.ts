/**
 * The browser path (issue 29): `cloud-interfaces/msw` with one emulator, bundled for a browser,
 * reaches no Node built-in, uses no Buffer, and runs no eval: the validators the page loads are
 * the build's precompiled ones, so a strict Content-Security-Policy holds. Only a caller's own
 * document needs Ajv at run time, and that sits in a chunk of its own.
 */
import { describe, expect, it } from "vitest";
import { bundleForBrowser, README_PAGE } from "../../scripts/bench/browser-bundle.js";

const EVAL = /\bnew Function\b|\beval\(/;

describe("browser bundle of cloud-interfaces/msw", () => {
  it("kms-v2: no Node built-in, no Buffer, no eval outside the run-time Ajv chunk; one service's chunks", async () => {
    const bundle = await bundleForBrowser(README_PAGE("kms-v2"), "kms-v2");
    const withEval = [...bundle.files].filter(([, text]) => EVAL.test(text)).map(([file]) => file);
    // Ajv's compiler (eval) is in the bundle, for a caller's own document only: nothing a request to the bundled document loads.
    expect(withEval.length).toBeGreaterThan(0);
    expect(bundle.loaded.filter((file) => withEval.includes(file))).toEqual([]);
    expect(bundle.loaded.some((file) => Object.keys(bundle.metafile.outputs[`dist/browser-bundle/${file}`]!.inputs).some((i) => i.endsWith("generated/kms-v2/emulator.ts")))).toBe(true);
    for (const [file, text] of bundle.files) expect(text, file).not.toMatch(/\bBuffer\.(from|concat|alloc)/);
    // The entry holds MSW and the routing; every document and its validators load on demand.
    const entryInputs = Object.keys(bundle.metafile.outputs["dist/browser-bundle/entry.js"]!.inputs);
    expect(entryInputs.filter((i) => /generated\/[^/]+\/emulator\.ts$/.test(i))).toEqual([]);
    expect(bundle.loadedGzip).toBeGreaterThan(bundle.entryGzip);
  });

  it("the Node entry (HTTP server form) is refused on the browser path, naming the built-in", async () => {
    await expect(bundleForBrowser(`export * from "${process.cwd()}/runtime/emulator/index.ts";`, "kms-v2")).rejects.toThrow(/Node built-in "node:http" imported by \S*runtime\/http\/front\.ts/);
  });
});
