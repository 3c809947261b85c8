/**
 * Issue 34: case selection is read by one module (runtime/controls/case-selection.ts) on every form.
 * The emulators read only `Prefer: code=` before, so `X-Mock-Case` (the channel the mock's README
 * says to use) and `?__code=` were ignored there.
 */
import { describe, expect, it } from "vitest";
import { createEmulator } from "../../runtime/emulator/index.js";
import { requestedCase } from "../../runtime/controls/case-selection.js";

const KEYS = "https://us-south.kms.example.com/api/v2/keys";
const headers = { authorization: "Bearer t", "svc-instance": "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d" };

describe("case selection", () => {
  it("X-Mock-Case wins over Prefer, which wins over the query; API preferences stay", () => {
    const read = requestedCase(new Headers({ "x-mock-case": "code=404", prefer: "return=minimal, code=400, example=a" }), new URL(`${KEYS}?__code=500&__example=b`));
    expect(read).toEqual({ selection: { code: "404", example: "a" }, apiPrefer: "return=minimal" });
  });

  it.each([
    ["X-Mock-Case", { "x-mock-case": "code=429" }, ""],
    ["Prefer", { prefer: "code=429" }, ""],
    ["the query", {}, "?__code=429"],
  ])("the emulator answers the documented case asked for with %s", async (_channel, extra, query) => {
    const emu = createEmulator("kms-v2");
    const response = await emu.handle(new Request(`${KEYS}${query}`, { headers: { ...headers, ...extra } }));
    expect(response.status).toBe(429);
    expect(emu.violations).toEqual([]);
  });
});
