/**
 * What a tab keeps of a service's Try it console in sessionStorage, read back with suspicion:
 * another script of the origin, an older build or a full storage can leave anything there.
 *
 * Two entries, kept apart (issue 48):
 * - the state: the seed of the emulator's randomness, identity's signing key, and the emulator's
 *   state as its own snapshot (`snapshot()`, the JSON of `GET /__emulator/state`), restored on the
 *   next page instead of replaying requests; written when an answer changed it, refused past
 *   MAX_STATE_CHARS with a notice;
 * - the history: what was sent, newest last, capped at MAX_HISTORY entries (the oldest dropped),
 *   and where the session Copy as test starts from (the seed's fresh emulator, or a snapshot).
 *   Dropping history never touches the state.
 * What is not a value this console wrote is discarded with the reason, and the console starts fresh.
 */

/** The call a panel made, as its inputs (the typed client's arguments): Copy as test writes it back as a call. */
export interface PanelCall {
  operationId: string;
  method: string;
  path: string;
  params: Record<string, Record<string, unknown>>;
  headers: Record<string, string>;
  body?: unknown;
  credentials: Record<string, unknown>;
  parseAs: "json" | "text";
  /** Whether the client checked the request against the document (Send without the check: false). */
  validate: boolean;
  /** The id a successful create answered with: the test expects the same (the same randomness gives the same ids). */
  createdId?: string;
}

/** One request the emulator in the page answered, as it received it, and the status it gave. */
export interface Sent {
  /** Counts every request of the tab's session, dropped ones included. */
  seq: number;
  at: number;
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body: string;
  status: number;
  /** Set when a panel sent it (not an Authorize step). */
  call?: PanelCall;
}

export interface KeptState {
  version: 2;
  seed: number;
  signingKey?: Record<string, unknown>;
  /** The emulator's snapshot (absent: the seed's fresh emulator). */
  snapshot?: Record<string, unknown>;
}

export interface History {
  /** The session Copy as test covers: requests from `seq` on, starting from `snapshot` (absent: the fresh emulator of `seed`). */
  start: { seq: number; seed: number; snapshot?: Record<string, unknown> };
  next: number;
  entries: Sent[];
}

/** Where a tab keeps a service's state and its history in sessionStorage. */
export const storageKey = (serviceId: string) => `cloud-interfaces:tryit:${serviceId}`;
export const historyKey = (serviceId: string) => `cloud-interfaces:tryit-history:${serviceId}`;

/** The history entries kept at most; past it the oldest are dropped. */
export const MAX_HISTORY = 1000;
/** The largest state kept (sessionStorage holds about 5 MB an origin, shared with the history). */
export const MAX_STATE_CHARS = 2_000_000;
/** The history's stored text at most: past it the oldest entries are dropped too. */
export const MAX_HISTORY_CHARS = 2_000_000;

const isString = (v: unknown): v is string => typeof v === "string";
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const fmt = (n: number) => n.toLocaleString("en");

function parse(text: string, limit: number): { value: Record<string, unknown> } | { discarded: string } {
  if (text.length > limit) return { discarded: `it is larger than the ${fmt(limit)} characters the console keeps` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { discarded: "it is not JSON" };
  }
  if (!isObject(value)) return { discarded: "it is not an object" };
  return { value };
}

/** The kept state in `text`, or why it is discarded. The snapshot's own content is checked by the emulator's restore(). */
export function readKept(text: string): { kept: KeptState } | { discarded: string } {
  const read = parse(text, MAX_STATE_CHARS);
  if ("discarded" in read) return read;
  const v = read.value;
  if (v.version !== 2) return { discarded: "it is not a state this console keeps (an older console's request log, or another script's)" };
  if (typeof v.seed !== "number" || !Number.isInteger(v.seed)) return { discarded: "it has no seed" };
  if (v.signingKey !== undefined && !isObject(v.signingKey)) return { discarded: "its signing key is not a key" };
  if (v.snapshot !== undefined && !isObject(v.snapshot)) return { discarded: "its snapshot is not an object" };
  return { kept: v as unknown as KeptState };
}

function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return "an entry is not an object";
  const e = entry;
  if (typeof e.seq !== "number" || !Number.isSafeInteger(e.seq)) return "an entry has no number";
  if (typeof e.at !== "number" || !Number.isFinite(e.at)) return "an entry has no time";
  if (!isString(e.method) || !/^[A-Z]{1,16}$/.test(e.method)) return "an entry has no method";
  if (!isString(e.url) || !/^https?:\/\//.test(e.url)) return "an entry has no URL";
  if (!Array.isArray(e.headers) || !e.headers.every((h) => Array.isArray(h) && h.length === 2 && isString(h[0]) && isString(h[1]))) return "an entry's headers are not name-value pairs";
  if (!isString(e.body)) return "an entry has no body text";
  if (typeof e.status !== "number") return "an entry has no status";
  if (e.call !== undefined) {
    const c = e.call;
    if (!isObject(c) || !isString(c.operationId) || !isString(c.method) || !isString(c.path) || !isObject(c.params) || !isObject(c.headers) || !isObject(c.credentials)) return "an entry's call is not a panel's call";
  }
  return undefined;
}

/** The kept history in `text`, or why it is discarded. */
export function readHistory(text: string): { history: History } | { discarded: string } {
  const read = parse(text, MAX_HISTORY_CHARS);
  if ("discarded" in read) return read;
  const v = read.value;
  const start = v.start;
  if (!isObject(start) || typeof start.seq !== "number" || typeof start.seed !== "number" || (start.snapshot !== undefined && !isObject(start.snapshot))) return { discarded: "it has no start" };
  if (typeof v.next !== "number" || !Number.isSafeInteger(v.next)) return { discarded: "it has no count" };
  if (!Array.isArray(v.entries)) return { discarded: "its entries are not a list" };
  if (v.entries.length > MAX_HISTORY) return { discarded: `it holds ${fmt(v.entries.length)} entries, more than the ${fmt(MAX_HISTORY)} the console keeps` };
  for (const entry of v.entries) {
    const problem = entryProblem(entry);
    if (problem) return { discarded: problem };
  }
  return { history: v as unknown as History };
}

/** Adds an entry, dropping the oldest past MAX_HISTORY; returns the dropped entries. */
export function appendCapped(entries: Sent[], entry: Sent, max = MAX_HISTORY): Sent[] {
  entries.push(entry);
  const over = entries.length - max;
  return over > 0 ? entries.splice(0, over) : [];
}

/** The state's stored text, or why it is not kept (over MAX_STATE_CHARS). */
export function keptText(kept: KeptState): { text: string } | { refused: string } {
  const text = JSON.stringify(kept);
  if (text.length > MAX_STATE_CHARS) return { refused: `The emulator's state is ${fmt(text.length)} characters, more than the ${fmt(MAX_STATE_CHARS)} this tab keeps: it lasts for this page only (Export state saves it as a file).` };
  return { text };
}
