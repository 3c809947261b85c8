// The retry policy in isolation: option merging, Retry-After parsing, the send loop and the system clock.
import { afterEach, describe, expect, it, vi } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { resolveRetry, type Clock, type RetryMeta } from "../../runtime/core/retry.js";
import { retryAfterMs, systemClock, withRetry } from "../../runtime/core/retry-loop.js";

const documented: RetryMeta = { statuses: [409, 429, 503], maxAttempts: 4, backoffMs: 100, maxWaitMs: 1000 };

describe("resolveRetry", () => {
  it("answers no policy when the document declares none or the caller turns retries off", () => {
    expect(resolveRetry(undefined, undefined)).toBeUndefined();
    expect(resolveRetry(undefined, { maxAttempts: 2 })).toBeUndefined();
    expect(resolveRetry(documented, false)).toBeUndefined();
  });

  it("keeps the documented policy without overrides", () => {
    expect(resolveRetry(documented, undefined)).toEqual(documented);
    expect(resolveRetry(documented, {})).toEqual(documented);
  });

  it("applies the caller's overrides and ignores the ones left undefined", () => {
    expect(resolveRetry(documented, { maxAttempts: 2, backoffMs: undefined, maxWaitMs: 50 })).toEqual({ ...documented, maxAttempts: 2, maxWaitMs: 50 });
  });

  it.each([
    ["maxAttempts", 1],
    ["backoffMs", 0],
    ["maxWaitMs", 0],
  ] as const)("accepts %s at its minimum %d", (field, min) => {
    expect(resolveRetry(documented, { [field]: min })?.[field]).toBe(min);
  });

  it.each([
    ["maxAttempts", 0, 1],
    ["maxAttempts", 2.5, 1],
    ["backoffMs", -1, 0],
    ["backoffMs", Number.NaN, 0],
    ["maxWaitMs", -1, 0],
    ["maxWaitMs", Number.POSITIVE_INFINITY, 0],
  ] as const)("refuses %s = %d, naming the option and its minimum", (field, value, min) => {
    let error: unknown;
    try {
      resolveRetry(documented, { [field]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: `retry.${field}`, rule: "minimum", message: `retry.${field} must be an integer >= ${min}` });
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-23T10:00:00Z");

  it("reads delay-seconds, surrounding whitespace allowed", () => {
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("  3 ", now)).toBe(3000);
  });

  it("reads an HTTP date as the time left until it, never negative", () => {
    expect(retryAfterMs("Mon, 23 Nov 2026 10:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Mon, 23 Nov 2026 09:59:00 GMT", now)).toBe(0);
  });

  it("ignores a missing header and anything that is neither form", () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs("x5", now)).toBeUndefined();
    expect(retryAfterMs("5x", now)).toBeUndefined();
    expect(retryAfterMs("", now)).toBeUndefined();
  });

  it("ignores numbers that are not delay-seconds, which Date.parse alone would take for dates in 2001", () => {
    for (const value of ["1.5", "-5", "+5", "2.", "1e3"]) expect(retryAfterMs(value, now), value).toBeUndefined();
  });

  it("ignores dates in other formats: only an HTTP-date counts", () => {
    for (const value of ["2026-11-23T10:00:05Z", "23 Nov 2026 10:00:05 GMT"]) expect(retryAfterMs(value, now), value).toBeUndefined();
  });

  it("reads all three HTTP-date forms of RFC 9110 §5.6.7", () => {
    const at = Date.parse("1994-11-06T08:49:30Z");
    expect(retryAfterMs("Sun, 06 Nov 1994 08:49:37 GMT", at)).toBe(7000);
    expect(retryAfterMs("Sunday, 06-Nov-94 08:49:37 GMT", at)).toBe(7000);
    expect(retryAfterMs("Sun Nov  6 08:49:37 1994", at)).toBe(7000);
  });

  it("reads the zoneless asctime form as GMT whatever the machine's time zone", () => {
    const saved = process.env.TZ;
    // Node applies a changed TZ at once; Tokyo is 9 h from GMT, so local parsing would be far off.
    process.env.TZ = "Asia/Tokyo";
    try {
      expect(retryAfterMs("Sun Nov  6 08:49:37 1994", Date.parse("1994-11-06T08:49:30Z"))).toBe(7000);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

/** A clock that records every wait and the signal it was given, and never waits. */
function recordingClock(now = 0): Clock & { waits: number[]; signals: (AbortSignal | undefined)[] } {
  const waits: number[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  return {
    waits,
    signals,
    now: () => now,
    sleep: async (ms, signal) => {
      waits.push(ms);
      signals.push(signal);
    },
  };
}

/** A send that answers the given responses in turn, and fails the test if asked for more. */
function answers(...responses: (Response | { response: Response; error?: unknown })[]) {
  const queue = responses.map((r) => (r instanceof Response ? { response: r } : r));
  let sent = 0;
  const send = async () => {
    sent++;
    const next = queue.shift();
    if (!next) throw new Error(`asked for answer ${sent}, only ${responses.length} given`);
    return next;
  };
  return { send, sent: () => sent };
}

const status = (code: number, headers: Record<string, string> = {}) => new Response("{}", { status: code, headers });

describe("withRetry", () => {
  it("sends once when there is no policy, whatever the answer", async () => {
    const { send, sent } = answers(status(429));
    const clock = recordingClock();
    expect((await withRetry(send, undefined, clock)).response.status).toBe(429);
    expect(sent()).toBe(1);
    expect(clock.waits).toEqual([]);
  });

  it("returns a success at once", async () => {
    const { send, sent } = answers(status(200));
    expect((await withRetry(send, documented, recordingClock())).response.status).toBe(200);
    expect(sent()).toBe(1);
  });

  it("does not retry a status the policy does not name", async () => {
    const { send, sent } = answers(status(500));
    expect((await withRetry(send, documented, recordingClock())).response.status).toBe(500);
    expect(sent()).toBe(1);
  });

  it("backs off exponentially and hands over the last answer after maxAttempts", async () => {
    const { send, sent } = answers(status(503), status(503), status(503), status(503, { "x-last": "yes" }));
    const clock = recordingClock();
    const result = await withRetry(send, documented, clock);
    expect(result.response.headers.get("x-last")).toBe("yes");
    expect(sent()).toBe(4);
    expect(clock.waits).toEqual([100, 200, 400]);
  });

  it("stops as soon as a retried request succeeds", async () => {
    const { send, sent } = answers(status(429), status(201));
    const clock = recordingClock();
    expect((await withRetry(send, documented, clock)).response.status).toBe(201);
    expect(sent()).toBe(2);
    expect(clock.waits).toEqual([100]);
  });

  it("makes exactly one attempt when maxAttempts is 1", async () => {
    const { send, sent } = answers(status(429));
    await withRetry(send, { ...documented, maxAttempts: 1 }, recordingClock());
    expect(sent()).toBe(1);
  });

  it("waits what Retry-After asks, in seconds or until a date on the injected clock", async () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    const { send } = answers(
      status(429, { "retry-after": "1" }),
      status(429, { "retry-after": "Mon, 23 Nov 2026 10:00:05 GMT" }),
      status(429, { "retry-after": "Mon, 23 Nov 2026 09:00:00 GMT" }),
      status(200),
    );
    const clock = recordingClock(now);
    await withRetry(send, { ...documented, maxWaitMs: 10_000 }, clock);
    expect(clock.waits).toEqual([1000, 5000, 0]);
  });

  it("falls back to the backoff when Retry-After is unreadable", async () => {
    const { send } = answers(status(429, { "retry-after": "later" }), status(429, { "retry-after": "1.5" }), status(200));
    const clock = recordingClock(Date.parse("2026-11-23T10:00:00Z"));
    await withRetry(send, documented, clock);
    expect(clock.waits).toEqual([100, 200]);
  });

  it("waits exactly maxWaitMs, but hands over an answer asking for longer", async () => {
    const atLimit = answers(status(429, { "retry-after": "1" }), status(200));
    const clock = recordingClock();
    expect((await withRetry(atLimit.send, documented, clock)).response.status).toBe(200);
    expect(clock.waits).toEqual([1000]);

    const over = answers(status(429, { "retry-after": "2" }));
    const idle = recordingClock();
    expect((await withRetry(over.send, documented, idle)).response.status).toBe(429);
    expect(over.sent()).toBe(1);
    expect(idle.waits).toEqual([]);
  });

  it("stops backing off once the next wait would pass maxWaitMs", async () => {
    const { send, sent } = answers(status(503), status(503), status(503));
    const clock = recordingClock();
    await withRetry(send, { ...documented, backoffMs: 300 }, clock);
    // 300, 600, then 1200 > 1000: the third answer goes to the caller.
    expect(clock.waits).toEqual([300, 600]);
    expect(sent()).toBe(3);
  });

  it("passes the caller's signal to every wait", async () => {
    const { send } = answers(status(429), status(429), status(200));
    const clock = recordingClock();
    const signal = new AbortController().signal;
    await withRetry(send, documented, clock, signal);
    expect(clock.signals).toEqual([signal, signal]);
  });

  it("ends the loop with the clock's rejection when a wait is aborted", async () => {
    const { send, sent } = answers(status(429), status(200));
    const reason = new Error("caller gave up");
    const clock: Clock = { now: () => 0, sleep: async () => Promise.reject(reason) };
    await expect(withRetry(send, documented, clock)).rejects.toBe(reason);
    expect(sent()).toBe(1);
  });

  it("cancels the body of each answer it retries, but not of the one it hands over", async () => {
    const cancelled: number[] = [];
    const streamed = (n: number, code: number) =>
      new Response(new ReadableStream({ pull: () => undefined, cancel: () => void cancelled.push(n) }), { status: code });
    const last = new Response("final", { status: 200 });
    const { send } = answers(streamed(1, 429), streamed(2, 503), last);
    const result = await withRetry(send, documented, recordingClock());
    expect(cancelled).toEqual([1, 2]);
    expect(await result.response.text()).toBe("final");
  });

  it("retries an answer that has no body", async () => {
    const { send, sent } = answers(new Response(null, { status: 503 }), status(200));
    expect((await withRetry(send, documented, recordingClock())).response.status).toBe(200);
    expect(sent()).toBe(2);
  });

  it("retries even when the body of the answer cannot be cancelled", async () => {
    const locked = status(429);
    locked.body!.getReader();
    const { send, sent } = answers(locked, status(202), status(200));
    expect((await withRetry(send, documented, recordingClock())).response.status).toBe(202);
    expect(sent()).toBe(2);
  });

  describe("reasons excepted per status", () => {
    const policy: RetryMeta = { ...documented, except: { "409": { reasonAt: "/errors/0/code", reasons: ["ALIAS_TAKEN", "QUOTA"] } } };
    const conflict = (code: unknown) => ({ response: status(409), error: { errors: [{ code }] } });

    it("hands over at once an answer whose reason no retry can cure", async () => {
      for (const reason of ["ALIAS_TAKEN", "QUOTA"]) {
        const { send, sent } = answers(conflict(reason));
        const clock = recordingClock();
        expect((await withRetry(send, policy, clock)).error).toEqual({ errors: [{ code: reason }] });
        expect(sent()).toBe(1);
        expect(clock.waits).toEqual([]);
      }
    });

    it("retries the same status with another reason, no reason, or a reason that is not a string", async () => {
      for (const error of [{ errors: [{ code: "TOKEN_EXPIRED" }] }, { errors: [] }, undefined, { errors: [{ code: ["ALIAS_TAKEN"] }] }]) {
        const { send, sent } = answers({ response: status(409), error }, status(200));
        expect((await withRetry(send, policy, recordingClock())).response.status, JSON.stringify(error)).toBe(200);
        expect(sent()).toBe(2);
      }
    });

    it("applies an exception only to its own status", async () => {
      const { send, sent } = answers({ response: status(429), error: { errors: [{ code: "ALIAS_TAKEN" }] } }, status(200));
      expect((await withRetry(send, policy, recordingClock())).response.status).toBe(200);
      expect(sent()).toBe(2);
    });
  });
});

describe("systemClock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tells the time of the system", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T10:00:00Z") });
    expect(systemClock.now()).toBe(Date.parse("2026-11-23T10:00:00Z"));
  });

  it("resolves after the wait and leaves no timer or listener behind", async () => {
    vi.useFakeTimers();
    const signal = new AbortController().signal;
    const removed = vi.spyOn(signal, "removeEventListener");
    let settled = false;
    const sleeping = systemClock.sleep(500, signal).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(removed).toHaveBeenCalledWith("abort", expect.any(Function));
  });

  it("resolves without a signal", async () => {
    vi.useFakeTimers();
    const sleeping = systemClock.sleep(10);
    await vi.advanceTimersByTimeAsync(10);
    await expect(sleeping).resolves.toBeUndefined();
  });

  it("rejects with the reason of a signal aborted before the wait, starting no timer", async () => {
    vi.useFakeTimers();
    const reason = new Error("already aborted");
    await expect(systemClock.sleep(500, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the reason of an abort during the wait and clears its timer", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = systemClock.sleep(500, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error("aborted while waiting");
    controller.abort(reason);
    await expect(sleeping).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });
});
