/**
 * The precompiled validators call the package's own helpers (runtime/emulator/formats.ts) where
 * Ajv's code would require ajv and ajv-formats: each must answer exactly as Ajv's `ucs2length` and
 * ajv-formats' "full" formats do (devDependencies here, the reference), on valid and invalid
 * inputs, and every format the generated modules reach must be one of them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { ucs2length, validatorFormats } from "../../runtime/emulator/formats.js";
import { GENERATED_DIR } from "../../scripts/lib/paths.js";
import { readServices } from "../../scripts/lib/services.js";

const ajvUcs2length = ((ucs2lengthModule as { default?: unknown }).default ?? ucs2lengthModule) as (s: string) => number;

const INPUTS: Record<string, string[]> = {
  "date-time": [
    "2026-11-29T01:02:03Z",
    "2026-11-29t01:02:03z",
    "2026-11-29 01:02:03Z",
    "2026-11-29T01:02:03.123456+05:30",
    "2026-11-29T01:02:03-0800",
    "2026-11-29T01:02:03+05",
    "2024-02-29T00:00:00Z",
    "2023-02-29T00:00:00Z",
    "2000-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-00-10T00:00:00Z",
    "2026-11-00T00:00:00Z",
    "2026-11-29T24:00:00Z",
    "2026-11-29T23:60:00Z",
    "2026-11-29T01:02:03",
    "2026-11-29T01:02:03+24:00",
    "2026-11-29T01:02:03+05:60",
    "2016-12-31T23:59:60Z",
    "2016-12-31T23:59:60.5Z",
    "2016-12-31T15:59:60-08:00",
    "2016-12-31T22:59:60Z",
    "2026-11-29T01:02:61Z",
    "2026-11-29",
    "01:02:03Z",
    "2026-11-29TT01:02:03Z",
    "2026-11-29T01:02:03Z ",
    " 2026-11-29T01:02:03Z",
    "2026-11-29T1:02:03Z",
    "26-11-29T01:02:03Z",
    "２０２６-11-29T01:02:03Z",
    "",
    "not-a-date",
    "2026-11-29\t01:02:03Z",
    "2026-11-29\u202801:02:03Z",
    "2026-11-29\n01:02:03Z",
    "2026-11-29T01:02:03.Z",
    "2026-11-29T01:02:03+05:3",
    "2026-11-29T01:02:03z+05:00",
    "2026-11-29T01:02:03+0530",
    "2016-12-31T23:59:60+00:00",
    "2017-01-01T00:59:60+01:00",
    "2017-01-01T00:59:60+0100",
    "2016-12-31T23:59:60-00:01",
  ],
  uri: [
    "https://example.com",
    "https://user:pw@example.com:8443/a/b?c=d#e",
    "http://[2001:db8::1]/x",
    "http://[v1.fe]/",
    "http://192.168.0.1:80/",
    "urn:ietf:rfc:3986",
    "mailto:a@example.com",
    "file:///etc/hosts",
    "https://example.com/%7euser",
    "https://example.com/%zz",
    "https://exa mple.com",
    "https://example.com/ä",
    "//example.com/path",
    "/relative/path",
    "relative",
    "example.com",
    "1http://example.com",
    "http:",
    "a:b",
    "ab",
    "http://example.com/#frag#frag",
    "http://[::1",
    "",
  ],
};

describe("the validators' own helpers equal Ajv's", () => {
  it("ucs2length counts code points as Ajv does, surrogate pairs once and lone surrogates each", () => {
    for (const s of ["", "abc", "é", "😀", "a😀b", "\ud83d", "\ude00", "\ude00\ud83d", "\ud83d\ud83d\ude00", "\udbff\udfff", "\ud800\udc00", "\udbff", "x".repeat(1000)]) expect(ucs2length(s), JSON.stringify(s)).toBe(ajvUcs2length(s));
  });

  it.each(Object.keys(INPUTS))("format %s answers as ajv-formats' full format on every input of the table, valid and invalid", (name) => {
    const theirs = (fullFormats as Record<string, unknown>)[name] as ((s: string) => boolean) | { validate: (s: string) => boolean };
    const ours = validatorFormats[name]!;
    expect(typeof ours).toBe(typeof theirs);
    const check = (f: typeof theirs) => (s: string) => (typeof f === "function" ? f(s) : f.validate(s));
    const answers = INPUTS[name]!.map((s) => [s, check(ours)(s)] as const);
    expect(answers).toEqual(INPUTS[name]!.map((s) => [s, check(theirs)(s)] as const));
    // The table holds both verdicts, or it could not tell a wrong helper from a right one.
    expect(new Set(answers.map(([, ok]) => ok))).toEqual(new Set([true, false]));
  });

  it("date-time compares as ajv-formats does (formatMinimum and the like)", () => {
    const theirs = fullFormats["date-time"] as { compare: (a: string, b: string) => number | undefined };
    const ours = validatorFormats["date-time"] as { compare: (a: string, b: string) => number | undefined };
    for (const [a, b] of [["2026-11-29T01:02:03Z", "2026-11-29T01:02:04Z"], ["2026-11-29T01:02:03+01:00", "2026-11-29T00:02:03Z"], ["", "2026-11-29T00:02:03Z"], ["x", "y"]] as const) expect(ours.compare(a, b)).toBe(theirs.compare(a, b));
  });

  it("covers every format the generated validators reach", () => {
    const used = new Set(readServices().flatMap((s) => [...readFileSync(join(GENERATED_DIR, s.id, "emulator.ts"), "utf8").matchAll(/validatorFormats(?:\.(\w+)|\["([^"]+)"\])/g)].map((m) => m[1] ?? m[2]!)));
    expect([...used].sort()).toEqual(Object.keys(INPUTS).sort());
  });
});
