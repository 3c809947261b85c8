/**
 * A handler that never answers (HANDLER_TIMEOUT_MS, runtime/http/limits.ts) gets the front end's
 * 500 in the document's error shape, and the handler is told it was abandoned; one that answers in
 * time is answered as it answered. Time is the test's: the timers and `performance` are faked, the
 * client is node:http (its timers are Node's own, not the faked globals).
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startFront } from "../../runtime/http/front.js";
import { HANDLER_TIMEOUT_MS } from "../../runtime/http/limits.js";

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Lets the event loop run I/O without advancing the faked clock. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe("the handler limit", () => {
  afterEach(() => vi.useRealTimers());

  it("answers a handler that never settles with a 500 once the limit has passed, not before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance", "Date"] });
    const lines: string[] = [];
    let called = 0;
    const front = await startFront({ service: "hang", dispatch: () => (called++, new Promise(() => undefined)), write: (l) => lines.push(l) }, { port: 0 });
    try {
      let answer: { status: number; body: string } | undefined;
      const pending = get(`${front.url}/slow`).then((a) => (answer = a));
      for (let i = 0; i < 200 && called === 0; i++) await turns(1);
      expect(called).toBe(1);
      await vi.advanceTimersByTimeAsync(HANDLER_TIMEOUT_MS - 100);
      await turns(20);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(HANDLER_TIMEOUT_MS);
      await pending;
      expect(answer!.status).toBe(500);
      expect(JSON.parse(answer!.body)).toMatchObject({ status: 500 });
      expect(lines.join("\n")).toContain(`handler took longer than ${HANDLER_TIMEOUT_MS} ms`);
    } finally {
      vi.useRealTimers();
      await front.close();
    }
  });

  it("answers a handler that settles in time with its own answer, and arms nothing that fires later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance", "Date"] });
    const lines: string[] = [];
    const front = await startFront({ service: "quick", dispatch: async () => ({ status: 200, headers: { "content-type": "text/plain" }, body: "ok" }), write: (l) => lines.push(l) }, { port: 0 });
    try {
      const answer = await get(`${front.url}/quick`);
      expect(answer).toEqual({ status: 200, body: "ok" });
      await vi.advanceTimersByTimeAsync(3 * HANDLER_TIMEOUT_MS);
      expect(lines.filter((l) => l.includes("took longer"))).toEqual([]);
    } finally {
      vi.useRealTimers();
      await front.close();
    }
  });
});
