/**
 * Issue 17 item 5: one deadline (timeoutMs) covers credential resolution, the request and
 * reading the body; the caller's signal also cancels a call waiting for a token provider.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordingServer } from "../harness/recording-server.js";
import { fakeFetch, SECRET, testClient, thrown } from "./harness.js";

const never = () => new Promise<string>(() => undefined);

describe("credential resolution", () => {
  it("a provider that never resolves times out after timeoutMs, and nothing is sent", async () => {
    const { sent, fetch } = fakeFetch();
    // The provider never resolves, so only the 100 ms deadline (not the 30 s default, past this
    // test's own limit) can end the call; the message names the limit that did.
    const error = await thrown(() => testClient({ fetch, timeoutMs: 100, credentials: { bearerAuth: never } }).GET!("/v1/either"));
    expect(error).toMatchObject({ name: "TimeoutError", timeoutMs: 100, message: "either: no complete answer within timeoutMs (100 ms)" });
    expect(sent).toEqual([]);
  });

  it("times out a provider that never resolves even when garbage collection runs while it waits", async () => {
    // The Request's own signal follows the deadline through a weak reference only; a wait that
    // listened there would never end once the waiting Request is collected.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const { sent, fetch } = fakeFetch();
    const collecting = setInterval(gc, 5);
    let verdict: NodeJS.Timeout | undefined;
    try {
      const outcome = await Promise.race([
        thrown(() => testClient({ fetch, timeoutMs: 100, credentials: { bearerAuth: never } }).GET!("/v1/either")),
        // A verdict before the test's own limit, generous for a loaded machine.
        new Promise((resolve) => (verdict = setTimeout(() => resolve("still waiting after 15 s"), 15_000))),
      ]);
      expect(outcome).toMatchObject({ name: "TimeoutError" });
    } finally {
      clearInterval(collecting);
      clearTimeout(verdict);
    }
    expect(sent).toEqual([]);
  });

  it("the caller's abort cancels a pending provider, with the caller's reason", async () => {
    const { sent, fetch } = fakeFetch();
    const controller = new AbortController();
    const pending = thrown(() => testClient({ fetch, timeoutMs: 2000, credentials: { apiKey: never, userToken: "u", session: "s" } }).POST!("/v1/keys", { body: {}, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("caller gave up")), 20);
    expect(await pending).toMatchObject({ message: "caller gave up" });
    expect(sent).toEqual([]);
  });

  it("an already aborted signal stops the call before the provider is asked", async () => {
    const provider = vi.fn(async () => SECRET.bearer);
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, credentials: { bearerAuth: provider } }).GET!("/v1/either", { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ name: "AbortError" });
    expect(provider).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it("the time spent resolving counts against the same deadline as the request", async () => {
    // 80 ms for the token, then a server that answers after 80 ms: 160 ms in all, more than the 120 ms limit.
    const slowToken = () => new Promise<string>((resolve) => setTimeout(() => resolve(SECRET.bearer), 80));
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve(Response.json({})), 80);
          init.signal!.addEventListener("abort", () => (clearTimeout(timer), reject(init.signal!.reason)));
        }),
    );
    const error = await thrown(() => testClient({ fetch, timeoutMs: 120, credentials: { bearerAuth: slowToken } }).GET!("/v1/either"));
    expect(error).toMatchObject({ name: "TimeoutError" });
  });

  it("the provider is given the call's signal, which aborts at the deadline so it can stop its own work", async () => {
    const seen: AbortSignal[] = [];
    const provider = ({ signal }: { signal: AbortSignal }) => (seen.push(signal), never());
    const error = await thrown(() => testClient({ timeoutMs: 50, credentials: { bearerAuth: provider } }).GET!("/v1/either"));
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(seen[0]!.aborted).toBe(true);
    expect(seen[0]!.reason).toBe(error);
  });

  it("a provider error reaches the caller as it is", async () => {
    const error = await thrown(() => testClient({ credentials: { bearerAuth: async () => Promise.reject(new Error("idp down")) } }).GET!("/v1/either"));
    expect(error).toMatchObject({ message: "idp down" });
  });
});

describe("reading the body", () => {
  let trickling: Awaited<ReturnType<typeof recordingServer>>;
  beforeAll(async () => {
    // Headers and the first bytes at once, the rest never.
    trickling = await recordingServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"a":');
    });
  });
  afterAll(() => trickling.close());

  it("a body that never ends times out after timeoutMs", async () => {
    const error = await thrown(() => testClient({ baseUrl: trickling.url, timeoutMs: 150 }).GET!("/v1/open"));
    expect(error).toMatchObject({ name: "TimeoutError" });
  });
});

/**
 * The deadline ends the call itself, whatever the transport does with the signal beside the
 * Request. A caller's fetch that ignores `init.signal`, or one that rebuilds the Request
 * (`new Request(input, init)`), whose signal undici links to the deadline through a weak
 * reference only (nodejs/undici#4068, open): once that Request is collected, aborting the
 * deadline reaches nothing, and the call waited for the server (http-faults: 9 s, not 200 ms).
 */
describe("a transport that does not honour the call's signal", () => {
  /** The call's outcome, or a verdict well before the test's own limit (generous for a loaded machine). */
  const outcome = async (work: () => Promise<unknown>) => {
    let verdict: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([thrown(work), new Promise((resolve) => (verdict = setTimeout(() => resolve("still waiting after 4 s"), 4_000)))]);
    } finally {
      clearTimeout(verdict);
    }
  };

  it("a fetch that never settles and ignores the signal still ends at timeoutMs", async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => undefined));
    expect(await outcome(() => testClient({ fetch, timeoutMs: 100 }).GET!("/v1/either"))).toMatchObject({ name: "TimeoutError", timeoutMs: 100 });
  });

  it("a body that never ends, from a fetch that ignores the signal, still ends at timeoutMs", async () => {
    const { fetch } = fakeFetch(() => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"a":')) }), { headers: { "content-type": "application/json" } }));
    expect(await outcome(() => testClient({ fetch, timeoutMs: 100 }).GET!("/v1/either"))).toMatchObject({ name: "TimeoutError" });
  });

  describe("a fetch that rebuilds the Request, while garbage collection runs", () => {
    let silent: Awaited<ReturnType<typeof recordingServer>>;
    beforeAll(async () => {
      silent = await recordingServer(() => undefined);
    });
    afterAll(() => silent.close());

    it("ends at timeoutMs, though undici's copy of the signal is lost with the collected Request", async () => {
      setFlagsFromString("--expose-gc");
      const gc = runInNewContext("gc") as () => void;
      const rebuilding = ((input: Request, init?: RequestInit) => globalThis.fetch(new Request(input, init))) as typeof globalThis.fetch;
      const collecting = setInterval(gc, 5);
      try {
        for (let i = 0; i < 5; i++) {
          expect(await outcome(() => testClient({ baseUrl: silent.url, fetch: rebuilding, timeoutMs: 100 }).GET!("/v1/open")), `call ${i}`).toMatchObject({ name: "TimeoutError" });
        }
      } finally {
        clearInterval(collecting);
      }
    });
  });
});
