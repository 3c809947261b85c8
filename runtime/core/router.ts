/**
 * The operations of a bundled OpenAPI document and the router over them: which operation a
 * method and a concrete path address, with its path parameters. The client generator, the
 * mock and the emulator all read operations and route through here.
 */
import { escapeToken, resolveAt } from "./pointer.js";

/** The operation keys of a path item (OpenAPI 3.1 §4.8.9), in the order the specification lists them. */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DocumentOperation {
  /** The path item key ("/keys/{id}"). */
  path: string;
  method: HttpMethod;
  /** The operation object as the path item holds it (references inside it not followed). */
  operation: any;
  /** The path item, its own `$ref` followed. */
  pathItem: any;
  /** Where the operation object stands ("#/paths/~1keys~1{id}/get", or under the path item's `$ref` target). */
  pointer: string;
}

/** Every operation of a document, path by path in document order, methods in HTTP_METHODS order. */
export function listOperations(document: any): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, raw] of Object.entries<any>(document?.paths ?? {})) {
    const { value: pathItem, pointer } = resolveAt(document, raw, `#/paths/${escapeToken(path)}`);
    if (pathItem === null || typeof pathItem !== "object") continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation && typeof operation === "object") out.push({ path, method, operation, pathItem, pointer: `${pointer}/${method}` });
    }
  }
  return out;
}

export interface DocumentParameter {
  /** The parameter object, its `$ref` followed. */
  parameter: any;
  /** Where it stands (the end of its `$ref` chain). */
  pointer: string;
}

/**
 * The parameters of an operation: its path item's, then its own, an operation's parameter
 * replacing the path item's of the same location and name (OpenAPI 3.1 §4.8.9.1). Header names
 * compare case-insensitively (RFC 9110 §5.1), the others exactly.
 */
export function parametersOf(document: any, op: Pick<DocumentOperation, "operation" | "pathItem" | "pointer">): DocumentParameter[] {
  const itemPointer = op.pointer.slice(0, op.pointer.lastIndexOf("/"));
  const byKey = new Map<string, DocumentParameter>();
  const add = (list: unknown, base: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const { value: parameter, pointer } = resolveAt(document, raw, `${base}/parameters/${i}`);
      if (parameter === null || typeof parameter !== "object") return;
      const name = parameter.in === "header" ? String(parameter.name).toLowerCase() : parameter.name;
      byKey.set(`${parameter.in}:${name}`, { parameter, pointer });
    });
  };
  add(op.pathItem?.parameters, itemPointer);
  add(op.operation?.parameters, op.pointer);
  return [...byKey.values()];
}

/** What a request addresses: an operation (with its decoded path parameters), a path without that method, or nothing. */
export type RouteResult<T> =
  | { kind: "operation"; operation: T; params: Record<string, string> }
  | { kind: "method-not-allowed"; allow: string[] }
  | { kind: "not-found" };

interface CompiledTemplate {
  regex: RegExp;
  names: string[];
  /** Segments without a template expression: more of them means a more concrete path. */
  literalSegments: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A path template as a matcher: each `{name}` is one or more characters of one segment. */
function compileTemplate(template: string): CompiledTemplate {
  const names: string[] = [];
  const segments = template.split("/");
  const source = segments
    .map((segment) =>
      segment
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? (names.push(part.slice(1, -1)), "([^/]+)") : escapeRegExp(part)))
        .join(""),
    )
    .join("/");
  return { regex: new RegExp(`^${source}$`), names, literalSegments: segments.filter((s) => !s.includes("{")).length };
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    // Bad percent-encoding is the caller's to refuse; the router still says which operation it is.
    return raw;
  }
}

/**
 * Routes a method and a path (as sent: percent-encoded, without query) to an operation.
 * Concrete paths win over templated ones (OpenAPI 3.1 §4.8.8: `/keys/count` before
 * `/keys/{id}`), then document order. Methods are compared case-sensitively (RFC 9110 §9.1)
 * against the upper-cased operation keys; a trailing slash is another path.
 */
export class Router<T extends { readonly method: string }> {
  private readonly entries: { value: T; method: string; template: CompiledTemplate }[];

  constructor(operations: readonly T[], templateOf: (operation: T) => string = (operation) => (operation as unknown as { path: string }).path) {
    this.entries = operations
      .map((value) => ({ value, method: value.method.toUpperCase(), template: compileTemplate(templateOf(value)) }))
      .sort((a, b) => b.template.literalSegments - a.template.literalSegments);
  }

  /** The operations in the order routing tries them. */
  get operations(): T[] {
    return this.entries.map((e) => e.value);
  }

  route(method: string, pathname: string): RouteResult<T> {
    const allow: string[] = [];
    for (const entry of this.entries) {
      const m = entry.template.regex.exec(pathname);
      if (!m) continue;
      if (entry.method !== method) {
        if (!allow.includes(entry.method)) allow.push(entry.method);
        continue;
      }
      const params: Record<string, string> = {};
      entry.template.names.forEach((name, i) => (params[name] = decodeParam(m[i + 1]!)));
      return { kind: "operation", operation: entry.value, params };
    }
    return allow.length > 0 ? { kind: "method-not-allowed", allow } : { kind: "not-found" };
  }
}

/**
 * The path prefixes of a document's servers ("https://h/event-notifications" →
 * "/event-notifications"), for servers that answer both with and without them.
 */
export function serverPathPrefixes(document: any): string[] {
  return (document?.servers ?? [])
    .map((s: { url: string }) => {
      try {
        return new URL(s.url.replace(/\{[^}]+\}/g, "x")).pathname.replace(/\/$/, "");
      } catch {
        return "";
      }
    })
    .filter((p: string) => p !== "");
}

/** The path without the first server prefix it starts with (a whole segment), else as it is. */
export function stripServerPrefix(pathname: string, prefixes: readonly string[]): string {
  for (const prefix of prefixes) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length) || "/";
  }
  return pathname;
}
