/**
 * JSON pointers into a bundled document (local `$ref`s only): building them, following
 * reference chains, and finding the schema node that holds a broken rule.
 */

/** RFC 6901 escaping of one segment. */
export const escapeSegment = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** "#/a/b~1c" from its segments. */
export const pointer = (...segments: string[]) => "#/" + segments.map(escapeSegment).join("/");

function at(doc: any, ptr: string): any {
  if (ptr === "#" || ptr === "#/") return doc;
  return ptr
    .slice(2)
    .split("/")
    .reduce((node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
}

/** Follows $ref chains so the pointer names the object itself. */
export function resolvePointer(doc: any, ptr: string): string {
  let current = ptr;
  for (let i = 0; i < 20; i++) {
    const node = at(doc, current);
    if (node && typeof node.$ref === "string" && node.$ref.startsWith("#/")) current = node.$ref;
    else return current;
  }
  throw new Error(`$ref loop at ${ptr}`);
}

export function resolve(doc: any, ptr: string): any {
  return at(doc, resolvePointer(doc, ptr));
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
  const segments = instancePath === "" ? [] : instancePath.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  for (const seg of segments) {
    const owner = find(doc, ptr, (n) => n?.properties?.[seg] !== undefined) ?? find(doc, ptr, (n) => n?.items !== undefined || n?.prefixItems !== undefined) ?? find(doc, ptr, (n) => n?.additionalProperties && typeof n.additionalProperties === "object");
    if (!owner) break;
    const node = resolve(doc, owner);
    if (node.properties?.[seg] !== undefined) ptr = resolvePointer(doc, `${owner}/properties/${escapeSegment(seg)}`);
    else if (Array.isArray(node.prefixItems) && /^\d+$/.test(seg) && Number(seg) < node.prefixItems.length) ptr = resolvePointer(doc, `${owner}/prefixItems/${seg}`);
    else if (node.items !== undefined) ptr = resolvePointer(doc, `${owner}/items`);
    else ptr = resolvePointer(doc, `${owner}/additionalProperties`);
  }
  if (!keyword) return ptr;
  const holder = find(doc, ptr, (n) => n?.[keyword] !== undefined);
  return holder ? `${holder}/${keyword}` : ptr;
}

/** The value at a JSON pointer ("/resources") inside an answer's body. */
export function valueAt(value: unknown, ptr: string): unknown {
  if (ptr === "") return value;
  return ptr
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}
