/**
 * Issue 38: the input guard's own work is linear in the document and stops at the first
 * collection over its cap, counted in nodes looked at (never timed). Before, its duplicate-key
 * check (the `yaml` parser's uniqueKeys) compared every key with every earlier one: 45,000 keys
 * took 290 s before any finding; the 999,990-byte case itself runs in `npm run fuzz:mock`
 * (test/security/build-inputs.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkInputs, MAX_COLLECTION_ENTRIES, MAX_DOCUMENT_NODES } from "../../scripts/lib/input-guard.js";

const dir = mkdtempSync(join(tmpdir(), "input-guard-work-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** `count` properties `pN: {}`: each is two nodes (its key and its empty mapping). */
const props = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `  p${from + i}: {}\n`).join("");

describe("the input guard's work", () => {
  it("is linear: a mapping at the cap is read node by node, once", () => {
    const work = { nodes: 0 };
    expect(checkInputs(file("at-cap.yaml", `type: object\nproperties:\n${props(MAX_COLLECTION_ENTRIES)}`), work)).toEqual([]);
    // The root mapping, `type`, `object`, `properties` and its mapping, then two per property.
    expect(work.nodes).toBe(5 + 2 * MAX_COLLECTION_ENTRIES);
  });

  it("stops at a mapping over the cap, before reading its entries, with a finding naming it", () => {
    const work = { nodes: 0 };
    const findings = checkInputs(file("wide.yaml", `type: object\nproperties:\n${props(10 * MAX_COLLECTION_ENTRIES)}`), work);
    expect(findings).toEqual([expect.objectContaining({ rule: "input-yaml-too-many-entries", pointer: "#/properties", line: 3, message: expect.stringContaining(`${10 * MAX_COLLECTION_ENTRIES} entries`) })]);
    expect(work.nodes).toBeLessThanOrEqual(5);
  });

  it("finds a duplicate key among many in one pass (a key as JSON reads it: 1 and \"1\" are one)", () => {
    const work = { nodes: 0 };
    const findings = checkInputs(file("dup.yaml", `type: object\nproperties:\n${props(MAX_COLLECTION_ENTRIES - 2)}  "1": {}\n  1: {}\n`), work);
    expect(findings).toEqual([expect.objectContaining({ rule: "input-yaml-invalid", pointer: "#/properties", message: expect.stringContaining('duplicate key "1"') })]);
    expect(work.nodes).toBeLessThanOrEqual(5 + 2 * MAX_COLLECTION_ENTRIES);
  });

  it("bounds a document's nodes across its files, however they are split", () => {
    mkdirSync(join(dir, "split"), { recursive: true });
    const perFile = 2 * MAX_COLLECTION_ENTRIES + 3;
    const files = Math.ceil(MAX_DOCUMENT_NODES / perFile) + 1;
    const refs = Array.from({ length: files }, (_, i) => {
      file(`split/s${i}.yaml`, `type: object\nproperties:\n${props(MAX_COLLECTION_ENTRIES, i * MAX_COLLECTION_ENTRIES)}`);
      return `  s${i}: {$ref: ./split/s${i}.yaml}\n`;
    });
    const work = { nodes: 0 };
    const findings = checkInputs(file("split.yaml", `type: object\nproperties:\n${refs.join("")}`), work);
    expect(findings).toEqual([expect.objectContaining({ rule: "input-too-many-nodes" })]);
    // It stops at the first file past the bound: never more than one file's worth over it.
    expect(work.nodes).toBeLessThanOrEqual(MAX_DOCUMENT_NODES + perFile + 4 * files);
  });
});
