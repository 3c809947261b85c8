/**
 * Pointers into a bundled document for the verifier, on the project's one JSON-pointer module
 * (runtime/core/pointer.ts): following a pointer through `$ref` chains, and finding the
 * schema node that states a rule an answer broke.
 */
import { escapeToken, getAt, joinPointer, resolveAt, splitPointer } from "../core/pointer.js";

export { escapeToken as escapeSegment, getAt as valueAt };

/** "#/a/b~1c" from its keys. */
export const pointer = (...segments: string[]) => joinPointer(segments);

/** The pointer of what `ptr` names once its $ref chain is followed. */
export function resolvePointer(doc: any, ptr: string): string {
  return resolveAt(doc, getAt(doc, ptr), ptr).pointer;
}

/** What `ptr` names, $refs followed. */
export function resolve(doc: any, ptr: string): any {
  return resolveAt(doc, getAt(doc, ptr), ptr).value;
}

/** Sub-schemas a keyword may sit in besides the schema itself. */
function members(doc: any, ptr: string): string[] {
  const node = resolve(doc, ptr);
  const base = resolvePointer(doc, ptr);
  const out: string[] = [];
  for (const k of ["allOf", "oneOf", "anyOf"]) (node?.[k] ?? []).forEach((_: unknown, i: number) => out.push(resolvePointer(doc, `${base}/${k}/${i}`)));
  return out;
}

/** The schema (itself or a composed member, depth first) for which `has` holds. */
function find(doc: any, ptr: string, has: (node: any) => boolean, depth = 0): string | undefined {
  const base = resolvePointer(doc, ptr);
  if (has(resolve(doc, base))) return base;
  if (depth > 8) return undefined;
  for (const m of members(doc, base)) {
    const hit = find(doc, m, has, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The JSON pointer of the rule a value broke: Ajv says which keyword failed at which instance
 * path; this walks the document's schema along that path (properties, items, composed members)
 * to the node that states the keyword.
 */
export function ruleLocation(doc: any, schemaPtr: string, instancePath: string, keyword: string | undefined): string {
  let ptr = resolvePointer(doc, schemaPtr);
  const segments = splitPointer(instancePath);
  for (const seg of segments) {
    const owner = find(doc, ptr, (n) => n?.properties?.[seg] !== undefined) ?? find(doc, ptr, (n) => n?.items !== undefined || n?.prefixItems !== undefined) ?? find(doc, ptr, (n) => n?.additionalProperties && typeof n.additionalProperties === "object");
    if (!owner) break;
    const node = resolve(doc, owner);
    if (node.properties?.[seg] !== undefined) ptr = resolvePointer(doc, `${owner}/properties/${escapeToken(seg)}`);
    else if (Array.isArray(node.prefixItems) && /^\d+$/.test(seg) && Number(seg) < node.prefixItems.length) ptr = resolvePointer(doc, `${owner}/prefixItems/${seg}`);
    else if (node.items !== undefined) ptr = resolvePointer(doc, `${owner}/items`);
    else ptr = resolvePointer(doc, `${owner}/additionalProperties`);
  }
  if (!keyword) return ptr;
  const holder = find(doc, ptr, (n) => n?.[keyword] !== undefined);
  return holder ? `${holder}/${keyword}` : ptr;
}
