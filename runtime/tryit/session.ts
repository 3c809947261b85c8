/**
 * One service's emulator in the page, behind MSW's service worker, with its state kept for the
 * browser session as the emulator's own snapshot (issue 48): after every answer that changed the
 * state, `snapshot()` is kept in sessionStorage with the seed of the emulator's randomness, and a
 * new page `restore()`s it (nothing is replayed). Identity's signing key is generated once and
 * kept with it, so tokens issued on one page verify on the next. Beside the state, a history of
 * what was sent (the newest 1,000, ./saved.ts), which Copy as test turns into a test. A kept
 * state that is not one this console wrote, is larger than it keeps, or that the emulator refuses
 * is discarded with a notice, and the console starts fresh.
 */
import { seededRandom } from "../controls/seeded-random.js";
import { CloudInterfacesError } from "../core/base-error.js";
import { setupWorker } from "msw/browser";
import { http, HttpResponse, passthrough } from "msw";
import { lazyEmulator, type LazyEmulator } from "../emulator/assemble.js";
import { serverPatterns } from "../emulator/servers.js";
import type { Reply, RequestLike } from "../emulator/types.js";
import { appendCapped, historyKey, keptText, MAX_HISTORY, MAX_HISTORY_CHARS, readHistory, readKept, storageKey, type History, type KeptState, type PanelCall, type Sent } from "./saved.js";

/** Browsers refuse to let a page send Cookie; the panel's fetch moves it here and the worker's handler back. */
export const COOKIE_CARRIER = "x-tryit-cookie";
/** The case selection header (runtime/controls/case-selection.ts, read by every mock and emulator): `code=404, example=name`. */
export { MOCK_CASE_HEADER as CASE_HEADER } from "../controls/case-selection.js";

/** What the emulator received and answered, as it gave it (a browser hides a manual redirect's status and Location). */
export interface Exchange {
  request: Sent;
  reply: Reply;
  violations: Array<{ operation: string; status: number; problems: string[] }>;
}

/** mulberry32 (the --seed generator): Copy as test's file draws the same numbers from the same seed. */
export const seeded = seededRandom;

function storage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

/** A kept value read by `read`, or why what the tab held was discarded (and removed). */
function load<T>(key: string, read: (text: string) => T | { discarded: string }): { value?: T; discarded?: string } {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(key);
  } catch {
    return {};
  }
  if (!text) return {};
  const result = read(text);
  if (!(result && typeof result === "object" && "discarded" in result)) return { value: result as T };
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the fresh state replaces it on the next request.
  }
  return { discarded: (result as { discarded: string }).discarded };
}

