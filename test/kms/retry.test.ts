/** The retry policy of the kms client, driven by a scripted fetch and a clock that never sleeps. */
import { describe, expect, it } from "vitest";
import { ApiError, InputError } from "cloud-interfaces/core";
import { createKmsClient, kmsV2Service } from "cloud-interfaces/kms-v2";
import { retryAfterMs } from "cloud-interfaces/kms-v2";
import type { RetryOption } from "cloud-interfaces/kms-v2";
import { INSTANCE, TOKEN, errorBody, fakeClock, keyBody, keyId, rejection, scriptedFetch } from "./fakes.js";

type Reply = Parameters<typeof scriptedFetch>[0];

/** The document's x-retry of create (409 and 429), read from the generated meta. */
const CREATE_RETRY = kmsV2Service.operations["POST /api/v2/keys"].retry!;

function setup(replies: Reply, retry?: RetryOption) {
  const clock = fakeClock();
  const { sent, fetch } = scriptedFetch(replies);
  const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch, clock, retry });
  return { kms, sent, clock };
}

const created = { status: 201, body: keyBody([keyId(1)]) };
const tooMany = (headers?: Record<string, string>) => ({ status: 429, body: errorBody("Too Many Requests: window"), headers });
const conflict = (code?: string) => ({ status: 409, body: errorBody("Conflict: import token", code) });

describe("429: wait for the rate-limit window", () => {
  it("waits Retry-After seconds, then succeeds", async () => {
    const { kms, sent, clock } = setup([tooMany({ "Retry-After": "3" }), created]);
    expect((await kms.createKey({ name: "k" })).id).toBe(keyId(1));
    expect(clock.waits).toEqual([3000]);
    expect(sent).toHaveLength(2);
  });

  it("waits until a Retry-After HTTP date", async () => {
    const clock = fakeClock(Date.parse("2026-03-01T10:00:00Z"));
    const { sent, fetch } = scriptedFetch([tooMany({ "Retry-After": "Sun, 01 Mar 2026 10:00:07 GMT" }), { status: 200, body: keyBody([]) }]);
    const kms = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch, clock });
    expect((await kms.listPage()).keys).toEqual([]);
    expect(clock.waits).toEqual([7000]);
    expect(sent).toHaveLength(2);
  });

  it("backs off exponentially without Retry-After and gives up after the bounded attempts", async () => {
    const { kms, sent, clock } = setup([tooMany()], { maxAttempts: 4, backoffMs: 100 });
    const error = await rejection(kms.countKeys());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429 });
    expect(sent).toHaveLength(4);
    expect(clock.waits).toEqual([100, 200, 400]);
  });

  it("hands a window longer than maxWaitMs to the caller instead of sleeping", async () => {
    const { kms, sent, clock } = setup([tooMany({ "Retry-After": "3600" })], { maxWaitMs: 60_000 });
    expect(await rejection(kms.listPage())).toMatchObject({ status: 429 });
    expect(sent).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });

  it("keeps the correlation id of the call across retries", async () => {
    const { kms, sent } = setup([tooMany({ "Retry-After": "0" }), created]);
    await kms.createKey({ name: "k" });
    const ids = sent.map((s) => s.headers.get("correlation-id"));
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
  });
});

describe("409 on create: retried a bounded number of times", () => {
  it("retries an exhausted or expired import token with the document's backoff and succeeds", async () => {
    const { kms, sent, clock } = setup([conflict(), conflict("IMPORT_TOKEN_EXPIRED_ERR"), created]);
    expect((await kms.createKey({ name: "k", payload: "AAAA" })).id).toBe(keyId(1));
    expect(sent).toHaveLength(3);
    expect(clock.waits).toEqual([CREATE_RETRY.backoffMs, 2 * CREATE_RETRY.backoffMs]);
  });

  it("stops after maxAttempts and reports the 409", async () => {
    const { kms, sent } = setup([conflict()], { maxAttempts: 3 });
    expect(await rejection(kms.createKey({ name: "k" }))).toMatchObject({ status: 409 });
    expect(sent).toHaveLength(3);
  });

  it.each(["KEY_ALIAS_NOT_UNIQUE_ERR", "KEY_CREATE_IMPORT_ACCESS_ERR"])("does not retry the permanent conflict %s", async (code) => {
    const { kms, sent } = setup([conflict(code), created]);
    const error = await rejection(kms.createKey({ name: "k", aliases: ["a"] }));
    expect(error).toMatchObject({ status: 409, body: { resources: [{ reasons: [{ code }] }] } });
    expect(sent).toHaveLength(1);
  });

  it("does not retry a 409 of another operation", async () => {
    const { kms, sent } = setup([{ status: 409, body: errorBody("Conflict") }, { status: 200, body: keyBody([]) }]);
    expect(await rejection(kms.listPage())).toMatchObject({ status: 409 });
    expect(sent).toHaveLength(1);
  });
});

describe("nothing else is retried", () => {
  it.each([400, 401, 403, 404, 500, 503])("%i is reported after one request", async (status) => {
    const { kms, sent, clock } = setup([{ status, body: errorBody("failed") }, created]);
    expect(await rejection(kms.createKey({ name: "k" }))).toMatchObject({ status });
    expect(sent).toHaveLength(1);
    expect(clock.waits).toEqual([]);
  });
});

describe("retry options and Retry-After parsing", () => {
  it.each([
    [{ maxAttempts: 0 }, "retry.maxAttempts"],
    [{ backoffMs: -1 }, "retry.backoffMs"],
    [{ maxWaitMs: 1.5 }, "retry.maxWaitMs"],
  ])("rejects %j", (retry, field) => {
    expect(() => createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, retry })).toThrow(InputError);
    try {
      createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, retry });
    } catch (e) {
      expect(e).toMatchObject({ field, rule: "minimum" });
    }
  });

  it("reads delay-seconds and HTTP dates, ignores the rest", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Sun, 01 Mar 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
