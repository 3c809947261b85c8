/**
 * Issue 43, "A bounded request record", on the mock: the Prism mock's record (and the stateful
 * emulator's behind `startMock`) keeps the newest `recordLimit` requests with counts of what it
 * saw; a bad limit is an InputError before anything starts. Any service (the registry's
 * first), at paths no document has, so the test names none.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS, startMock } from "cloud-interfaces/mock";
import { InputError } from "cloud-interfaces/core";

const ID = SERVICE_IDS[0]!;

describe("startMock's request record", () => {
  it("the Prism mock keeps the newest recordLimit requests and counts all", async () => {
    const mock = await startMock(ID, { recordLimit: 1000, write: () => undefined });
    try {
      for (let i = 0; i < 1500; i += 50) await Promise.all(Array.from({ length: 50 }, async (_, j) => (await fetch(`${mock.url}/nowhere/${i + j}`)).text()));
      expect(mock.requests.length).toBe(1000);
      expect(mock.requestsRecorded).toEqual({ kept: 1000, seen: 1500, dropped: 500, limit: 1000 });
      // Sent 50 at a time: the record is in arrival order, so the kept ones are the last 1,000 sent, give or take a batch.
      const kept = new Set(mock.requests.map((r) => Number(r.path.split("/")[2])));
      for (let n = 550; n < 1450; n++) expect(kept.has(n)).toBe(true);
      mock.reset();
      expect(mock.requestsRecorded).toEqual({ kept: 0, seen: 0, dropped: 0, limit: 1000 });
    } finally {
      await mock.close();
    }
  });

  it("--stateful passes the limit to the emulator", async () => {
    const mock = await startMock(ID, { stateful: true, recordLimit: 2, write: () => undefined });
    try {
      for (let i = 0; i < 3; i++) await (await fetch(`${mock.url}/nowhere/${i}`)).text();
      expect(mock.requests.map((r) => r.path)).toEqual(["/nowhere/1", "/nowhere/2"]);
      expect(mock.requestsRecorded).toEqual({ kept: 2, seen: 3, dropped: 1, limit: 2 });
    } finally {
      await mock.close();
    }
  });

  it.each([[-1], [2.5], [Number.NaN], [10_000_000]])("refuses recordLimit %s with an InputError", async (recordLimit) => {
    await expect(startMock(ID, { recordLimit })).rejects.toThrow(InputError);
  });
});
