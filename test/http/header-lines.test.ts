/**
 * The light request's header lines (runtime/http/light.ts HeaderLines) read the same as WHATWG
 * Headers on the same lines: what the emulator's fast path sees is what its WHATWG form sees.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HeaderLines } from "../../runtime/http/light.js";

type Outcome = { values: Record<string, string | null> } | { refused: true };

function read(make: () => { append(n: string, v: string): void; get(n: string): string | null }, lines: [string, string][], names: string[]): Outcome {
  try {
    const h = make();
    for (const [n, v] of lines) h.append(n, v);
    return { values: Object.fromEntries(names.map((n) => [n, h.get(n)])) };
  } catch {
    return { refused: true };
  }
}

const NAMES = ["Host", "host", "Cookie", "cookie", "Authorization", "X-Kms-Key-Ring", "x-kms-key-ring", "Prefer", "Content-Type", "bad name", "Ünï", ""];
const VALUES = ["a", " a ", "\ta\t", "a, b", "k=v", "", " ", "a\u0000b", "a\r\nb", "é", "\u00ff", "tail\n", "Bearer x"];

describe("HeaderLines", () => {
  it("reads like Headers: joins, cookie joins, case, trimming, refusals", () => {
    const cases: [string, string][][] = [
      [["Cookie", "a=1"], ["cookie", "b=2"]],
      [["Accept", "a"], ["accept", " b "]],
      [["X-Kms-Key-Ring", "\tring\t"]],
      [["Authorization", "Bearer a"], ["Authorization", "Bearer b"]],
      [["bad name", "x"]],
      [["X", "a\u0000b"]],
      [["X", ""]],
    ];
    const names = ["cookie", "accept", "x-kms-key-ring", "authorization", "x", "missing"];
    for (const lines of cases) expect(read(() => new HeaderLines(), lines, names)).toEqual(read(() => new Headers(), lines, names));
  });

  it("agrees with Headers on generated lines", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES)), { maxLength: 6 }), (lines) => {
        // Read by names a caller can ask for (Headers.get refuses a name that is not a token).
        const names = [...new Set(NAMES.filter((n) => /^[\w-]+$/.test(n)).map((n) => n.toLowerCase()))];
        expect(read(() => new HeaderLines(), lines, names)).toEqual(read(() => new Headers(), lines, names));
      }),
      { numRuns: 500, seed: 43 },
    );
  });
});
