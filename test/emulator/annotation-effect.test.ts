/**
 * `x-effect`'s vocabulary (runtime/emulator/annotations.ts, openapi/CONVENTIONS.md): a word for the
 * whole operation, or `noneWhen` naming the request values that change no state (identity's token
 * endpoint, issue 47). The build checks every document's marks against this schema.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ANNOTATION_SCHEMAS } from "../../runtime/emulator/annotations.js";

const valid = new Ajv2020({ strict: false }).compile(ANNOTATION_SCHEMAS["x-effect"]!);

describe("x-effect vocabulary", () => {
  it.each([["none"], ["sends"], [{ noneWhen: { grant_type: ["client_credentials"] } }], [{ noneWhen: { grant_type: "client_credentials" } }]])("accepts %j", (value) => {
    expect(valid(value)).toBe(true);
  });

  it.each([["writes"], [{ noneWhen: {} }], [{ noneWhen: { grant_type: [] } }], [{ nonewhen: { grant_type: ["client_credentials"] } }], [{ noneWhen: { grant_type: ["client_credentials"] }, also: 1 }], [{}]])("refuses %j", (value) => {
    expect(valid(value)).toBe(false);
  });
});
