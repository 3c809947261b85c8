import type { OpenApiDocument } from "./bundle.js";
import { joinPointer } from "../../runtime/core/pointer.js";
import { HTTP_METHODS } from "../../runtime/core/router.js";

export interface Assumption {
  /** JSON pointer of the object carrying the note. */
  pointer: string;
  /** "METHOD /path" when the note sits inside an operation (or its path item), else undefined. */
  operation?: string;
  note: string;
}

/** Every x-assumed note of a bundled document, in document order. */
export function collectAssumptions(doc: OpenApiDocument): Assumption[] {
  const out: Assumption[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-assumed") {
        const method = path[0] === "paths" && HTTP_METHODS.includes(path[2] as never) ? path[2]! : undefined;
        out.push({
          pointer: joinPointer(path),
          operation: method ? `${method.toUpperCase()} ${path[1]}` : path[0] === "paths" ? `* ${path[1]}` : undefined,
          note: String(value),
        });
      } else {
        walk(value, [...path, key]);
      }
    }
  };
  walk(doc, []);
  return out;
}
