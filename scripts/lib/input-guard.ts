/**
 * The documents are trusted only from openapi/: before any tool parses a document, every file
 * its `$ref`s reach is checked here. A `$ref` naming a URL, or a file outside the folder of the
 * root document (also through a symlink), is refused; so is a file over MAX_SOURCE_BYTES, a
 * YAML alias expansion over MAX_YAML_ALIASES (@redocly/openapi-core parses with js-yaml, which
 * expands aliases without limit: 500 bytes took 75 s and 4 GB), YAML the `yaml` library
 * rejects, duplicate keys, mapping keys that are not plain strings (complex keys, merge keys),
 * which Redocly's parser throws on or reads differently, a mapping or sequence over
 * MAX_COLLECTION_ENTRIES and a document over MAX_DOCUMENT_NODES. The guard's own work is one
 * parse and one pass per file. Nothing here fetches or follows anything it refused.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from "yaml";
import { joinPointer } from "../../runtime/core/pointer.js";
import type { Finding } from "./findings.js";

/** Largest source file read (the biggest document file today is under 40 KB). */
export const MAX_SOURCE_BYTES = 1024 * 1024;
/** Alias nodes a file may expand to (the `yaml` library's own default). */
export const MAX_YAML_ALIASES = 100;
/**
 * Entries one mapping or sequence may hold (the largest in the documents today: 47, the
 * notifications path table). The lint tools' example validation compiles a schema into code whose
 * cost grows faster than its property count (Redocly's and Spectral's Ajv code generation, and
 * Spectral's location of each result): 1,000 properties in one schema added 69 s to a build on
 * this project's loaded machine (2026-11-27), 1,500 added 4.6 s on an idle one.
 */
export const MAX_COLLECTION_ENTRIES = 500;
/**
 * YAML nodes all the files of one document may hold together (today's six documents hold 14,034
 * in all, the largest file 998), so the tools' work on a document stays within a fixed multiple
 * of today's, whatever the number of files.
 */
export const MAX_DOCUMENT_NODES = 50_000;

export type InputRule = "input-ref-url" | "input-ref-outside-openapi" | "input-file-too-large" | "input-yaml-aliases" | "input-yaml-invalid" | "input-yaml-complex-key" | "input-yaml-merge-key" | "input-yaml-too-many-entries" | "input-too-many-nodes";

function finding(rule: InputRule, message: string, file: string, pointer: string, line: number): Finding {
  return { tool: "bundle", severity: "error", rule, message, file, pointer, line };
}

const inside = (dir: string, file: string) => {
  const rel = relative(dir, file);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
};

/** A path that exists, with symlinks resolved; else the path as written (the bundler reports it missing). */
const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/**
 * The first collection over MAX_COLLECTION_ENTRIES, or the first duplicate key, in one linear
 * pass (a Set per mapping), anchors included. Keys count as JSON reads them: `1` and `"1"` are one
 * key. `work.nodes` counts the nodes looked at, for tests that bound the guard's own work.
 */
