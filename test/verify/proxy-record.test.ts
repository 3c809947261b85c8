/**
 * Issue 43, "Memory grows without bound": the validating proxy keeps the newest `recordLimit`
 * violations (default 1,000) but counts them all: `summary()` still says how many of each there
 * were. The upstream is an injected fetch; every request goes to a path no document has (a
 * client violation each), on the registry's first service, so the test names none.
 */
import { describe, expect, it } from "vitest";
import { SERVICE_IDS } from "cloud-interfaces/mock";
import { startProxy, summarize } from "cloud-interfaces/verify";
import { InputError } from "cloud-interfaces/core";

const ID = SERVICE_IDS[0]!;
const upstream = async () => new Response("{}", { status: 404, headers: { "content-type": "application/json" } });

describe("the proxy's violation record", () => {
  it("keeps the newest recordLimit violations and counts all of them in the summary", async () => {
    const lines: string[] = [];
    const proxy = await startProxy(ID, { target: "http://upstream.test", recordLimit: 1000, fetch: upstream, write: (l) => lines.push(l) });
    try {
      for (let i = 0; i < 1500; i += 50) await Promise.all(Array.from({ length: 50 }, async (_, j) => (await fetch(`${proxy.url}/nowhere/${i + j}`)).text()));
      expect(proxy.violations.length).toBe(1000);
      expect(proxy.violationsRecorded).toEqual({ kept: 1000, seen: 1500, dropped: 500, limit: 1000 });
      expect(lines.length).toBe(1500);
      expect(proxy.summary()).toMatch(/1500 violation\(s\)/);
      expect(proxy.summary()).toMatch(/1500× client \(none\): no operation of the document has this path/);
    } finally {
      await proxy.close();
    }
  });

  it("records nothing with recordLimit 0, and still summarises every violation", async () => {
    const proxy = await startProxy(ID, { target: "http://upstream.test", recordLimit: 0, fetch: upstream, write: () => undefined });
    try {
      for (let i = 0; i < 3; i++) await (await fetch(`${proxy.url}/nowhere/${i}`)).text();
      expect(proxy.violations).toEqual([]);
      expect(proxy.summary()).toMatch(/3 violation\(s\)/);
    } finally {
      await proxy.close();
    }
  });

  it("bounds each kept violation: a 7.9 KB path keeps about 2 KB", async () => {
    const proxy = await startProxy(ID, { target: "http://upstream.test", fetch: upstream, write: () => undefined });
    try {
      await (await fetch(`${proxy.url}/nowhere/${"a".repeat(7900)}`)).text();
      expect(proxy.violations[0]!.path.length).toBeLessThan(2100);
      expect(proxy.violations[0]!.truncated).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it("summarize still takes a list of violations", () => {
    expect(summarize("svc", [{ side: "request", operation: "op", method: "GET", path: "/", problems: ["p"] }])).toMatch(/1× client op: p/);
  });

  it.each([[-1], [0.5], [Number.NaN], [1e12]])("refuses recordLimit %s with an InputError", async (recordLimit) => {
    await expect(startProxy(ID, { target: "http://upstream.test", recordLimit })).rejects.toThrow(InputError);
  });
});
