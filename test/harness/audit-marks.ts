/** Reading an audit choice where it lives in the bundle, and checking it is marked (x-assumed, listed by npm run assumptions): test/<family>/audit-marks.test.ts. */
import { expect } from "vitest";
import { collectAssumptions } from "../../scripts/lib/assumptions.js";
import { bundledDocument, pointer } from "./documents.js";
import { resolve, resolvePointer } from "./responses.js";

/** The node at `ref` (after any $ref) and its pointer. */
export const node = (id: string, ref: string) => ({ pointer: resolvePointer(bundledDocument(id), ref), value: resolve(bundledDocument(id), ref) });

/** An operation's parameter by name, wherever it is declared. */
export function param(id: string, path: string, method: string, name: string) {
  const list: any[] = bundledDocument(id).paths[path][method].parameters;
  const index = list.findIndex((_p, i) => node(id, pointer("paths", path, method, "parameters", String(i))).value.name === name);
  expect(index, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(0);
  return node(id, pointer("paths", path, method, "parameters", String(index)));
}

/** The node carries a note that npm run assumptions lists at its own pointer. */
export function expectMarked(id: string, at: { pointer: string; value: any }) {
  expect(typeof at.value["x-assumed"] === "string" && at.value["x-assumed"].trim().length > 0, `${id} ${at.pointer}: x-assumed`).toBe(true);
  expect(collectAssumptions(bundledDocument(id)).map((a) => a.pointer), `${id}: npm run assumptions lists ${at.pointer}`).toContain(at.pointer);
}