function checkShape(root: Node | null, file: string, lineAt: (node: Node) => number, work: { nodes: number }): Finding | undefined {
  let found: Finding | undefined;
  const pathOf = (ancestors: readonly unknown[]): string => {
    const path: (string | number)[] = [];
    ancestors.forEach((a, i) => {
      if (isPair(a)) path.push(isScalar(a.key) ? String(a.key.value) : "?");
      else if (isSeq(a) && i + 1 < ancestors.length) path.push(a.items.indexOf(ancestors[i + 1] as never));
    });
    return joinPointer(path);
  };
  visit(root, {
    Node(_key, node, ancestors) {
      work.nodes++;
      if (!isMap(node) && !isSeq(node)) return undefined;
      const pointer = () => pathOf([...ancestors, node]);
      if (node.items.length > MAX_COLLECTION_ENTRIES) {
        found = finding("input-yaml-too-many-entries", `${node.items.length} entries in one ${isMap(node) ? "mapping" : "sequence"} (rule at most ${MAX_COLLECTION_ENTRIES}: the lint tools' cost grows faster than the entries)`, file, pointer(), lineAt(node));
        return visit.BREAK;
      }
      if (isMap(node)) {
        const keys = new Set<string>();
        for (const pair of node.items) {
          if (!isScalar(pair.key)) continue; // a complex key is the ref walk's finding
          const key = String(pair.key.value);
          if (keys.has(key)) {
            found = finding("input-yaml-invalid", `not valid YAML: duplicate key ${JSON.stringify(key.slice(0, 100))} (rule YAML 1.2, keys unique)`, file, pointer(), lineAt(pair.key));
            return visit.BREAK;
          }
          keys.add(key);
        }
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Findings for every input of `rootFile` that is not a plain file under the root file's folder
 * (openapi/), walking the `$ref` graph from the root. Empty when the inputs are safe to parse.
 */
export function checkInputs(rootFile: string, work?: { nodes: number }): Finding[] {
  const trusted = real(dirname(rootFile));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const queue = [real(rootFile)];
  let nodes = 0;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) continue;
    const size = statSync(file).size;
    if (size > MAX_SOURCE_BYTES) {
      findings.push(finding("input-file-too-large", `${size} bytes (rule at most ${MAX_SOURCE_BYTES} bytes per source file)`, file, "#", 1));
      continue;
    }
    const lines = new LineCounter();
    // Keys are checked for uniqueness below, once each: the parser's own check (uniqueKeys)
    // compares every key with every earlier one, and 45,000 keys in one mapping took 290 s.
    const doc = parseDocument(readFileSync(file, "utf8"), { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
    const lineAt = (node: { range?: [number, number, number] | null } | null | undefined) => lines.linePos(node?.range?.[0] ?? 0).line;
    if (doc.errors.length > 0) {
      const e = doc.errors[0]!;
      findings.push(finding("input-yaml-invalid", `not valid YAML: ${e.message.split("\n")[0]} (rule YAML 1.2, keys unique)`, file, "#", lines.linePos(e.pos[0]).line));
      continue;
    }
    const counted = { nodes: 0 };
    const shape = checkShape(doc.contents as Node | null, file, lineAt, counted);
    nodes += counted.nodes;
    if (work) work.nodes += counted.nodes;
    if (shape) {
      findings.push(shape);
      continue;
    }
    if (nodes > MAX_DOCUMENT_NODES) {
      findings.push(finding("input-too-many-nodes", `the document's files hold more than ${MAX_DOCUMENT_NODES} YAML nodes together (rule at most ${MAX_DOCUMENT_NODES})`, file, "#", 1));
      break;
    }
    try {
      // Only a check: it throws as soon as the expansion passes the limit, before it grows.
      doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
    } catch (error) {
      findings.push(finding("input-yaml-aliases", `aliases expand too far: ${(error as Error).message} (rule at most ${MAX_YAML_ALIASES} alias expansions)`, file, "#", 1));
      continue;
    }
    const walk = (node: Node | null | undefined, path: (string | number)[]) => {
      if (isAlias(node)) return; // its anchor is walked where it is defined
      if (isSeq(node)) node.items.forEach((item, i) => walk(item as Node, [...path, i]));
      if (!isMap(node)) return;
      for (const pair of node.items) {
        // Redocly's js-yaml throws on a key that is not a scalar (an uncaught stack, not a finding),
        // and merges a plain `<<` that YAML 1.2, which this guard reads, takes as a key: either
        // would have the tools read another document than the one checked here.
        if (!isScalar(pair.key)) {
          const where = isAlias(pair.key) ? "an alias" : isMap(pair.key) ? "a mapping" : isSeq(pair.key) ? "a sequence" : "not a scalar";
          findings.push(finding("input-yaml-complex-key", `a mapping key is ${where} (rule mapping keys are strings, as in JSON)`, file, joinPointer(path), lineAt(pair.key as Node)));
          continue;
        }
        if (pair.key.value === "<<" && pair.key.type === "PLAIN") {
          findings.push(finding("input-yaml-merge-key", "a YAML merge key `<<` (rule no merge keys: YAML 1.2 has none, and the tools' parsers disagree about them; quote it for a key named <<)", file, joinPointer([...path, "<<"]), lineAt(pair.key)));
          continue;
        }
        const key = String(pair.key.value);
        const value = pair.value as Node | null;
        if (key !== "$ref" || !isScalar(value) || typeof value.value !== "string") {
          walk(value, [...path, key]);
          continue;
        }
        const ref = value.value;
        const pointer = joinPointer([...path, "$ref"]);
        if (ref.startsWith("#")) continue;
        if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
          findings.push(finding("input-ref-url", `$ref ${JSON.stringify(ref.slice(0, 200))} names a URL (rule documents are read from openapi/ only, nothing is fetched)`, file, pointer, lineAt(value)));
          continue;
        }
        let target = ref.split("#")[0]!;
        try {
          target = decodeURIComponent(target);
        } catch {
          // Left as written: the bundler reports a file it cannot find.
        }
        const resolved = real(resolve(dirname(file), target));
        if (!inside(trusted, resolved)) {
          findings.push(finding("input-ref-outside-openapi", `$ref ${JSON.stringify(ref.slice(0, 200))} leaves the openapi/ folder (rule every $ref stays under ${trusted})`, file, pointer, lineAt(value)));
          continue;
        }
        queue.push(resolved);
      }
    };
    walk(doc.contents as Node | null, []);
  }
  return findings;
}
