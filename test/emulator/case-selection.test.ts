/**
 * Issue 43, "Case selection that writes", on a synthetic document (fixtures/resource-document.ts):
 * a case selection the operation does not document gets the Prism mock's refusal from the
 * emulator too (422 `unknown-case`, the same body) and never reaches the create; a documented one
 * answers its example and writes nothing; and a request without any case-selection channel is
 * told apart by one look-up per channel.
 */
import { describe, expect, it } from "vitest";
import { maySelectCase } from "../../runtime/controls/case-selection.js";
import { BASE, emulatorOf, mockOf } from "./fixtures/resource-document.js";

const create = (headers: Record<string, string>, query = "") =>
  new Request(`${BASE}/things${query}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ name: "selected" }) });
const read = async (r: Response) => ({ status: r.status, kind: r.headers.get("x-mock-error"), body: await r.text() });

describe("a case selection the operation does not document", () => {
  it.each([
    ["X-Mock-Fault: 503 (the create documents 429 only)", { "x-mock-fault": "503" }, ""],
    ["X-Mock-Fault: 418", { "x-mock-fault": "418" }, ""],
    ["X-Mock-Fault: abc", { "x-mock-fault": "abc" }, ""],
    ["X-Mock-Case: example=noSuchExample", { "x-mock-case": "example=noSuchExample" }, ""],
    ["X-Mock-Case: code=400, example=nameTaken (another status's example)", { "x-mock-case": "code=400, example=nameTaken" }, ""],
    ["Prefer: code=299", { prefer: "code=299" }, ""],
    ["?__code=299", {}, "?__code=299"],
  ])("%s: the Prism mock's 422 unknown-case, nothing stored", async (_name, headers, query) => {
    const { emulator, send } = emulatorOf();
    const mock = await mockOf();
    const [fromEmulator, fromMock] = [await read(await emulator.handle(create(headers, query))), await read(await mock(create(headers, query)))];
    expect(fromEmulator).toEqual(fromMock);
    expect(fromEmulator).toMatchObject({ status: 422, kind: "unknown-case" });
    expect((await send("GET", "/things")).body).toEqual([]);
    expect(emulator.violations).toEqual([]);
  });

  it("X-Mock-Fault: 429 and example=nameTaken alone answer their documented cases, and store nothing", async () => {
    const { emulator, send } = emulatorOf();
    expect((await emulator.handle(create({ "x-mock-fault": "429" }))).status).toBe(429);
    const conflict = await emulator.handle(create({ "x-mock-case": "example=nameTaken" }));
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ message: "Conflict: a thing with this name exists" });
    expect((await send("GET", "/things")).body).toEqual([]);
  });
});

describe("whether a request selects a case is one look-up per channel", () => {
  it("a request without X-Mock-Case, X-Mock-Fault, Prefer or __code/__example selects none", () => {
    expect(maySelectCase(new Headers({ "content-type": "application/json" }), new URL(`${BASE}/things?limit=5`))).toBe(false);
  });

  it.each([
    [{ "x-mock-case": "code=404" }, ""],
    [{ "x-mock-fault": "429" }, ""],
    [{ prefer: "return=minimal" }, ""],
    [{}, "?__code=404"],
    [{}, "?__example=nameTaken"],
  ])("%o %s may select one", (headers, query) => {
    expect(maySelectCase(new Headers(headers), new URL(`${BASE}/things${query}`))).toBe(true);
  });
});
