/**
 * Issue 34: case selection is read by one module (runtime/controls/case-selection.ts) on every form.
 * The emulators read only `Prefer: code=` before, so `X-Mock-Case` (the channel the mock's README
 * says to use) and `?__code=` were ignored there. On the synthetic document
 * (test/emulator/fixtures/resource-document.ts): the channels are the same for every document.
 */
import { describe, expect, it } from "vitest";
import { requestedCase } from "../../runtime/controls/case-selection.js";
import { BASE, emulatorOf } from "../emulator/fixtures/resource-document.js";

describe("case selection", () => {
  it("X-Mock-Case wins over Prefer, which wins over the query; API preferences stay", () => {
    const read = requestedCase(new Headers({ "x-mock-case": "code=404", prefer: "return=minimal, code=400, example=a" }), new URL(`${BASE}/things?__code=500&__example=b`));
    expect(read).toEqual({ selection: { code: "404", example: "a" }, apiPrefer: "return=minimal" });
  });

  it.each([
    ["X-Mock-Case", { "x-mock-case": "code=429" }, ""],
    ["Prefer", { prefer: "code=429" }, ""],
    ["the query", {}, "?__code=429"],
  ])("the emulator answers the documented case asked for with %s", async (_channel, extra, query) => {
    const { emulator, send } = emulatorOf();
    const response = await emulator.handle(new Request(`${BASE}/things${query}`, { method: "POST", headers: { "content-type": "application/json", ...extra }, body: JSON.stringify({ name: "asked" }) }));
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ message: "Too Many Requests: slow down" });
    expect((await send("GET", "/things")).body).toEqual([]);
    expect(emulator.violations).toEqual([]);
  });
});
