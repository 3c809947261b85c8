/**
 * Sending again while the policy (retry.ts) says an answer is worth waiting out. Loaded by the
 * client on the first answer whose status the policy names, not with the client.
 */
import { getAt } from "./pointer.js";
import type { SentBody } from "./call-state.js";
import type { Clock, RetryMeta } from "./retry.js";

export interface AgainOptions {
  /** The body as first sent (null: none). */
  body: SentBody;
  /** Credential headers the first attempt added, asked for again on each attempt. */
  added: readonly string[];
  policy: RetryMeta | undefined;
  clock: Clock | undefined;
  /** The call's deadline, for the waits. */
  signal: AbortSignal;
  /** The first attempt's answer, when openapi-fetch's own Request went first. */
  first?: Response;
  /** Sends one Request as the client does (credentials, origin guard, redaction). */
  send: (request: Request) => Promise<Response>;
}

/**
 * The attempts after the first (or all of them, when the first cannot be openapi-fetch's
 * Request): each a new Request over the same body and the headers as they came, asking the
 * token provider again; `redirect: "follow"` is done here, hop by hop within the origin.
 */
export async function sendAgain(request: Request, options: AgainOptions): Promise<Response> {
  const { followSameOrigin } = await import("./redirect.js");
  const headers = new Headers(request.headers);
  for (const name of options.added) headers.delete(name);
  // Everything else the caller's init set (cache, keepalive, mode, ...) goes as it came.
  const { method, url, redirect, cache, credentials, integrity, keepalive, mode, referrer, referrerPolicy } = request;
  const init: RequestInit = { method, headers, body: options.body, redirect: redirect === "follow" ? "manual" : redirect, cache, credentials, integrity, keepalive, mode, referrer, referrerPolicy };
  const once = () => (redirect === "follow" ? followSameOrigin((u, i) => options.send(new Request(u, i)), url, init) : options.send(new Request(url, init)));
  let pending = options.first;
  const { policy } = options;
  const result = await withRetry(
    async () => {
      const response = pending ?? (await once());
      pending = undefined;
      if (!policy?.statuses.includes(response.status)) return { response };
      const text = await response.clone().text();
      let error: unknown = text;
      try {
        error = JSON.parse(text);
      } catch {
        // kept as text
      }
      return { response, error };
    },
    policy,
    options.clock ?? systemClock,
    options.signal,
  );
  return result.response;
}

export const systemClock: Clock = {
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const done = () => {
        signal?.removeEventListener("abort", abort);
        resolve();
      };
      const timer = setTimeout(done, ms);
      const abort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", abort, { once: true });
    }),
  now: () => Date.now(),
};

const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const TIME = "\\d{2}:\\d{2}:\\d{2}";
/**
 * The three HTTP-date forms (RFC 9110 §5.6.7): IMF-fixdate, the obsolete RFC 850 form and
 * asctime. Date.parse alone reads far more ("1.5", "-5", "Nov 6 1994", "Mon 2001").
 */
const HTTP_DATE = new RegExp(
  `^(?:${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT|(${DAY} ${MONTH} (?: \\d|\\d{2}) ${TIME} \\d{4}))$`,
);

/** RFC 9110 §10.2.3: delay-seconds or an HTTP date; anything else is ignored. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const form = HTTP_DATE.exec(value);
  // The asctime form names no zone, yet means GMT; Date.parse would read it as local time.
  const date = form ? Date.parse(form[1] ? `${value} GMT` : value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Whether the answer's reason code is one the document says no retry can cure. */
function excepted(policy: RetryMeta, status: number, body: unknown): boolean {
  const rule = policy.except?.[String(status)];
  if (!rule) return false;
  const reason = getAt(body, rule.reasonAt);
  return typeof reason === "string" && rule.reasons.includes(reason);
}

/** Sends, and sends again while the policy says the answer is worth waiting out. */
export async function withRetry<R extends { response: Response; error?: unknown }>(
  send: () => Promise<R>,
  policy: RetryMeta | undefined,
  clock: Clock,
  signal?: AbortSignal,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const result = await send();
    const { status, headers } = result.response;
    if (!policy || attempt >= policy.maxAttempts || !policy.statuses.includes(status) || excepted(policy, status, result.error)) return result;
    const wait = retryAfterMs(headers.get("retry-after"), clock.now()) ?? policy.backoffMs * 2 ** (attempt - 1);
    if (wait > policy.maxWaitMs) return result;
    // The unread body of the answer being retried would hold its connection open.
    await result.response.body?.cancel().catch(() => undefined);
    await clock.sleep(wait, signal);
  }
}
