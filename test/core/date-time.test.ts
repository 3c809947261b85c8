// RFC 3339 §5.6 date-times as the helpers check them (runtime/core/date-time.ts).
import { describe, expect, it } from "vitest";
import { parseDateTime } from "../../runtime/core/date-time.js";

describe("parseDateTime", () => {
  it("reads the RFC's forms: T, t or a space between date and time, Z or an offset, fractions", () => {
    const at = Date.parse("2026-11-20T10:15:00Z");
    for (const text of ["2026-11-20T10:15:00Z", "2026-11-20t10:15:00z", "2026-11-20 10:15:00Z", "2026-11-20T11:15:00+01:00", "2026-11-20T05:15:00-05:00"]) {
      expect(parseDateTime(text), text).toBe(at);
    }
    expect(parseDateTime("2026-11-20T10:15:00.250Z")).toBe(at + 250);
    expect(parseDateTime("2024-02-29T00:00:00Z")).toBe(Date.parse("2024-02-29T00:00:00Z"));
  });

  it("refuses what is no RFC 3339 date-time, whatever Date.parse would read", () => {
    for (const text of [
      "2027-12-31", // a date without a time
      "20 Nov 2026",
      "2026-11-20T10:15:00", // no offset
      "2026-02-31T00:00:00Z", // Date.parse reads 3 March
      "2026-04-31T00:00:00Z",
      "2025-02-29T00:00:00Z", // not a leap year
      "2026-13-01T00:00:00Z",
      "2026-00-10T00:00:00Z",
      "2026-11-00T00:00:00Z",
      "2026-11-20T24:00:00Z",
      "2026-11-20T10:60:00Z",
      "2026-11-20T10:15:00+24:00",
      "2026-11-20T10:15:00+01:60",
      "2026-11-20T10:15Z",
    ]) {
      expect(parseDateTime(text), text).toBeUndefined();
    }
    for (const value of [undefined, null, 20261120, {}]) expect(parseDateTime(value)).toBeUndefined();
  });
});
