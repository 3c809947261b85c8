/**
 * The run-time helpers the build's precompiled validators call, written here so that the
 * emulators and MSW need no Ajv installed: a string's length in code points (JSON Schema's
 * `maxLength`), and the formats the documents use that ajv-formats defines as code rather than a
 * regular expression (Ajv inlines those). Each is ajv-formats 3's "full" definition, the same
 * expressions (MIT, © Evgeny Poberezkin): test/emulator/formats.test.ts compares them with
 * ajv-formats on valid and invalid inputs, and the build refuses a format missing here.
 */

/** Ajv's `ucs2length`: a surrogate pair counts once. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    // A high surrogate followed by a low one is one code point.
    if (value >= 0xd800 && value <= 0xdbff && pos < len && (str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * ajv-formats splits at /t|\s/i and wants two parts, a date and a time; neither part can hold a
 * `t` or a space, so one expression reads both, and the same checks follow (each list item of an
 * answer has several dates: this was a third of a 200-key page's cost).
 */
const DATE_TIME = /^(\d\d\d\d)-(\d\d)-(\d\d)(?:t|\s)(\d\d):(\d\d):(\d\d(?:\.\d+)?)(?:z|([+-])(\d\d)(?::?(\d\d))?)$/i;

/**
 * Dates an answer checks repeat: every list answer checks again the dates its records had at the
 * last one. Valid ones are remembered (a pure function; at most 4,096 strings, then forgotten).
 */
const validDateTimes = new Set<string>();

function dateTime(str: string): boolean {
  if (validDateTimes.has(str)) return true;
  if (!readDateTime(str)) return false;
  if (validDateTimes.size >= 4096) validDateTimes.clear();
  validDateTimes.add(str);
  return true;
}

function readDateTime(str: string): boolean {
  const m = DATE_TIME.exec(str);
  if (!m) return false;
  const year = +m[1]!;
  const month = +m[2]!;
  const day = +m[3]!;
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!))) return false;
  const hr = +m[4]!;
  const min = +m[5]!;
  const sec = +m[6]!;
  const tzSign = m[7] === "-" ? -1 : 1;
  const tzH = +(m[8] || 0);
  const tzM = +(m[9] || 0);
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * tzSign;
  const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

/** For formatMinimum and the like (ajv-formats' keywords), which Ajv calls as `.compare`. */
function compareDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const d1 = new Date(dt1).valueOf();
  const d2 = new Date(dt2).valueOf();
  if (!(d1 && d2)) return undefined;
  return d1 - d2;
}

const NOT_URI_FRAGMENT = /\/|:/;
// http://jmrware.com/articles/2009/uri_regexp/URI_regex.html, as ajv-formats has it.
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

function uri(str: string): boolean {
  return NOT_URI_FRAGMENT.test(str) && URI.test(str);
}

/**
 * The formats the precompiled validators reach as `validatorFormats.<name>`, each in ajv-formats'
 * shape (a function, or `{ validate, compare }`): Ajv's generated code calls it as built.
 */
export const validatorFormats: Readonly<Record<string, ((data: string) => boolean) | { validate: (data: string) => boolean; compare: (a: string, b: string) => number | undefined }>> = {
  "date-time": { validate: dateTime, compare: compareDateTime },
  uri,
};
