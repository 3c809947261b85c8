/**
 * Behaviours of the client core that the mutation run (npm run mutate) found untested: each
 * test here failed against at least one surviving mutant of create-client.ts, abort.ts or
 * retry-loop.ts (see /work/notes/mutants.md). Counts, never times.
 */
import { getEventListeners } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { Deadline, linkAbort } from "../../runtime/core/abort.js";
import { createServiceClient } from "../../runtime/core/create-client.js";
import { REDACTED } from "../../runtime/core/redact.js";
import { retryAfterMs, systemClock } from "../../runtime/core/retry-loop.js";
import type { Clock, RetryMeta } from "../../runtime/core/retry.js";
import type { OperationMeta, ServiceMeta } from "../../runtime/core/service-meta.js";
import { unwrap } from "../../runtime/core/unwrap.js";
import { fakeFetch, meta, testClient, thrown } from "./harness.js";

/** A clock whose waits end at once: the retry loop's count of attempts is what these tests read. */
const instant: Clock = { sleep: async () => undefined, now: () => 0 };
const policy: RetryMeta = { statuses: [503], maxAttempts: 3, backoffMs: 10, maxWaitMs: 1000 };
/** The harness service with a retry policy on some of its operations. */
const withRetry = (keys: string[], retry: RetryMeta = policy): ServiceMeta => ({
  ...meta,
  operations: Object.fromEntries(Object.entries(meta.operations).map(([key, op]) => [key, keys.includes(key) ? { ...op, retry } : op])),
});
const retryingClient = (keys: string[], fetch: typeof globalThis.fetch, options: Record<string, unknown> = {}) =>
  createServiceClient(withRetry(keys), { baseUrl: "https://api.example.com/base", credentials: {}, bind: { instance_id: "inst-1" }, fetch, clock: instant, ...options }) as any;

