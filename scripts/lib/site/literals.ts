/** Source-text forms of example values: TypeScript object literals and POSIX shell words. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key as written in code: bare when it is an identifier. */
export const tsKey = (key: string) => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** A value as a TypeScript literal, indented like hand-written code (identifier keys unquoted). */
export function tsLiteral(value: unknown, indent = ""): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((v) => v === null || typeof v !== "object")) return `[${value.map((v) => tsLiteral(v)).join(", ")}]`;
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  const key = (k: string) => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner)},`).join("\n")}\n${indent}}`;
}

/** One line: `{ a: 1, "b-c": "x" }`, for the short examples on the landing page. */
export function tsInline(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(tsInline).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{ ${entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : JSON.stringify(k)}: ${tsInline(v)}`).join(", ")} }`;
}

/** A literal shell word: single quotes, with embedded single quotes closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A shell word that expands `$NAME` references and nothing else: double quotes, with the
 * characters double quotes treat specially escaped, except the `$` of the named variables.
 */
export function shellExpand(text: string, variables: readonly string[]): string {
  let out = text.replace(/[\\"`$]/g, (c) => `\\${c}`);
  for (const name of variables) out = out.split(`\\$${name}`).join(`$${name}`);
  return `"${out}"`;
}
