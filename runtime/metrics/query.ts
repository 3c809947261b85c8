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

/**
 * A pattern compiled to a Thompson NFA (one state per pattern character, about) and matched by
 * simulation: time is at most states × path length, whatever the pattern. A backtracking RegExp
 * built from `*a*a*a…b` took tens of seconds on a 40-character path.
 */
interface State {
  /** The character test of the edge to `next`, if the state has one. */
  test?: (c: string) => boolean;
  next?: number;
  /** Edges taken without reading a character. */
  eps: number[];
}

const notDot = (c: string) => c !== ".";

/** A `[...]` class as a test of one character (a one-character RegExp cannot backtrack). */
function classTest(body: string, node: string): (c: string) => boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(`^[${body.replace(/\\/g, "\\\\")}]$`);
  } catch {
    throw new QueryError(`"[${body}]" in ${node} is not a character class`);
  }
  return (c) => c !== "." && regex.test(c);
}

function compile(pattern: string): { states: State[]; accept: number } {
  const states: State[] = [{ eps: [] }];
  const add = () => states.push({ eps: [] }) - 1;
  let cur = 0;
  const one = (test: (c: string) => boolean) => {
    const next = add();
    states[cur]!.test = test;
    states[cur]!.next = next;
    cur = next;
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") {
      const loop = add();
      const after = add();
      states[loop]!.test = notDot;
      states[loop]!.next = loop;
      states[loop]!.eps.push(after);
      states[cur]!.eps.push(loop, after);
      cur = after;
    } else if (c === "?") one(notDot);
    else if (c === "[") {
      const end = pattern.indexOf("]", i);
      if (end < 0) throw new QueryError(`unclosed "[" in ${pattern}`);
      one(classTest(pattern.slice(i + 1, end), pattern));
      i = end;
    } else if (c === "{") {
      const end = pattern.indexOf("}", i);
      if (end < 0) throw new QueryError(`unclosed "{" in ${pattern}`);
      const from = cur;
      const join = add();
      for (const option of pattern.slice(i + 1, end).split(",")) {
        cur = add();
        states[from]!.eps.push(cur);
        for (const ch of option) one((x) => x === ch);
        states[cur]!.eps.push(join);
      }
      cur = join;
      i = end;
    } else one((x) => x === c);
  }
  return { states, accept: cur };
}

/**
 * Steps a request may spend: matching (states visited × characters) and series work (one step a
 * datapoint read or combined, so a function repeating an argument pays for each repetition);
 * past it the query is refused, not slow.
 */
export interface MatchBudget {
  steps: number;
}

const TOO_EXPENSIVE = "the query is too expensive for the emulator: its patterns against the stored paths pass the emulator's matching budget (runtime/emulator/ASSUMPTIONS.md); use fewer wildcards or a narrower prefix";

/** Takes `steps` from the budget before the work is done; past it the query is refused. */
export function charge(budget: MatchBudget, steps: number, what = "its series and functions over the stored datapoints"): void {
  if ((budget.steps -= steps) < 0) throw new QueryError(`the query is too expensive for the emulator: ${what} pass the emulator's step budget (runtime/emulator/ASSUMPTIONS.md); use a shorter time range, fewer series or fewer function arguments`);
}

function matches({ states, accept }: { states: State[]; accept: number }, text: string, budget?: MatchBudget): boolean {
  // Sparse sets of active states, stamped by generation: a step costs the active states, not all of them.
  const mark = new Int32Array(states.length).fill(-1);
  let generation = 0;
  let current: number[] = [];
  let next: number[] = [];
  const reach = (set: number[], state: number): void => {
    if (mark[state] === generation) return;
    mark[state] = generation;
    set.push(state);
    for (const e of states[state]!.eps) reach(set, e);
  };
  reach(current, 0);
  for (const c of text) {
    if (budget && (budget.steps -= current.length) < 0) throw new QueryError(TOO_EXPENSIVE);
    generation++;
    next.length = 0;
    for (const i of current) {
      const s = states[i]!;
      if (s.test?.(c)) reach(next, s.next!);
    }
    if (next.length === 0) return false;
    [current, next] = [next, current];
  }
  return mark[accept] === generation;
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

/** A matcher for whole paths of exactly the pattern's depth, in time linear in the path. */
export function pathMatcher(pattern: string, budget?: MatchBudget): { depth: number; test(path: string): boolean } {
  const nfa = compile(pattern);
  return { depth: nodes(pattern).length, test: (path) => matches(nfa, path, budget) };
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
