/**
 * Issue 17 item 6: the client leaves no listener on the caller's AbortSignal and no timer
 * behind, on success, error and timeout; many calls sharing one signal print no warning.
 */
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch, testClient, thrown } from "./harness.js";

const hang = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason)));

describe("listeners on a shared AbortSignal", () => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  afterEach(() => {
    process.off("warning", onWarning);
    warnings.length = 0;
  });

  it("twenty concurrent calls sharing one signal print no MaxListenersExceededWarning", async () => {
    process.on("warning", onWarning);
    const controller = new AbortController();
    const { fetch } = fakeFetch(async () => {
      await new Promise((r) => setTimeout(r, 20));
      return Response.json({});
    });
    const client = testClient({ fetch });
    await Promise.all(Array.from({ length: 20 }, () => client.GET!("/v1/open", { signal: controller.signal })));
    // Warnings are emitted on the next tick.
    await new Promise((r) => setImmediate(r));
    expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("twenty concurrent calls sharing one signal are all aborted by it", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(hang);
    // The deadline only bounds the test if the signal fails to abort the calls.
    const client = testClient({ fetch, timeoutMs: 2000 });
    const calls = Array.from({ length: 20 }, () => thrown(() => client.GET!("/v1/open", { signal: controller.signal })));
    await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error("stop"));
    expect((await Promise.all(calls)).map((e) => e?.message)).toEqual(Array(20).fill("stop"));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("a call that ends does not unlink the others sharing the signal", async () => {
    const controller = new AbortController();
    let first = true;
    const { fetch } = fakeFetch((url, init) => (first ? ((first = false), Response.json({})) : hang(url, init)));
    const client = testClient({ fetch, timeoutMs: 2000 });
    await client.GET!("/v1/open", { signal: controller.signal });
    // The same signal, reused by later calls after the first one finished.
    const later = [thrown(() => client.GET!("/v1/open", { signal: controller.signal })), thrown(() => client.GET!("/v1/open", { signal: controller.signal }))];
    await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error("stop"));
    expect((await Promise.all(later)).map((e) => e?.message)).toEqual(["stop", "stop"]);
  });

  it("while one call still runs, the end of another keeps the signal linked", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch((url, init) => (url.endsWith("/v1/either") ? Response.json({}) : hang(url, init)));
    const client = testClient({ fetch, timeoutMs: 2000 });
    const pending = thrown(() => client.GET!("/v1/open", { signal: controller.signal }));
    await client.GET!("/v1/either", { signal: controller.signal });
    controller.abort(new Error("stop"));
    expect((await pending)?.message).toBe("stop");
  });

  it.each([
    ["success", () => Response.json({}), undefined],
    ["an error response", () => Response.json({}, { status: 500 }), undefined],
    ["a network error", () => Promise.reject(new TypeError("fetch failed")), "ConnectionError"],
    ["a timeout", hang, "TimeoutError"],
  ] as const)("removes its listener after %s", async (_name, answer, errorName) => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(answer as never);
    const outcome = await thrown(() => testClient({ fetch, timeoutMs: 50 }).GET!("/v1/open", { signal: controller.signal }));
    expect(outcome?.name).toBe(errorName);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("removes its listener when the credential provider fails", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { bearerAuth: async () => Promise.reject(new Error("idp down")) } });
    expect(await thrown(() => client.GET!("/v1/either", { signal: controller.signal }))).toMatchObject({ message: "idp down" });
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it.each([
    ["resolves", async () => "tok-1"],
    ["rejects", async () => Promise.reject(new Error("idp down"))],
  ])("leaves no listener on the call's own signal when a provider %s", async (_name, result) => {
    const seen: AbortSignal[] = [];
    const { fetch } = fakeFetch();
    const provider = ({ signal }: { signal: AbortSignal }) => (seen.push(signal), result());
    const outer = new AbortController();
    await testClient({ fetch, credentials: { bearerAuth: provider } }).GET!("/v1/either", { signal: outer.signal }).catch(() => undefined);
    expect(seen).toHaveLength(1);
    expect(getEventListeners(seen[0]!, "abort")).toHaveLength(0);
    expect(getEventListeners(outer.signal, "abort")).toHaveLength(0);
  });

  it("a signal aborted after the call finished does not reach a later call", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.GET!("/v1/open", { signal: controller.signal });
    controller.abort();
    const other = new AbortController();
    await expect(client.GET!("/v1/open", { signal: other.signal })).resolves.toMatchObject({ data: {} });
  });
});

describe("timers", () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ["success", () => Response.json({})],
    ["an error response", () => Response.json({ e: 1 }, { status: 503 })],
    ["a network error", () => Promise.reject(new TypeError("fetch failed"))],
  ])("no timer keeps Node running after %s", async (_name, answer) => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const { fetch } = fakeFetch(answer as never);
    await testClient({ fetch, timeoutMs: 60_000 }).GET!("/v1/open").catch(() => undefined);
    expect(timers()).toBe(before);
  });

  it("a client's calls share one timer, however many are pending (abort.ts, Deadlines)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = fakeFetch(() => held.then(() => Response.json({})));
    const client = testClient({ fetch, timeoutMs: 60_000 });
    const calls = Array.from({ length: 20 }, () => client.GET!("/v1/open"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(1);
    release();
    await Promise.all(calls);
  });

  it("the deadline does not fire into a finished call's signal", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, timeoutMs: 1000 }).GET!("/v1/open");
    vi.advanceTimersByTime(2000);
    expect(sent[0]!.init.signal!.aborted).toBe(false);
  });
});
