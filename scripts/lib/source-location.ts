/**
 * Maps a JSON pointer to the file and line a reader must open: through the root document and,
 * where the pointer crosses an external `$ref`, into the fragment it names. Every build error
 * is reported with this, whichever tool found it.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { joinPointer, splitPointer } from "../../runtime/core/pointer.js";

export interface SourceLocation {
  /** Absolute path of the file holding the deepest node the pointer reached. */
  file: string;
  /** The part of the pointer that exists in that file (RFC 6901, "#/..."). */
  pointer: string;
  /** 1-based line of that node. */
  line: number;
}

interface Parsed {
  text: string;
  contents: Node | null;
  lines: LineCounter;
}
const parsed = new Map<string, Parsed>();

/** Parsed with positions; re-parsed whenever the file's text changed (the build may run twice in one process). */
function load(file: string): Parsed | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const cached = parsed.get(file);
  if (cached?.text === text) return cached;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false });
  const entry = { text, contents: doc.contents as Node | null, lines };
  parsed.set(file, entry);
  return entry;
}

function child(node: Node | null | undefined, key: string): { value: Node | null; at: number } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (!pair) return undefined;
    const keyNode = pair.key as Node;
    return { value: (pair.value as Node | null) ?? null, at: keyNode.range?.[0] ?? 0 };
  }
  if (isSeq(node) && /^\d+$/.test(key)) {
    const item = node.items[Number(key)] as Node | undefined;
    return item ? { value: item, at: item.range?.[0] ?? 0 } : undefined;
  }
  return undefined;
}

/** The external `$ref` of a node, when it is one ("./shared/x.yaml#/a"), else undefined. */
function externalRef(node: Node | null | undefined): string | undefined {
  const ref = child(node, "$ref")?.value;
  const value = isScalar(ref) ? String(ref.value) : undefined;
  return value && !value.startsWith("#") ? value : undefined;
}

/** Walks `keys` from the root of `file`; stops at the deepest node that exists. */
export function locate(file: string, keys: readonly string[]): SourceLocation {
  let current = load(file);
  let currentFile = file;
  let node: Node | null | undefined = current?.contents;
  let reached: string[] = [];
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < keys.length && current; ) {
    const next = child(node, keys[i]!);
    if (next) {
      node = next.value;
      offset = next.at;
      reached.push(keys[i]!);
      i++;
      continue;
    }
    const ref = externalRef(node);
    if (!ref) break;
    // The pointer continues inside the fragment this node refers to.
    const [target, fragment = ""] = ref.split("#");
    const targetFile = resolve(dirname(currentFile), target!);
    const loaded = load(targetFile);
    if (!loaded) break;
    current = loaded;
    currentFile = targetFile;
    node = loaded.contents;
    offset = node?.range?.[0] ?? 0;
    reached = [];
    for (const k of splitPointer(fragment)) {
      const step = child(node, k);
      if (!step) break;
      node = step.value;
      offset = step.at;
      reached.push(k);
    }
  }
  return { file: currentFile, pointer: joinPointer(reached), line: current ? current.lines.linePos(offset).line : 1 };
}
