/**
 * JSON Pointer (RFC 6901) and local `$ref` resolution: the one implementation the runtime
 * (client paging, mock, emulator) and the build scripts share.
 *
 * Pointers are read in both spellings the project meets: the JSON-string form ("/a/b", as
 * `x-pagination` writes them) and the URI-fragment form ("#/a/b", as `$ref`s, Redocly and
 * Spectral write them). Fragments are not percent-decoded: every producer here (the bundler,
 * Redocly's and Spectral's reports, `joinPointer`) writes keys unencoded, so decoding would
 * misread a key that holds a "%".
 */
import { CloudInterfacesError } from "./base-error.js";

/** A pointer that breaks RFC 6901's grammar, or a `$ref` that cannot be followed. */
export class PointerError extends CloudInterfacesError {
  override readonly name = "PointerError";
  constructor(
    message: string,
    /** The pointer or reference at fault, as written. */
    readonly pointer: string,
  ) {
    super(message);
  }
}

/** One reference token, escaped (RFC 6901 §3: "~" as "~0", "/" as "~1"). */
export function escapeToken(key: string | number): string {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** One reference token, unescaped; "~" must be followed by 0 or 1 (RFC 6901 §3). */
export function unescapeToken(token: string, pointer = token): string {
  if (/~(?![01])/.test(token)) throw new PointerError(`JSON pointer ${JSON.stringify(pointer)}: "~" must be followed by 0 or 1 (RFC 6901 §3)`, pointer);
  // "~1" first, then "~0", so "~01" reads as "~1" (RFC 6901 §4).
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The keys of a pointer: "", "#" are the whole document; "/" and "#/" name the key "". */
export function splitPointer(pointer: string): string[] {
  const path = pointer.startsWith("#") ? pointer.slice(1) : pointer;
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PointerError(`JSON pointer ${JSON.stringify(pointer)}: must be empty or start with "/" (RFC 6901 §3)`, pointer);
  return path
    .slice(1)
    .split("/")
    .map((token) => unescapeToken(token, pointer));
}

/** The URI-fragment pointer of a list of keys: ["paths", "/a"] → "#/paths/~1a"; [] → "#". */
export function joinPointer(keys: readonly (string | number)[]): string {
  return "#" + keys.map((k) => `/${escapeToken(k)}`).join("");
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/**
 * The value a pointer names, or undefined when it names nothing. Only a container's own
 * members are walked (no "length" of an array, no "__proto__" of an object), and array
 * indexes are decimal without leading zeros (RFC 6901 §4).
 */
export function getAt(root: unknown, pointer: string | readonly string[]): unknown {
  let node = root;
  for (const key of typeof pointer === "string" ? splitPointer(pointer) : pointer) {
    if (node === null || typeof node !== "object") return undefined;
    if (Array.isArray(node) ? !ARRAY_INDEX.test(key) : !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A node that is a reference: an object with a string `$ref`. */
export function refOf(node: unknown): string | undefined {
  return node !== null && typeof node === "object" && typeof (node as { $ref?: unknown }).$ref === "string" ? (node as { $ref: string }).$ref : undefined;
}

/**
 * Follows local `$ref`s from `node` until a node that is not one, returning it with its
 * pointer (`at` when `node` is no reference). A reference that leaves the document, or a
 * chain that comes back on itself, throws; a reference to nothing resolves to undefined.
 */
export function resolveAt<T = any>(document: unknown, node: unknown, at = ""): { value: T; pointer: string } {
  const seen = new Set<string>();
  let value = node;
  let pointer = at;
  for (let ref = refOf(value); ref !== undefined; ref = refOf(value)) {
    if (!ref.startsWith("#")) throw new PointerError(`$ref ${JSON.stringify(ref)} leaves the document: only local references ("#/...") are followed`, ref);
    if (seen.has(ref)) throw new PointerError(`$ref ${JSON.stringify(ref)} is part of a reference cycle: ${[...seen, ref].join(" → ")}`, ref);
    seen.add(ref);
    pointer = ref;
    value = getAt(document, ref);
  }
  return { value: value as T, pointer };
}

/** The node itself, or what its local `$ref` chain leads to (see resolveAt). */
export function deref<T = any>(document: unknown, node: unknown): T {
  return resolveAt<T>(document, node).value;
}
