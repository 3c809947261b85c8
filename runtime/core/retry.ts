/**
 * The retry policy a document declares (`x-retry` on responses, `x-retry-policy` on the
 * document): which statuses are worth waiting out, honouring `Retry-After` (RFC 9110 §10.2.3), with bounded
 * exponential backoff. Nothing is retried that the document does not name.
 */
import { InputError } from "./errors.js";
import { atPointer } from "./paginate.js";

export interface RetryMeta {
  /** Statuses the document says a client should retry (responses marked `x-retry: { retry: true }`). */
  readonly statuses: readonly number[];
  /** Per status: reason codes (at a JSON pointer into the error body) that no retry can cure. */
  readonly except?: Readonly<Record<string, { readonly reasonAt: string; readonly reasons: readonly string[] }>>;
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** Wait before the n-th retry when the answer has no Retry-After: backoffMs * 2^(n-1). */
  readonly backoffMs: number;
  /** Longest single wait; an answer asking for longer is handed to the caller. */
  readonly maxWaitMs: number;
}

export interface Clock {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Milliseconds since the epoch, for a Retry-After given as an HTTP date. */
  now(): number;
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

/** Caller overrides of the documented policy; `false` turns retries off. */
export type RetryOption = false | Partial<Pick<RetryMeta, "maxAttempts" | "backoffMs" | "maxWaitMs">>;

export function resolveRetry(meta: RetryMeta | undefined, option: RetryOption | undefined): RetryMeta | undefined {
  if (!meta || option === false) return undefined;
  const policy = { ...meta, ...Object.fromEntries(Object.entries(option ?? {}).filter(([, v]) => v !== undefined)) } as RetryMeta;
  for (const [field, min] of [["maxAttempts", 1], ["backoffMs", 0], ["maxWaitMs", 0]] as const) {
    if (!Number.isInteger(policy[field]) || policy[field] < min) throw new InputError(`retry.${field}`, "minimum", `retry.${field} must be an integer >= ${min}`);
  }
  return policy;
}

/** Every HTTP-date form (RFC 9110 §5.6.7) opens with a day name; Date.parse alone takes "1.5" or "-5" for a day in 2001. */
const HTTP_DATE_START = /^[A-Za-z]{3}/;

/** RFC 9110 §10.2.3: delay-seconds or an HTTP date; anything else is ignored. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // The asctime form ends with the year and names no zone, yet means GMT; Date.parse would read it as local time.
  const date = HTTP_DATE_START.test(value) ? Date.parse(/\d{4}$/.test(value) ? `${value} GMT` : value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Sends, and sends again while the policy says the answer is worth waiting out. */
function excepted(policy: RetryMeta, status: number, body: unknown): boolean {
  const rule = policy.except?.[String(status)];
  if (!rule) return false;
  const reason = atPointer(body, rule.reasonAt);
  return typeof reason === "string" && rule.reasons.includes(reason);
}

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
