/** What any build step reports about a document, and how it is printed. */
import { relative } from "node:path";
import { ROOT } from "./paths.js";

export interface Finding {
  /** The step that found it. */
  tool: "redocly" | "spectral" | "bundle" | "annotations" | "types" | "client";
  severity: "error" | "warn";
  rule: string;
  message: string;
  /** Absolute path of the source file (root document or shared fragment). */
  file: string;
  /** JSON pointer of the deepest node found in `file` (where the reader looks). */
  pointer: string;
  /** The pointer as the tool reported it, when it differs (Spectral's point into the bundle). */
  reported?: string;
  /** 1-based line in `file` of the deepest node of `pointer` found there. */
  line: number;
}

/** `file:line` plus pointer and rule, one finding per block, paths relative to the project root. */
export function formatFindings(findings: readonly Finding[], root = ROOT): string {
  return findings
    .map((f) => `  ${f.severity.padEnd(5)} ${f.tool}/${f.rule}: ${f.message}\n        at ${relative(root, f.file)}:${f.line} ${f.pointer}${f.reported && f.reported !== f.pointer ? ` (bundle ${f.reported})` : ""}`)
    .join("\n");
}

const isPrefix = (a: string, b: string) => a === b || b.startsWith(a.endsWith("/") ? a : `${a}/`);

/**
 * Redocly (source) and Spectral (bundle) share some rules, e.g. operation-operationId-unique.
 * The same rule at the same place is reported once: the finding with the more precise pointer stays.
 */
export function dedupeFindings(findings: readonly Finding[]): Finding[] {
  const kept: Finding[] = [];
  for (const f of findings) {
    const same = kept.findIndex(
      (k) => (k.rule === f.rule || k.message === f.message) && k.file === f.file && (isPrefix(k.pointer, f.pointer) || isPrefix(f.pointer, k.pointer)),
    );
    if (same === -1) kept.push(f);
    else if (f.pointer.length > kept[same]!.pointer.length) kept[same] = f;
  }
  return kept;
}
