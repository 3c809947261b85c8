/**
 * Issue 44: a timer clamps any delay over 2^31-1 ms to 1 ms, so `retry.maxWaitMs` above it would
 * turn a Retry-After of weeks into a retry 1 ms later. It is refused at creation, as `timeoutMs`
 * is, and an answer asking for longer than the (bounded) maxWaitMs is handed to the caller.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { createServiceClient } from "../../runtime/core/create-client.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { fakeFetch, meta, thrown } from "./harness.js";

const MAX_TIMER_MS = 2 ** 31 - 1;
const retrying: ServiceMeta = {
  ...meta,
  operations: { "GET /v1/open": { ...meta.operations["GET /v1/open"]!, retry: { statuses: [429], maxAttempts: 5, backoffMs: 10, maxWaitMs: 1000 } } },
};
const create = (options: Record<string, unknown>) => createServiceClient(retrying, { baseUrl: "https://api.example.com", ...options }) as any;

describe("retry.maxWaitMs", () => {
  it.each([3e9, MAX_TIMER_MS + 1, Number.NaN, -1])("refuses %d at creation", async (maxWaitMs) => {
    const error = await thrown(() => create({ retry: { maxWaitMs } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.field).toBe("retry.maxWaitMs");
  });

  it("names the timer's limit for a value above it", async () => {
    expect(await thrown(() => create({ retry: { maxWaitMs: 3e9 } }))).toMatchObject({ rule: "maximum", message: `retry.maxWaitMs must be at most ${MAX_TIMER_MS} (the longest timer delay)` });
  });

  it("accepts the timer's limit, and hands a longer Retry-After to the caller after one attempt", async () => {
    const slept: number[] = [];
    const clock = { now: () => 0, sleep: async (ms: number) => void slept.push(ms) };
    const { sent, fetch } = fakeFetch(() => new Response("{}", { status: 429, headers: { "retry-after": "2500000", "content-type": "application/json" } }));
    const { response } = await create({ retry: { maxWaitMs: MAX_TIMER_MS }, clock, fetch }).GET("/v1/open");
    expect(response.status).toBe(429);
    expect(sent).toHaveLength(1);
    expect(slept).toEqual([]);
  });
});
