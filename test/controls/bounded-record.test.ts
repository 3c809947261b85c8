/**
 * Issue 43, "A bounded request record": the one ring every form records into (the emulator's
 * requests and violations, the Prism mock's and a bare handler's requests, the proxy's
 * violations). It keeps the newest `limit` entries, oldest first, and counts what it saw and
 * dropped; its limit is checked as every option is (InputError in code); and each entry it is
 * given is bounded too (a long path, many or long violation strings are cut and marked).
 */
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import {
  BoundedRecord,
  checkRecordLimit,
  clipProblems,
  clipText,
  DEFAULT_RECORD_LIMIT,
  MAX_PROBLEM_CHARS,
  MAX_RECORD_LIMIT,
  MAX_RECORDED_PATH,
  MAX_RECORDED_PROBLEMS,
} from "../../runtime/controls/bounded-record.js";
import { keptRequest } from "../../runtime/controls/recorder.js";

describe("BoundedRecord", () => {
  it("keeps the newest `limit` entries, oldest first, and counts what it saw and dropped", () => {
    const record = new BoundedRecord<number>(1000);
    for (let i = 0; i < 1500; i++) record.push(i);
    const kept = record.entries();
    expect(kept.length).toBe(1000);
    expect(kept[0]).toBe(500);
    expect(kept.at(-1)).toBe(1499);
    expect(kept.filter((n) => n % 2 === 0).length).toBe(500);
    expect(record.counts()).toEqual({ kept: 1000, seen: 1500, dropped: 500, limit: 1000 });
  });

  it("holds at most `limit` entries whatever it is given (the buffer never grows past it)", () => {
    const record = new BoundedRecord<number>(3);
    for (let i = 0; i < 10_000; i++) record.push(i);
    expect(record.entries()).toEqual([9997, 9998, 9999]);
    expect(record.held()).toBe(3);
  });

  it("answers a snapshot: reading it twice without a push gives the same array, a push a new one", () => {
    const record = new BoundedRecord<number>(2);
    record.push(1);
    const first = record.entries();
    expect(record.entries()).toBe(first);
    record.push(2);
    expect(record.entries()).not.toBe(first);
    expect(first).toEqual([1]);
    expect(Object.isFrozen(record.entries())).toBe(true);
  });

  it("defaults to 1,000 entries; 0 keeps nothing but still counts", () => {
    expect(new BoundedRecord().counts().limit).toBe(DEFAULT_RECORD_LIMIT);
    expect(DEFAULT_RECORD_LIMIT).toBe(1000);
    const none = new BoundedRecord<string>(0);
    for (let i = 0; i < 5; i++) none.push("x");
    expect(none.entries()).toEqual([]);
    expect(none.counts()).toEqual({ kept: 0, seen: 5, dropped: 5, limit: 0 });
  });

  it("clear() empties it and starts the counts over", () => {
    const record = new BoundedRecord<number>(2);
    for (let i = 0; i < 5; i++) record.push(i);
    record.clear();
    expect(record.entries()).toEqual([]);
    expect(record.counts()).toEqual({ kept: 0, seen: 0, dropped: 0, limit: 2 });
    record.push(7);
    expect(record.entries()).toEqual([7]);
  });

  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [MAX_RECORD_LIMIT + 1], ["10"], [null]])("refuses the limit %s with an InputError naming recordLimit", (limit) => {
    expect(() => checkRecordLimit(limit)).toThrow(InputError);
    expect(() => new BoundedRecord(limit as number)).toThrow(/recordLimit: must be a whole number from 0 to 100000/);
    try {
      checkRecordLimit(limit);
    } catch (error) {
      expect(error).toMatchObject({ field: "recordLimit" });
    }
  });

  it("accepts 0, 1 and the largest limit", () => {
    for (const limit of [0, 1, MAX_RECORD_LIMIT]) expect(checkRecordLimit(limit)).toBe(limit);
    expect(checkRecordLimit(undefined)).toBe(DEFAULT_RECORD_LIMIT);
  });
});

describe("each kept entry is bounded", () => {
  it("cuts a long text to its bound, marked", () => {
    expect(clipText("short", 10)).toBe("short");
    const cut = clipText("a".repeat(7900), MAX_RECORDED_PATH);
    expect(cut.length).toBeLessThanOrEqual(MAX_RECORDED_PATH + 40);
    expect(cut).toMatch(/\.\.\.\(7900 characters\)$/);
  });

  it("keeps at most MAX_RECORDED_PROBLEMS violation strings, each cut, and says how many more there were", () => {
    const problems = Array.from({ length: 500 }, (_, i) => `body.items[${i}]: ${"x".repeat(5000)}`);
    const kept = clipProblems(problems);
    expect(kept.length).toBe(MAX_RECORDED_PROBLEMS + 1);
    expect(kept.at(-1)).toBe(`...and ${500 - MAX_RECORDED_PROBLEMS} more`);
    for (const p of kept) expect(p.length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS + 40);
    expect(clipProblems(["a", "b"])).toEqual(["a", "b"]);
  });

  it("a request with a 7.9 KB target keeps about 2 KB of it, marked truncated", () => {
    const path = `/${"p".repeat(7899)}`;
    const entry = keptRequest({ method: "GET", path, operation: undefined, violations: ["x".repeat(9000)], status: 404 });
    expect(entry.truncated).toBe(true);
    expect(entry.path.startsWith(path.slice(0, MAX_RECORDED_PATH))).toBe(true);
    expect(JSON.stringify(entry).length).toBeLessThan(MAX_RECORDED_PATH + MAX_PROBLEM_CHARS + 200);
    const small = { method: "GET", path: "/a?b=1", operation: "op", violations: [], status: 200 };
    expect(keptRequest(small)).toEqual(small);
  });
});
