/** The one media-type module (runtime/core/media-type.ts): the client, the emulator and the client generator read Content-Types through it. */
import { describe, expect, it } from "vitest";
import { isJsonMediaType, mediaTypeEssence } from "../../runtime/core/media-type.js";

describe("media types", () => {
  it("the essence is type/subtype, lower-cased, without parameters or spaces (RFC 9110 §8.3.1)", () => {
    expect(mediaTypeEssence("Application/JSON; charset=UTF-8")).toBe("application/json");
    expect(mediaTypeEssence("  text/plain ;q=1")).toBe("text/plain");
    expect(mediaTypeEssence("")).toBe("");
  });

  it("JSON is application/json or any +json suffix (RFC 6839 §3.1), nothing that merely mentions json", () => {
    for (const yes of ["application/json", "application/problem+json", "application/vnd.svc.kms.key+json", "text/x-thing+json"]) expect(isJsonMediaType(yes), yes).toBe(true);
    for (const no of ["text/json", "application/jsonl", "application/json-seq", "application/x-json-stream", "text/plain", "", "application/+json", "text/application/json", "+json"]) expect(isJsonMediaType(no), no).toBe(false);
  });
});
