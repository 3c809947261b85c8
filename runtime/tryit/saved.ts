/**
 * The try-it state a tab keeps in sessionStorage, read back with suspicion: another script of
 * the origin, an older build or a full storage can leave anything there. What is not a state this
 * console wrote (or is larger than it keeps) is discarded with the reason, and the console starts
 * fresh instead of failing.
 */

export interface Logged {
  at: number;
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
}

export interface Saved {
  seed: number;
  signingKey?: unknown;
  log: Logged[];
}

/** Where a tab keeps a service's state in sessionStorage. */
export const storageKey = (serviceId: string) => `cloud-interfaces:tryit:${serviceId}`;

/** The requests a session replays at most; past it the oldest are dropped. */
export const MAX_LOG = 1000;
/** The stored text read at most (sessionStorage holds about 5 MB an origin). */
export const MAX_SAVED_CHARS = 4_000_000;

const isString = (v: unknown): v is string => typeof v === "string";

function entryProblem(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== "object" || Array.isArray(entry)) return "an entry is not an object";
  const e = entry as Record<string, unknown>;
  if (typeof e.at !== "number" || !Number.isFinite(e.at)) return "an entry has no time";
  if (!isString(e.method) || !/^[A-Z]{1,16}$/.test(e.method)) return "an entry has no method";
  if (!isString(e.url) || !/^https?:\/\//.test(e.url)) return "an entry has no URL";
  if (!Array.isArray(e.headers) || !e.headers.every((h) => Array.isArray(h) && h.length === 2 && isString(h[0]) && isString(h[1]))) return "an entry's headers are not name-value pairs";
  if (!isString(e.body)) return "an entry has no body text";
  return undefined;
}

/** The state in `text`, or why it is discarded. */
export function readSaved(text: string): { saved: Saved } | { discarded: string } {
  if (text.length > MAX_SAVED_CHARS) return { discarded: `it is larger than the ${MAX_SAVED_CHARS.toLocaleString("en")} characters the console keeps` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { discarded: "it is not JSON" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { discarded: "it is not an object" };
  const v = value as Record<string, unknown>;
  if (typeof v.seed !== "number" || !Number.isInteger(v.seed)) return { discarded: "it has no seed" };
  if (!Array.isArray(v.log)) return { discarded: "its log is not a list" };
  if (v.log.length > MAX_LOG) return { discarded: `it holds ${v.log.length.toLocaleString("en")} requests, more than the ${MAX_LOG.toLocaleString("en")} the console replays` };
  if (v.signingKey !== undefined && (v.signingKey === null || typeof v.signingKey !== "object" || Array.isArray(v.signingKey))) return { discarded: "its signing key is not a key" };
  for (const entry of v.log) {
    const problem = entryProblem(entry);
    if (problem) return { discarded: problem };
  }
  return { saved: value as unknown as Saved };
}

/** Adds a request to the log, dropping the oldest past MAX_LOG; returns how many were dropped. */
export function appendCapped(log: Logged[], entry: Logged): number {
  log.push(entry);
  const over = log.length - MAX_LOG;
  if (over > 0) log.splice(0, over);
  return Math.max(0, over);
}
