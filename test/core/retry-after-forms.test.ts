// Defect found by the mutation run (retry-loop.ts:87 `/\d{4}$/` -> `/\d$/` survives): retryAfterMs
// reads text that opens with three letters but is no HTTP-date (RFC 9110 §5.6.7) as a date,
// although its contract is "delay-seconds or an HTTP date; anything else is ignored".
import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../../runtime/core/retry-loop.js";

describe("retryAfterMs", () => {
  it("ignores text that opens with a day or month name but is none of the three HTTP-date forms", () => {
    const now = Date.parse("1994-11-06T08:49:30Z");
    for (const value of ["Nov 6 1994 08:49:37", "Sun Nov 6 08:49:37 94", "Sun 1994-11-06 08:49:37", "Mon 2001"]) {
      expect(retryAfterMs(value, now), value).toBeUndefined();
    }
  });
});
