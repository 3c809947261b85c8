/**
 * The one bounded record every form keeps (issue 43): the emulator's `requests` and
 * `violations`, the Prism mock's and a bare handler's `requests`, the proxy's `violations`.
 * A long-running mock answers hundreds of thousands of requests; keeping each one grew
 * `mock --stateful` by 188 MiB over 200,000 GETs. The record is a ring of the newest `limit`
 * entries (default 1,000) with counts of everything it saw, so a handle can still say
 * "1,000 kept of 250,000" and the proxy's summary can count every violation.
 * Web-platform only: the browser emulator (cloud-interfaces/msw) records through it too.
 */
import { InputError } from "../core/errors.js";

/** How many entries a record keeps when no `recordLimit` is given. */
export const DEFAULT_RECORD_LIMIT = 1000;
/** The largest `recordLimit`: beyond it the record is no longer a bound worth the name (each entry may hold a few KB). */
export const MAX_RECORD_LIMIT = 100_000;
/** The longest recorded path and query, in characters; a longer one is cut and marked (a request target may be 8 KiB). */
export const MAX_RECORDED_PATH = 2048;
/** The most violation strings one entry keeps; the rest are counted in one last string. */
export const MAX_RECORDED_PROBLEMS = 20;
/** The longest violation string one entry keeps, in characters (a message may quote what was sent). */
export const MAX_PROBLEM_CHARS = 512;

/** The option every form takes (`startMock`, `serveHandler`, `createEmulator`, `mswEmulator`, `startProxy`). */
export interface RecordOptions {
  /**
   * How many of the newest entries the handle keeps (`requests`; an emulator's `violations`
   * too; the proxy's `violations`): default 1,000, 0 keeps none but still counts. The record
   * never grows past it, however long the mock runs. A whole number from 0 to 100,000, else an
   * InputError. On the command line: `--record-limit N`.
   */
  recordLimit?: number;
}

/** What a record holds and has seen since its start or its last clear. */
export interface RecordCounts {
  /** Entries held now (at most `limit`). */
  kept: number;
  /** Entries given to it in all. */
  seen: number;
  /** Entries given but not held any more (the oldest go first): `seen - kept`. */
  dropped: number;
  /** The most it holds (`recordLimit`). */
  limit: number;
}

/**
 * Checks a `recordLimit` option: a whole number from 0 (count only, keep nothing) to
 * MAX_RECORD_LIMIT; undefined is the default. Anything else is an InputError naming
 * `recordLimit`, as the client's `timeoutMs` is checked; the CLI's `--record-limit` applies the
 * same bounds as a usage error (runtime/cli/options.ts).
 */
export function checkRecordLimit(value: unknown): number {
  if (value === undefined) return DEFAULT_RECORD_LIMIT;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_RECORD_LIMIT) {
    throw new InputError("recordLimit", "range", `recordLimit: must be a whole number from 0 to ${MAX_RECORD_LIMIT}, got ${typeof value === "number" ? String(value) : JSON.stringify(value)}`);
  }
  return value;
}

/**
 * A ring of the newest `limit` entries. `push` is O(1) and never copies: a request pays the
 * same whatever the record holds. `entries()` is a frozen snapshot, oldest first, made on the
 * first read after a push and shared by the reads that follow, so a test that reads
 * `requests` after each request copies at most `limit` entries a read.
 */
export class BoundedRecord<T> {
  readonly limit: number;
  #ring: T[] = [];
  /** Where the oldest entry is once the ring is full (the next one to overwrite). */
  #head = 0;
  #seen = 0;
  #snapshot: readonly T[] | undefined;

  /** @throws InputError when `limit` is not a whole number from 0 to MAX_RECORD_LIMIT. */
  constructor(limit: number = DEFAULT_RECORD_LIMIT) {
    this.limit = checkRecordLimit(limit);
  }

  push(entry: T): void {
    this.#seen++;
    if (this.limit === 0) return;
    this.#snapshot = undefined;
    if (this.#ring.length < this.limit) {
      this.#ring.push(entry);
      return;
    }
    this.#ring[this.#head] = entry;
    this.#head = (this.#head + 1) % this.limit;
  }

  /** The kept entries, oldest first: a frozen array (`.length`, `.at(-1)`, `.filter` as on any array). */
  entries(): readonly T[] {
    this.#snapshot ??= Object.freeze(this.#head === 0 ? this.#ring.slice() : [...this.#ring.slice(this.#head), ...this.#ring.slice(0, this.#head)]);
    return this.#snapshot;
  }

  /** How many entries the ring holds (what `entries()` would copy). */
  held(): number {
    return this.#ring.length;
  }

  counts(): RecordCounts {
    const kept = this.#ring.length;
    return { kept, seen: this.#seen, dropped: this.#seen - kept, limit: this.limit };
  }

  /** Empty, with the counts back at zero (a handle's `reset()`). */
  clear(): void {
    this.#ring = [];
    this.#head = 0;
    this.#seen = 0;
    this.#snapshot = undefined;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `text` if it is at most `max` characters; else its first `max`, marked with its length, as a
 * string of its own: V8 makes a slice that points into the whole text, so a kept slice of a
 * 7.9 KB target kept all 7.9 KB alive (measured: 1,000 entries of a 7.9 KB target held +7.8 MiB; copied, +2 MiB: ASCII, one byte a character).
 */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : decoder.decode(encoder.encode(`${text.slice(0, max)}...(${text.length} characters)`));
}

/** At most MAX_RECORDED_PROBLEMS strings of at most MAX_PROBLEM_CHARS each; a last one says how many more there were. */
export function clipProblems(problems: readonly string[]): string[] {
  const kept = problems.slice(0, MAX_RECORDED_PROBLEMS).map((p) => clipText(p, MAX_PROBLEM_CHARS));
  if (problems.length > MAX_RECORDED_PROBLEMS) kept.push(`...and ${problems.length - MAX_RECORDED_PROBLEMS} more`);
  return kept;
}

/** Whether clipProblems would change `problems` (so an entry can be marked truncated without comparing copies). */
export function problemsOverBound(problems: readonly string[]): boolean {
  return problems.length > MAX_RECORDED_PROBLEMS || problems.some((p) => p.length > MAX_PROBLEM_CHARS);
}
