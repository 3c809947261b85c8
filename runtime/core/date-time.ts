/**
 * RFC 3339 §5.6 date-time, JSON Schema's `format: date-time`, which the request checker leaves to
 * the service (runtime/core/rules.ts): the helpers that build or read one (KMS create and filter,
 * the notification's `time`) check it here, alike. The date and time may be joined by `T`, `t`
 * or a space (the RFC's note; ajv-formats, which the mock and the emulator use, reads it so too).
 */
const RFC3339 = /^\d{4}-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** The instant (ms since the epoch) an RFC 3339 date-time names, or undefined when `text` is none. */
export function parseDateTime(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [month, day, hour, minute, second] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  const time = Date.parse(text.replace(" ", "T"));
  return Number.isNaN(time) ? undefined : time;
}
