/**
 * The retrieve-metrics query language, the part the emulator speaks: dotted paths with the
 * wildcards `*`, `[...]` and `{a,b}`, and the functions sumSeries, averageSeries, alias and
 * scale. Anything else is refused by name, so a test learns at once what the emulator lacks.
 */

export type Expr = { kind: "path"; pattern: string } | { kind: "call"; name: string; args: Expr[] } | { kind: "string"; value: string } | { kind: "number"; value: number };

export class QueryError extends Error {
  override readonly name = "QueryError";
}

export const FUNCTIONS = ["sumSeries", "averageSeries", "alias", "scale"] as const;

export function parseTarget(text: string): Expr {
  let i = 0;
  const skip = () => {
    while (text[i] === " ") i++;
  };
  const expr = (): Expr => {
    skip();
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new QueryError(`unclosed string at character ${i + 1}`);
      const value = text.slice(i + 1, end);
      i = end + 1;
      return { kind: "string", value };
    }
    const num = /^-?\d+(?:\.\d+)?(?![\w.*[{])/.exec(text.slice(i));
    if (num) {
      i += num[0].length;
      return { kind: "number", value: Number(num[0]) };
    }
    // A path runs to the next top-level ',' or ')'; braces may hold commas of their own.
    const start = i;
    let depth = 0;
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
      else if (depth === 0 && (ch === "," || ch === ")" || ch === "(")) break;
      i++;
    }
    const word = text.slice(start, i).trim();
    if (text[i] === "(") {
      if (!/^[A-Za-z]+$/.test(word)) throw new QueryError(`"${word}" is not a function name`);
      if (!(FUNCTIONS as readonly string[]).includes(word)) throw new QueryError(`function ${word} is not supported by the emulator (supported: ${FUNCTIONS.join(", ")})`);
      i++;
      const args: Expr[] = [];
      skip();
      if (text[i] !== ")") {
        for (;;) {
          args.push(expr());
          skip();
          if (text[i] === ",") {
            i++;
            continue;
          }
          break;
        }
      }
      if (text[i] !== ")") throw new QueryError(`expected ")" at character ${i + 1}`);
      i++;
      return { kind: "call", name: word, args };
    }
    if (word === "") throw new QueryError(`expected a path at character ${start + 1}`);
    if (!/^[A-Za-z0-9_\-*?[\]{},.:]+$/.test(word)) throw new QueryError(`"${word}" is not a metric path`);
    return { kind: "path", pattern: word };
  };
  const result = expr();
  skip();
  if (i !== text.length) throw new QueryError(`unexpected "${text.slice(i)}" at character ${i + 1}`);
  return result;
}

/** One node pattern (no dots) as a regular expression. */
function nodeRegex(node: string): string {
  let out = "";
  for (let i = 0; i < node.length; i++) {
    const c = node[i]!;
    if (c === "*") out += "[^.]*";
    else if (c === "?") out += "[^.]";
    else if (c === "[") {
      const end = node.indexOf("]", i);
      if (end < 0) throw new QueryError(`unclosed "[" in ${node}`);
      out += `[${node.slice(i + 1, end).replace(/\\/g, "\\\\")}]`;
      i = end;
    } else if (c === "{") {
      const end = node.indexOf("}", i);
      if (end < 0) throw new QueryError(`unclosed "{" in ${node}`);
      out += `(?:${node
        .slice(i + 1, end)
        .split(",")
        .map((alt) => alt.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
        .join("|")})`;
      i = end;
    } else out += c.replace(/[.*+?^$()|[\]\\-]/g, "\\$&");
  }
  return out;
}

/** Splits on dots outside braces. */
function nodes(pattern: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of pattern) {
    if (c === "{") depth++;
    if (c === "}") depth--;
    if (c === "." && depth === 0) {
      out.push(current);
      current = "";
    } else current += c;
  }
  out.push(current);
  return out;
}

/** A matcher for whole paths of exactly the pattern's depth. */
export function pathMatcher(pattern: string): { depth: number; test(path: string): boolean } {
  const parts = nodes(pattern);
  const regex = new RegExp(`^${parts.map(nodeRegex).join("\\.")}$`);
  return { depth: parts.length, test: (path) => regex.test(path) };
}

const UNITS: Record<string, number> = { s: 1, sec: 1, min: 60, h: 3600, hour: 3600, d: 86400, day: 86400, w: 604800, week: 604800, mon: 2592000, y: 31536000 };

/** A from/until value: `now`, relative (`-24h`, `-15min`), epoch seconds, `YYYYMMDD` or `HH:MM_YYYYMMDD` (UTC). */
export function parseTime(value: string, nowSeconds: number): number {
  if (value === "now") return nowSeconds;
  const rel = /^([+-])(\d+)(s|sec|min|h|hour|d|day|w|week|mon|y)s?$/.exec(value);
  if (rel) return nowSeconds + (rel[1] === "-" ? -1 : 1) * Number(rel[2]) * UNITS[rel[3]!]!;
  if (/^\d{9,}$/.test(value)) return Number(value);
  const abs = /^(?:(\d{2}):(\d{2})_)?(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (abs) {
    const [, hh = "00", mm = "00", y, mo, d] = abs;
    const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh), Number(mm)) / 1000;
    if (!Number.isNaN(t)) return t;
  }
  throw new QueryError(`"${value}" is not a time: use now, a relative time like -24h or -15min, epoch seconds, YYYYMMDD or HH:MM_YYYYMMDD`);
}