/** A fetch whose answers wait for `release()`, recording each Request as it arrives. */
function gatedFetch() {
  const requests: Request[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const fetch = (async (request: Request) => {
    requests.push(request);
    await gate;
    return Response.json({});
  }) as unknown as typeof globalThis.fetch;
  return { requests, fetch, release: () => open() };
}

describe("linkAbort and Deadline (abort.ts)", () => {
  it("concurrent calls sharing a signal add one abort listener to it, and remove it when the last ends", async () => {
    const controller = new AbortController();
    const { fetch, release, requests } = gatedFetch();
    const client = testClient({ fetch });
    const calls = [1, 2, 3].map(() => client.GET!("/v1/open", { signal: controller.signal }));
    // All three in flight (a client's first calls wait for its request path to load: calls.ts).
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    release();
    await Promise.all(calls);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("links every inner abortable to the one listener of a shared signal", () => {
    const outer = new AbortController();
    const [a, b] = [new AbortController(), new AbortController()];
    const unlinkA = linkAbort(outer.signal, a);
    linkAbort(outer.signal, b);
    expect(getEventListeners(outer.signal, "abort")).toHaveLength(1);
    unlinkA();
    const reason = new Error("stop");
    outer.abort(reason);
    expect([a.signal.aborted, b.signal.reason]).toEqual([false, reason]);
  });

  it("hands out one signal per Deadline, which its abort reaches", () => {
    const deadline = new Deadline();
    const first = deadline.signal;
    expect(deadline.signal).toBe(first);
    deadline.abort("late");
    expect([first.aborted, first.reason]).toEqual([true, "late"]);
  });

  it("a signal first asked for after the abort is already aborted, with the reason", () => {
    const deadline = new Deadline();
    deadline.abort("timed out");
    expect([deadline.signal.aborted, deadline.signal.reason]).toEqual([true, "timed out"]);
  });

  it("keeps the first reason: a later abort (the caller's, after the timeout) changes nothing", async () => {
    const deadline = new Deadline();
    const signal = deadline.signal;
    const waiting = deadline.until(new Promise(() => undefined));
    deadline.abort("first");
    deadline.abort("second");
    expect(() => deadline.throwIfAborted()).toThrow("first");
    expect(signal.reason).toBe("first");
    await expect(waiting).rejects.toBe("first");
  });

  it("until() after the end rejects with the reason, even for work that has settled", async () => {
    const deadline = new Deadline();
    deadline.abort("over");
    await expect(deadline.until(Promise.resolve("done"))).rejects.toBe("over");
  });
});

describe("client creation (create-client.ts)", () => {
  it("takes a partial retry override, keeping the document's other fields", async () => {
    const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
    const client = retryingClient(["GET /v1/open"], fetch, { retry: { maxAttempts: 2 } });
    expect((await client.GET("/v1/open")).response.status).toBe(503);
    expect(sent).toHaveLength(2);
    expect(() => retryingClient([], fetch, { retry: { backoffMs: 5 } })).not.toThrow();
  });

  it("fills a path template that ends like a shorter one, whatever the order the document lists them in", async () => {
    const open: OperationMeta = { operationId: "short", security: [], requestMediaTypes: ["application/json"], parseAs: "json", redirect: "error", query: {} };
    const tails: ServiceMeta = {
      id: "tails-v1",
      servers: [{ name: "public", url: "https://api.example.com", variables: {} }],
      bind: [],
      securitySchemes: {},
      // The shorter template first: it is a tail of the longer one.
      operations: { "GET /b/{id}": open, "GET /a/{x}/b/{id}": { ...open, operationId: "long" } },
    };
    const { sent, fetch } = fakeFetch();
    const client = createServiceClient(tails, { fetch }) as any;
    await client.GET("/a/{x}/b/{id}", { params: { path: { x: "one", id: "two" } } });
    await client.GET("/b/{id}", { params: { path: { id: "three" } } });
    expect(sent.map((s) => s.url)).toEqual(["https://api.example.com/a/one/b/two", "https://api.example.com/b/three"]);
  });

  it("masks a credential header configured on the client even when a call sent another value", async () => {
    // The server echoes the configured key although this call replaced it (a stale key in its message).
    const { fetch } = fakeFetch(() => new Response("key lvl-KEY-1 and lvl-TOKEN-2 revoked", { status: 401 }));
    const client = testClient({ fetch, credentials: {}, headers: { "X-ApiKey": "lvl-KEY-1", Authorization: "Token lvl-TOKEN-2" } });
    const error = await thrown(async () => unwrap(await client.GET!("/v1/open", { headers: { "X-ApiKey": "call-KEY-3", Authorization: "Token call-TOKEN-4" } })));
    expect(error.body).toBe(`key ${REDACTED} and ${REDACTED} revoked`);
  });

  it("client.request with a lower-case method applies the operation's document choices (parseAs)", async () => {
    const { fetch } = fakeFetch(() => new Response("plain words", { headers: { "content-type": "text/plain" } }));
    const result = await (testClient({ fetch }) as any).request("get", "/v1/text");
    expect(result.data).toBe("plain words");
  });
});

describe("attempts after the first (retry-loop.ts)", () => {
  it("sends every attempt with the operation's redirect mode", async () => {
    const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
    const client = retryingClient(["GET /v1/open", "GET /v1/keys/{id}"], fetch);
    await client.GET("/v1/open");
    await client.GET("/v1/keys/{id}", { params: { path: { id: "k" } } });
    expect(sent.map((s) => s.init.redirect)).toEqual(["error", "error", "error", "manual", "manual", "manual"]);
  });

  it("hands a 3xx answer to a retried attempt to the caller, unfollowed, when the call does not ask to follow", async () => {
    let count = 0;
    const { sent, fetch } = fakeFetch(() =>
      ++count === 1 ? new Response("busy", { status: 503 }) : new Response(null, { status: 302, headers: { location: "https://api.example.com/base/v1/open" } }),
    );
    const client = retryingClient(["GET /v1/keys/{id}"], fetch);
    const result = await client.GET("/v1/keys/{id}", { params: { path: { id: "k" } } });
    expect(result.response.status).toBe(302);
    expect(sent).toHaveLength(2);
  });

  it("leaves the body of an answer it does not retry unread, for the caller", async () => {
    let count = 0;
    let pulls = 0;
    const chunks = 50;
    const streaming = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (++pulls > chunks) controller.close();
            else controller.enqueue(new TextEncoder().encode("x"));
          },
        },
        { highWaterMark: 0 },
      );
    const { fetch } = fakeFetch(() => (++count === 1 ? new Response("busy", { status: 503 }) : new Response(streaming())));
    const client = retryingClient(["GET /v1/open"], fetch);
    const result = await client.GET("/v1/open", { parseAs: "stream" });
    expect(count).toBe(2);
    // Nothing read the body on the way: the stream is pulled only as the caller reads it.
    expect(pulls).toBeLessThan(chunks);
    expect(await new Response(result.data).text()).toBe("x".repeat(chunks));
  });

  it("a wait ended by an abort leaves no listener on the signal", async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort("stop");
    await expect(sleeping).rejects.toBe("stop");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("ignores a Retry-After that opens with fewer than three letters, which Date.parse takes for a date in 2001", () => {
    for (const value of ["a 5", "Z 2001", "T 1"]) expect(retryAfterMs(value, 0), value).toBeUndefined();
  });
});