function store(key: string, text: string): boolean {
  try {
    storage()?.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

function requestLike(entry: Pick<Sent, "method" | "url" | "headers" | "body">): RequestLike {
  const headers = new Map(entry.headers.map(([k, v]) => [k.toLowerCase(), v]));
  return { method: entry.method, url: entry.url, headers: { get: (name) => headers.get(name.toLowerCase()) ?? null }, text: async () => entry.body };
}

export interface Session {
  serviceId: string;
  emulator: LazyEmulator;
  /** The last exchange the emulator had, for the panel to show. */
  last(): Exchange | undefined;
  /** Forgets the state: a fresh emulator from the documents' examples. */
  reset(): Promise<void>;
  /** How many requests the history holds. */
  logged(): number;
  /** What was sent, oldest first (at most MAX_HISTORY), and where Copy as test starts. */
  history(): History;
  /** Records the panel's call behind an exchange, for Copy as test. */
  describe(exchange: Exchange, call: PanelCall): void;
  /** The state as the file Export state saves: the JSON of `GET /__emulator/state`. */
  exportState(): string;
  /** Loads a state file (the same JSON); throws, keeping the state as it was, when the emulator refuses it. */
  importState(text: string): Promise<void>;
  /** Why the kept state was discarded, shortened or not kept, for the panel to say; undefined when nothing was. */
  notice(): string | undefined;
  /** The emulator's signing key the tab keeps (identity: its tokens verify across pages). */
  readonly signingKey: Record<string, unknown> | undefined;
  readonly keepsSigningKey: boolean;
  /** Lets requests to an origin the reader chose as the target through the worker, to the network. */
  allowOrigin(origin: string): void;
}

/** Origins the reader chose as a target: the worker sends these on instead of answering them. */
const allowed = new Set<string>();

async function signingKeyFor(serviceId: string, kept: KeptState): Promise<Record<string, unknown> | undefined> {
  if (!serviceId.startsWith("identity-")) return undefined;
  if (kept.signingKey) return kept.signingKey;
  const { exportJWK, generateKeyPair } = await import("jose");
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  kept.signingKey = (await exportJWK(privateKey)) as Record<string, unknown>;
  return kept.signingKey;
}

let workerStarted: Promise<unknown> | undefined;

export async function startSession(serviceId: string): Promise<Session> {
  const newSeed = () => Math.floor(Math.random() * 2 ** 31);
  const loadedState = load(storageKey(serviceId), (text) => {
    const read = readKept(text);
    return "kept" in read ? read.kept : read;
  });
  const loadedHistory = load(historyKey(serviceId), (text) => {
    const read = readHistory(text);
    return "history" in read ? read.history : read;
  });
  let kept: KeptState = loadedState.value ?? { version: 2, seed: newSeed() };
  let history: History = loadedHistory.value ?? { start: { seq: 0, seed: kept.seed, ...(kept.snapshot ? { snapshot: kept.snapshot } : {}) }, next: 0, entries: [] };
  const notices: string[] = [];
  if (loadedState.discarded) notices.push(`The state this tab kept for ${serviceId} was discarded (${loadedState.discarded}); the emulator starts fresh.`);
  if (loadedHistory.discarded) notices.push(`The history this tab kept for ${serviceId} was discarded (${loadedHistory.discarded}).`);
  let keptStateText = "";
  let emulator!: LazyEmulator;
  let lastExchange: Exchange | undefined;

  const persistState = () => {
    const text = keptText(kept);
    if ("refused" in text) {
      notices.push(text.refused);
      try {
        storage()?.removeItem(storageKey(serviceId));
      } catch {
        // Nothing kept either way.
      }
      return;
    }
    if (text.text === keptStateText) return;
    if (store(storageKey(serviceId), text.text)) keptStateText = text.text;
  };
  const persistHistory = () => {
    let text = JSON.stringify(history);
    // Bounded: each pass drops the older half of what is left.
    while (text.length > MAX_HISTORY_CHARS && history.entries.length > 0) {
      dropped(history.entries.splice(0, Math.ceil(history.entries.length / 2)));
      text = JSON.stringify(history);
    }
    store(historyKey(serviceId), text);
  };
  /** Entries of Copy as test's session were dropped: it starts again from the state as it is now. */
  const dropped = (entries: Sent[]) => {
    if (entries.length === 0) return;
    notices.push(`The history keeps the newest ${MAX_HISTORY.toLocaleString("en")} requests; older ones were dropped (the state is kept whole). Copy as test starts after them.`);
    if (entries.some((e) => e.seq >= history.start.seq)) history.start = { seq: history.next, seed: kept.seed, snapshot: emulator.snapshot() as unknown as Record<string, unknown> };
  };

  /** A new emulator of the kept seed, restored from `snapshot` when given (throws what restore() throws). */
  const build = async (snapshot: Record<string, unknown> | undefined) => {
    const signingKey = await signingKeyFor(serviceId, kept);
    // The starting world of the document's examples (runtime/emulator/world.ts): every pre-filled
    // example succeeds, and what a create example makes does not exist yet.
    const next = lazyEmulator(serviceId, { random: seeded(kept.seed), ...(signingKey ? { seed: { signingKey } } : {}) });
    await next.ready;
    if (snapshot) next.restore(snapshot);
    return next;
  };
  try {
    emulator = await build(kept.snapshot);
  } catch (error) {
    // A kept snapshot the emulator refuses: start fresh rather than leave the panel loading.
    notices.push(`The state this tab kept for ${serviceId} could not be restored (${(error as Error)?.message ?? String(error)}) and was discarded; the emulator starts fresh.`);
    kept = { version: 2, seed: newSeed(), ...(kept.signingKey ? { signingKey: kept.signingKey } : {}) };
    history.start = { seq: history.next, seed: kept.seed };
    emulator = await build(undefined);
  }
  persistState();
  persistHistory();

  const answer = async (request: Request): Promise<Response> => {
    const headers: Array<[string, string]> = [];
    request.headers.forEach((value, name) => {
      if (name === COOKIE_CARRIER) headers.push(["cookie", value]);
      else headers.push([name, value]);
    });
    const entry: Sent = { seq: history.next++, at: Date.now(), method: request.method, url: request.url, headers, body: request.method === "GET" || request.method === "HEAD" ? "" : await request.text(), status: 0 };
    // Counted, not by the list's length: the record keeps the newest 1,000, so past them its length stays put.
    const before = emulator.violationsRecorded.seen;
    const reply = await emulator.dispatch(requestLike(entry));
    entry.status = reply.status;
    // The state as a snapshot, stored when this answer changed it.
    kept = { ...kept, snapshot: emulator.snapshot() as unknown as Record<string, unknown> };
    persistState();
    dropped(appendCapped(history.entries, entry));
    persistHistory();
    const added = Math.min(emulator.violationsRecorded.seen - before, emulator.violations.length);
    lastExchange = { request: entry, reply, violations: added > 0 ? emulator.violations.slice(-added).map((v) => ({ ...v })) : [] };
    return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers });
  };

  const handlers = [
    // First: a target the reader chose leaves the page, even one on a documented host.
    http.all(/^https?:\/\//, ({ request }) => (allowed.has(new URL(request.url).origin) ? passthrough() : undefined)),
    ...serverPatterns(serviceId).map((pattern) => http.all(pattern, ({ request }) => answer(request))),
    // Anything else off the page's origin is answered here too: try-it sends nothing to the network.
    http.all(/^https?:\/\//, ({ request }) =>
      new URL(request.url).origin === location.origin
        ? undefined
        : HttpResponse.json({ title: "Not sent: the try-it panel sends nothing to the network", url: request.url }, { status: 421 }),
    ),
  ];
  if (!workerStarted) {
    const worker = setupWorker(...handlers);
    workerStarted = worker.start({ serviceWorker: { url: new URL("mockServiceWorker.js", document.baseURI).pathname }, quiet: true, onUnhandledFrame: "bypass" });
  }
  await workerStarted;

  return {
    serviceId,
    get emulator() {
      return emulator;
    },
    last: () => lastExchange,
    logged: () => history.entries.length,
    history: () => history,
    describe(exchange, call) {
      exchange.request.call = call;
      persistHistory();
    },
    exportState: () => JSON.stringify(emulator.snapshot(), null, 2),
    async importState(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new CloudInterfacesError("the file is not JSON");
      }
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new CloudInterfacesError("the file is not a state snapshot (a JSON object as GET /__emulator/state gives)");
      // A new emulator of the kept seed restored from the file: the page then draws as Copy as test's file will.
      emulator = await build(value as Record<string, unknown>);
      const snapshot = emulator.snapshot() as unknown as Record<string, unknown>;
      kept = { ...kept, snapshot };
      history.start = { seq: history.next, seed: kept.seed, snapshot };
      notices.length = 0;
      lastExchange = undefined;
      persistState();
      persistHistory();
    },
    notice: () => (notices.length ? notices.join(" ") : undefined),
    get signingKey() {
      return kept.signingKey;
    },
    get keepsSigningKey() {
      return kept.signingKey !== undefined;
    },
    allowOrigin: (origin) => void allowed.add(origin),
    async reset() {
      kept = { version: 2, seed: newSeed(), ...(kept.signingKey ? { signingKey: kept.signingKey } : {}) };
      history.start = { seq: history.next, seed: kept.seed };
      notices.length = 0;
      lastExchange = undefined;
      emulator = await build(undefined);
      persistState();
      persistHistory();
    },
  };
}
