/**
 * The retry policy of openapi/kms-v2.yaml, and nothing more: a 429 waits for the rate-limit
 * window (per instance, method and endpoint) to end; a 409 on create is retried a few times
 * because an import token may rarely expire early. Every other failure goes to the caller at once.
 * Which statuses, which 409 reasons no retry cures and the default counts and waits are read
 * from the document's `x-retry` / `x-retry-policy` (the generated service meta), never copied.
 */
import { kmsV2Service } from "../../generated/kms-v2/client.js";
import { InputError } from "../core/errors.js";
import { atPointer } from "../core/paginate.js";
import { retryAfterMs, type RetryMeta } from "../core/retry.js";

type Operation = "createKey" | "listKeys" | "getKeyTotal";

const operations = kmsV2Service.operations;
/** `x-retry` of each operation the helper sends (keys of the generated meta, so a renamed path fails tsc). */
const RETRY: Readonly<Record<Operation, RetryMeta>> = {
  createKey: operations["POST /api/v2/keys"].retry,
  listKeys: operations["GET /api/v2/keys"].retry,
  getKeyTotal: operations["HEAD /api/v2/keys"].retry,
};

export interface RetryOptions {
  /** Attempts in all (the first included) while the service answers 429. Default: the document's `x-retry-policy.maxAttempts`. */
  rateLimitAttempts?: number;
  /** Wait after the n-th 429 when it has no Retry-After: `rateLimitBackoffMs * 2^(n-1)`. Default: `x-retry-policy.backoffMs`. */
  rateLimitBackoffMs?: number;
  /** Longest single wait; a 429 asking for longer is handed to the caller instead of sleeping. Default: `x-retry-policy.maxWaitMs`. */
  maxWaitMs?: number;
  /** Retries of a create answered 409 for its import token. Default 2. */
  conflictRetries?: number;
  /** Wait before each 409 retry. Default 500. */
  conflictDelayMs?: number;
}

export interface Clock {
  sleep(ms: number): Promise<void>;
  /** Milliseconds since the epoch, for a Retry-After given as an HTTP date. */
  now(): number;
}

export const systemClock: Clock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** 409 reasons of create that a retry cannot cure: `x-retry.exceptReasons` of the document's create 409. */
export const PERMANENT_CONFLICTS: readonly string[] = RETRY.createKey.except?.["409"]?.reasons ?? [];

type Policy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): Policy {
  const policy: Policy = {
    rateLimitAttempts: RETRY.createKey.maxAttempts,
    rateLimitBackoffMs: RETRY.createKey.backoffMs,
    maxWaitMs: RETRY.createKey.maxWaitMs,
    conflictRetries: 2,
    conflictDelayMs: 500,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  const atLeast = (field: keyof Policy, min: number) => {
    const v = policy[field];
    if (!Number.isInteger(v) || v < min) throw new InputError(`retry.${field}`, "minimum", `retry.${field} must be an integer >= ${min}`);
  };
  atLeast("rateLimitAttempts", 1);
  atLeast("rateLimitBackoffMs", 0);
  atLeast("maxWaitMs", 0);
  atLeast("conflictRetries", 0);
  atLeast("conflictDelayMs", 0);
  return policy;
}

/** The one Retry-After reader (RFC 9110 §10.2.3), shared with the generic retry of every client. */
export { retryAfterMs };

/** A status the document marks `x-retry` for the operation, other than 429, whose reason code is not among its exceptions. */
function curableConflict(retry: RetryMeta, status: number, body: unknown): boolean {
  if (status === 429 || !retry.statuses.includes(status)) return false;
  const except = retry.except?.[String(status)];
  const reason = except === undefined ? undefined : atPointer(body, except.reasonAt);
  return !(typeof reason === "string" && except!.reasons.includes(reason));
}

interface Result {
  error?: unknown;
  response: Response;
}

/** Sends, and sends again while the policy says the failure is worth waiting out. */
export async function withRetry<R extends Result>(
  operation: Operation,
  send: () => Promise<R>,
  policy: Policy,
  clock: Clock,
): Promise<R> {
  let rateLimited = 0;
  let conflicts = 0;
  for (;;) {
    const result = await send();
    const { status, headers } = result.response;
    let wait: number | undefined;
    // 429 (RFC 6585) is the rate-limit window: waited out with Retry-After, where the document marks it x-retry.
    if (status === 429 && RETRY[operation].statuses.includes(429)) {
      rateLimited += 1;
      if (rateLimited < policy.rateLimitAttempts) {
        wait = retryAfterMs(headers.get("retry-after"), clock.now()) ?? policy.rateLimitBackoffMs * 2 ** (rateLimited - 1);
        if (wait > policy.maxWaitMs) wait = undefined;
      }
    } else if (curableConflict(RETRY[operation], status, result.error)) {
      conflicts += 1;
      if (conflicts <= policy.conflictRetries) wait = policy.conflictDelayMs;
    }
    if (wait === undefined) return result;
    await clock.sleep(wait);
  }
}
