/**
 * RFC 3339 §5.6 date-time, JSON Schema's `format: date-time`, which the request checker leaves to
 * the service (runtime/core/rules.ts): the helpers that build or read one (KMS create and filter,
 * the notification's `time`) check it here, alike. The date and time may be joined by `T`, `t`
 * or a space (the RFC's note; ajv-formats, which the mock and the emulator use, reads it so too).
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** Days in a month of the proleptic Gregorian calendar (RFC 3339 §5.7). */
function daysIn(year: number, month: number): number {
  return month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The instant (ms since the epoch) an RFC 3339 date-time names, or undefined when `text` is none. */
export function parseDateTime(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [offsetHour, offsetMinute] = [Number(m[7] ?? 0), Number(m[8] ?? 0)];
  // Date.parse rolls 31 February over into March; the RFC's ranges are checked here. A leap second
  // (:60) passes this check, and Date.parse, which cannot read it, refuses it.
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return undefined;
  const time = Date.parse(text.replace(" ", "T"));
  return Number.isNaN(time) ? undefined : time;
}
