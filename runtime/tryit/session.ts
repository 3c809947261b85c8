/**
 * One service's emulator in the page, behind MSW's service worker, with its state kept for the
 * browser session: every request the emulator answered is logged in sessionStorage with the
 * time it came and the seed of the emulator's randomness, and a new page replays the log, which
 * gives the same ids, tokens and keys again. Identity's signing key is generated once and kept
 * with the log, so tokens issued on one page verify on the next. The log replays at most the
 * newest 1,000 requests (./saved.ts); a kept state that is not one this console wrote, is larger
 * than that, or cannot be replayed is discarded with a notice, and the console starts fresh.
 */
import { setupWorker } from "msw/browser";
import { http, HttpResponse, passthrough } from "msw";
import { lazyEmulator, type LazyEmulator } from "../emulator/assemble.js";
import { serverPatterns } from "../emulator/servers.js";
import type { Reply, RequestLike } from "../emulator/types.js";
import { appendCapped, MAX_LOG, readSaved, storageKey, type Logged, type Saved } from "./saved.js";

/** Browsers refuse to let a page send Cookie; the panel's fetch moves it here and the worker's handler back. */
export const COOKIE_CARRIER = "x-tryit-cookie";
/** The case selection header (runtime/controls/case-selection.ts, read by every mock and emulator): `code=404, example=name`. */
export { MOCK_CASE_HEADER as CASE_HEADER } from "../controls/case-selection.js";

/** What the emulator received and answered, as it gave it (a browser hides a manual redirect's status and Location). */
export interface Exchange {
  request: Logged;
  reply: Reply;
  violations: Array<{ operation: string; status: number; problems: string[] }>;
}


/** mulberry32: small and seedable; the replay depends on drawing the same numbers. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The kept state, or why what the tab held was discarded (and removed). */
function load(serviceId: string): { saved?: Saved; discarded?: string } {
  let text: string | null;
  try {
    text = sessionStorage.getItem(storageKey(serviceId));
  } catch {
    return {};
  }
  if (!text) return {};
  const read = readSaved(text);
  if ("saved" in read) return read;
  try {
    sessionStorage.removeItem(storageKey(serviceId));
  } catch {
    // Nothing to do: the fresh state replaces it on the next request.
  }
  return read;
}

function requestLike(entry: Logged): RequestLike {
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
  /** How many requests the kept state is made of. */
  logged(): number;
  /** Why the kept state was discarded or shortened, for the panel to say; undefined when nothing was. */
  notice(): string | undefined;
  /** Whether the tab keeps a signing key for this emulator (identity: its tokens verify across pages). */
  readonly keepsSigningKey: boolean;
  /** Lets requests to an origin the reader chose as the target through the worker, to the network. */
  allowOrigin(origin: string): void;
}

/** Origins the reader chose as a target: the worker sends these on instead of answering them. */
const allowed = new Set<string>();

async function signingKeyFor(serviceId: string, saved: Saved): Promise<unknown> {
  if (!serviceId.startsWith("identity-")) return undefined;
  if (saved.signingKey) return saved.signingKey;
  const { exportJWK, generateKeyPair } = await import("jose");
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  saved.signingKey = await exportJWK(privateKey);
  return saved.signingKey;
}

let workerStarted: Promise<unknown> | undefined;

export async function startSession(serviceId: string): Promise<Session> {
  const fresh = (): Saved => ({ seed: Math.floor(Math.random() * 2 ** 31), log: [] });
  const loaded = load(serviceId);
  let saved: Saved = loaded.saved ?? fresh();
  let notice = loaded.discarded ? `The state this tab kept for ${serviceId} was discarded (${loaded.discarded}); the emulator starts fresh.` : undefined;
  const persist = () => {
    try {
      sessionStorage.setItem(storageKey(serviceId), JSON.stringify(saved));
    } catch {
      // Storage full or refused: the state lasts for this page only.
    }
  };
  let replayingAt: number | undefined;
  let emulator!: LazyEmulator;
  let lastExchange: Exchange | undefined;

  const build = async () => {
    const signingKey = await signingKeyFor(serviceId, saved);
    // The starting world of the document's examples (runtime/emulator/world.ts): every pre-filled
    // example succeeds, and what a create example makes does not exist yet.
    emulator = lazyEmulator(serviceId, {
      random: seeded(saved.seed),
      clock: () => replayingAt ?? Date.now(),
      ...(signingKey ? { seed: { signingKey } } : {}),
    });
    await emulator.ready;
    for (const entry of saved.log) {
      replayingAt = entry.at;
      await emulator.dispatch(requestLike(entry));
    }
    replayingAt = undefined;
    persist();
  };
  try {
    await build();
  } catch (error) {
    // A kept log the emulator cannot replay: start fresh rather than leave the panel loading.
    replayingAt = undefined;
    saved = fresh();
    notice = `The state this tab kept for ${serviceId} could not be replayed (${(error as Error)?.message ?? String(error)}) and was discarded; the emulator starts fresh.`;
    await build();
  }

  const answer = async (request: Request): Promise<Response> => {
    const headers: Array<[string, string]> = [];
    request.headers.forEach((value, name) => {
      if (name === COOKIE_CARRIER) headers.push(["cookie", value]);
      else headers.push([name, value]);
    });
    const entry: Logged = { at: Date.now(), method: request.method, url: request.url, headers, body: request.method === "GET" || request.method === "HEAD" ? "" : await request.text() };
    // Counted, not by the list's length: the record keeps the newest 1,000, so past them its length stays put.
    const before = emulator.violationsRecorded.seen;
    const reply = await emulator.dispatch(requestLike(entry));
    if (appendCapped(saved.log, entry) > 0) {
      notice = `Only the newest ${MAX_LOG.toLocaleString("en")} requests are kept: the next page replays those, without the oldest.`;
    }
    persist();
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
    logged: () => saved.log.length,
    notice: () => notice,
    get keepsSigningKey() {
      return saved.signingKey !== undefined;
    },
    allowOrigin: (origin) => void allowed.add(origin),
    async reset() {
      saved = fresh();
      notice = undefined;
      lastExchange = undefined;
      await build();
    },
  };
}
