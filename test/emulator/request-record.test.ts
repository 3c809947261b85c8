/**
 * Issue 43, "Memory grows without bound": an emulator keeps a bounded record of the requests it
 * received (default 1,000, `recordLimit`), the oldest dropped first, with counts of what it saw;
 * the same through `serveHandler`, for an emulator and for a bare handler. Bounds are asserted
 * by counting entries and bytes. Any service: the first the registry lists, at paths no
 * document has (each a 404 that addresses no operation), so the test names none.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { createEmulator, lazyEmulator, serveHandler } from "cloud-interfaces/emulator";
import { InputError } from "cloud-interfaces/core";

const ID = SERVICE_IDS[0]!;
const BASE = "http://emulator.test";
const get = (path: string) => ({ method: "GET", url: `${BASE}${path}`, headers: new Headers(), text: async () => "" });

describe("createEmulator's request record", () => {
  it("keeps the newest recordLimit requests, oldest first, and counts all it saw", async () => {
    const emulator = createEmulator(ID, { recordLimit: 1000 });
    for (let i = 0; i < 1500; i++) await emulator.dispatch(get(`/nowhere/${i}`));
    expect(emulator.requests.length).toBe(1000);
    expect(emulator.requests[0]!.path).toBe("/nowhere/500");
    expect(emulator.requests.at(-1)!.path).toBe("/nowhere/1499");
    expect(emulator.requests.filter((r) => r.status === 404).length).toBe(1000);
    expect(emulator.requestsRecorded).toEqual({ kept: 1000, seen: 1500, dropped: 500, limit: 1000 });
    emulator.reset();
    expect(emulator.requests).toEqual([]);
    expect(emulator.requestsRecorded).toEqual({ kept: 0, seen: 0, dropped: 0, limit: 1000 });
  });

  it("keeps 1,000 by default; 0 keeps none and still counts", async () => {
    const emulator = createEmulator(ID);
    for (let i = 0; i < 1001; i++) await emulator.dispatch(get(`/nowhere/${i}`));
    expect(emulator.requests.length).toBe(1000);
    expect(emulator.requests[0]!.path).toBe("/nowhere/1");
    const none = createEmulator(ID, { recordLimit: 0 });
    for (let i = 0; i < 3; i++) await none.dispatch(get(`/nowhere/${i}`));
    expect(none.requests).toEqual([]);
    expect(none.requestsRecorded).toMatchObject({ kept: 0, seen: 3, dropped: 3 });
  });

  it("keeps about 2 KB of a 7.9 KB request target, marked truncated", async () => {
    const emulator = createEmulator(ID, { recordLimit: 100 });
    const long = `/nowhere/${"a".repeat(7900)}`;
    for (let i = 0; i < 100; i++) await emulator.dispatch(get(long));
    const entry = emulator.requests[0]!;
    expect(entry.truncated).toBe(true);
    expect(entry.path.startsWith(long.slice(0, 2048))).toBe(true);
    expect(entry.path.length).toBeLessThan(2100);
    // 100 entries of a 7.9 KB target: what the record holds, counted in bytes.
    expect(JSON.stringify(emulator.requests).length).toBeLessThan(100 * 2300);
  });

  it.each([[-1], [1.5], [Number.NaN], [1e9]])("refuses recordLimit %s with an InputError", (recordLimit) => {
    expect(() => createEmulator(ID, { recordLimit })).toThrow(InputError);
    expect(() => createEmulator(ID, { recordLimit })).toThrow(/recordLimit/);
  });
});

describe("lazyEmulator's request record (what mswEmulator runs)", () => {
  it("refuses a bad recordLimit at once, not on the first request", () => {
    expect(() => lazyEmulator(ID, { recordLimit: -1 })).toThrow(InputError);
  });

  it("says its limit before it loads, and keeps that many after", async () => {
    const emulator = lazyEmulator(ID, { recordLimit: 2 });
    expect(emulator.requestsRecorded).toEqual({ kept: 0, seen: 0, dropped: 0, limit: 2 });
    for (let i = 0; i < 3; i++) await emulator.dispatch(get(`/nowhere/${i}`));
    expect(emulator.requests.map((r) => r.path)).toEqual(["/nowhere/1", "/nowhere/2"]);
    expect(emulator.requestsRecorded).toEqual({ kept: 2, seen: 3, dropped: 1, limit: 2 });
  });
});

describe("serveHandler's request record", () => {
  it("a bare handler's record is bounded by recordLimit, with its counts", async () => {
    const served = await serveHandler(async () => new Response("ok"), { recordLimit: 10 });
    try {
      for (let i = 0; i < 15; i++) await (await fetch(`${served.url}/r/${i}`)).text();
      expect(served.requests.map((r) => r.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/r/${i + 5}`));
      expect(served.requestsRecorded).toEqual({ kept: 10, seen: 15, dropped: 5, limit: 10 });
      served.reset();
      expect(served.requestsRecorded.seen).toBe(0);
    } finally {
      await served.close();
    }
  });

  it("an emulator served over HTTP keeps its own bound; a different recordLimit there is an InputError", async () => {
    const emulator = createEmulator(ID, { recordLimit: 5 });
    await expect(serveHandler(emulator, { recordLimit: 7 })).rejects.toThrow(InputError);
    const served = await serveHandler(emulator, { recordLimit: 5 });
    try {
      for (let i = 0; i < 8; i++) await (await fetch(`${served.url}/nowhere/${i}`)).text();
      expect(served.requests.map((r) => r.path)).toEqual(["/nowhere/3", "/nowhere/4", "/nowhere/5", "/nowhere/6", "/nowhere/7"]);
      expect(served.requestsRecorded).toEqual({ kept: 5, seen: 8, dropped: 3, limit: 5 });
    } finally {
      await served.close();
    }
  });

  it("refuses a bad recordLimit before it listens", async () => {
    await expect(serveHandler(async () => new Response("ok"), { recordLimit: -1 })).rejects.toThrow(InputError);
  });
});
