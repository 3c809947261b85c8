/** The one media-type module (runtime/core/media-type.ts): the client, the emulator and the client generator read Content-Types through it. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonMediaType, mediaTypeEssence } from "../../runtime/core/media-type.js";

describe("media types", () => {
  it("the essence is type/subtype, lower-cased, without parameters or spaces (RFC 9110 §8.3.1)", () => {
    expect(mediaTypeEssence("Application/JSON; charset=UTF-8")).toBe("application/json");
    expect(mediaTypeEssence("  text/plain ;q=1")).toBe("text/plain");
    expect(mediaTypeEssence("")).toBe("");
  });

  it("a value already an essence is taken as it is, and the answer is always that of split, trim and lower-case", () => {
    const slow = (value: string) => value.split(";", 1)[0]!.trim().toLowerCase();
    const pieces = fc.constantFrom("application", "json", "/", "+", ";", " ", "\t", "A", "Z", "x-", ".", "q=1", "é", "", "=", "*");
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 8 }).map((p) => p.join(""))), (value) => mediaTypeEssence(value) === slow(value)),
      { numRuns: 2_000 },
    );
  });

  it("JSON is application/json or any +json suffix (RFC 6839 §3.1), nothing that merely mentions json", () => {
    for (const yes of ["application/json", "application/problem+json", "application/vnd.svc.kms.key+json", "text/x-thing+json"]) expect(isJsonMediaType(yes), yes).toBe(true);
    for (const no of ["text/json", "application/jsonl", "application/json-seq", "application/x-json-stream", "text/plain", "", "application/+json", "text/application/json", "+json"]) expect(isJsonMediaType(no), no).toBe(false);
  });
});
