/**
 * The retry policy of openapi/kms-v2.yaml, and nothing more: a 429 waits for the rate-limit
 * window (per instance, method and endpoint) to end; a 409 on create is retried a few times
 * because an import token may rarely expire early. Every other failure goes to the caller at once.
 */
import { InputError } from "../core/errors.js";
import { retryAfterMs } from "../core/retry.js";

export interface RetryOptions {
  /** Attempts in all (the first included) while the service answers 429. Default 4. */
  rateLimitAttempts?: number;
  /** Wait after the n-th 429 when it has no Retry-After: `rateLimitBackoffMs * 2^(n-1)`. Default 1000. */
  rateLimitBackoffMs?: number;
  /** Longest single wait; a 429 asking for longer is handed to the caller instead of sleeping. Default 60000. */
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

/** 409 reasons that a retry cannot cure; the document lists them under 409 next to the import-token cases. */
export const PERMANENT_CONFLICTS: readonly string[] = ["KEY_ALIAS_NOT_UNIQUE_ERR", "KEY_CREATE_IMPORT_ACCESS_ERR"];

type Policy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): Policy {
  const policy: Policy = {
    rateLimitAttempts: 4,
    rateLimitBackoffMs: 1000,
    maxWaitMs: 60_000,
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

function reasonCode(body: unknown): string | undefined {
  const code = (body as { resources?: { reasons?: { code?: unknown }[] }[] } | undefined)?.resources?.[0]?.reasons?.[0]?.code;
  return typeof code === "string" ? code : undefined;
}

interface Result {
  error?: unknown;
  response: Response;
}

/** Sends, and sends again while the policy says the failure is worth waiting out. */
export async function withRetry<R extends Result>(
  operation: "createKey" | "listKeys" | "getKeyTotal",
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
    if (status === 429) {
      rateLimited += 1;
      if (rateLimited < policy.rateLimitAttempts) {
        wait = retryAfterMs(headers.get("retry-after"), clock.now()) ?? policy.rateLimitBackoffMs * 2 ** (rateLimited - 1);
        if (wait > policy.maxWaitMs) wait = undefined;
      }
    } else if (status === 409 && operation === "createKey" && !PERMANENT_CONFLICTS.includes(reasonCode(result.error) ?? "")) {
      conflicts += 1;
      if (conflicts <= policy.conflictRetries) wait = policy.conflictDelayMs;
    }
    if (wait === undefined) return result;
    await clock.sleep(wait);
  }
}
