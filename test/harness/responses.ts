import { escapeToken, getAt, resolveAt } from "../../runtime/core/pointer.js";
import { pointer } from "./documents.js";

/** Follows $ref chains so the pointer names the object itself (for Ajv and example lookup). */
export function resolvePointer(doc: any, ptr: string): string {
  return resolveAt(doc, getAt(doc, ptr), ptr).pointer;
}

export function resolve(doc: any, ptr: string): any {
  return getAt(doc, resolvePointer(doc, ptr));
}

export interface DocumentedExample {
  operation: string;
  status: number;
  example: string;
  mediaType: string;
  value: unknown;
  schemaPointer: string;
}

/** Every named response example of a bundled document: what the case catalogue must cover. */
export function documentedExamples(doc: any): DocumentedExample[] {
  const out: DocumentedExample[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op || typeof op !== "object" || !op.responses) continue;
      for (const status of Object.keys(op.responses)) {
        const responsePtr = resolvePointer(doc, pointer("paths", path, method, "responses", status));
        const response = getAt(doc, responsePtr) as any;
        for (const [mediaType, media] of Object.entries<any>(response.content ?? {})) {
          for (const name of Object.keys(media.examples ?? {})) {
            out.push({
              operation: `${method.toUpperCase()} ${path}`,
              status: Number(status),
              example: name,
              mediaType,
              value: resolve(doc, `${responsePtr}/content/${escapeToken(mediaType)}/examples/${name}`).value,
              schemaPointer: `${responsePtr}/content/${escapeToken(mediaType)}/schema`,
            });
          }
        }
      }
    }
  }
  return out;
}

/** Named examples of response headers (e.g. redirect Locations), which Prism picks with `example=`. */
export function documentedHeaderExamples(doc: any): { operation: string; status: number; header: string; example: string; value: unknown }[] {
  const out: { operation: string; status: number; header: string; example: string; value: unknown }[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op || typeof op !== "object" || !op.responses) continue;
      for (const status of Object.keys(op.responses)) {
        const response = resolve(doc, pointer("paths", path, method, "responses", status));
        for (const [header, raw] of Object.entries<any>(response.headers ?? {})) {
          const h = raw.$ref ? resolve(doc, raw.$ref) : raw;
          for (const [name, ex] of Object.entries<any>(h.examples ?? {})) {
            const value = ex.$ref ? resolve(doc, ex.$ref).value : ex.value;
            out.push({ operation: `${method.toUpperCase()} ${path}`, status: Number(status), header, example: name, value });
          }
        }
      }
    }
  }
  return out;
}
