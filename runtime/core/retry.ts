/**
 * The retry policy a document declares (`x-retry` on responses, `x-retry-policy` on the
 * document): which statuses are worth waiting out, honouring `Retry-After` (RFC 9110 §10.2.3), with bounded
 * exponential backoff. Nothing is retried that the document does not name.
 *
 * This module holds the policy, checked at client creation; the waiting (retry-loop.ts) is
 * loaded on a call's first answer the policy names, so a client's first load carries none of it.
 */
// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";

/** The longest delay setTimeout honours (a signed 32-bit millisecond count). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

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

/** Caller overrides of the documented policy; `false` turns retries off. */
export type RetryOption = false | Partial<Pick<RetryMeta, "maxAttempts" | "backoffMs" | "maxWaitMs">>;

export function resolveRetry(meta: RetryMeta | undefined, option: RetryOption | undefined): RetryMeta | undefined {
  if (!meta || option === false) return undefined;
  const policy = { ...meta, ...Object.fromEntries(Object.entries(option ?? {}).filter(([, v]) => v !== undefined)) } as RetryMeta;
  for (const [field, min] of [["maxAttempts", 1], ["backoffMs", 0], ["maxWaitMs", 0]] as const) {
    if (!Number.isInteger(policy[field]) || policy[field] < min) throw new InputError(`retry.${field}`, "minimum", `retry.${field} must be an integer >= ${min}`);
  }
  // A timer clamps a longer delay to 1 ms: a Retry-After of weeks would be retried at once.
  if (policy.maxWaitMs > MAX_TIMER_MS) throw new InputError("retry.maxWaitMs", "maximum", `retry.maxWaitMs must be at most ${MAX_TIMER_MS} (the longest timer delay)`);
  return policy;
}

