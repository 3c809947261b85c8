/**
 * The breaking-change gate's table of edits to real documents, shared by each family's table
 * (test/<family>/breaking.test.ts): an edit is applied to a copy of a bundled document and must
 * be reported with exactly its rules, at its level, in the words given; an additive edit must give
 * no error and no warning.
 */
import { describe, expect, it } from "vitest";
import { diffBreaking, type Change, type Level } from "../../scripts/lib/breaking.js";
import { bundledDocument } from "./documents.js";

export interface Edit {
  name: string;
  service: string;
  edit: (doc: any) => void;
  /** Every rule the edit must produce, at this level, and no other error or warning. */
  rules: string[];
  level?: Level;
}

export const original = (id: string) => bundledDocument(id);
export const copy = (id: string) => structuredClone(original(id));

export function reported(service: string, edit: (doc: any) => void): Change[] {
  const head = copy(service);
  edit(head);
  return diffBreaking(original(service), head);
}

/** Each breaking edit is caught with its rule, and said as `said[name]` ("where: change", in document order). */
export function describeBreakingEdits(edits: Edit[], said: Record<string, string[]>): void {
  describe("breaking-change gate: each breaking edit is caught with its rule", () => {
    it.each(edits.map((e) => [e.name, e] as const))("%s", (_name, e) => {
      const found = reported(e.service, e.edit);
      expect([...new Set(found.map((c) => c.rule))].sort(), JSON.stringify(found, null, 2)).toEqual([...e.rules].sort());
      expect(found.every((c) => c.level === (e.level ?? "error")), JSON.stringify(found, null, 2)).toBe(true);
      expect(found.map((c) => `${c.where}: ${c.change}`)).toEqual(said[e.name]);
    });
  });
}

/** Additive edits ([name, service, edit]) give no error and no warning. */
export function describeAdditiveEdits(additive: [string, string, (d: any) => void][]): void {
  describe("breaking-change gate: additive edits give no error and no warning", () => {
    it.each(additive)("%s", (_name, service, edit) => {
      expect(reported(service, edit)).toEqual([]);
    });
  });
}
