/**
 * The generated emulator modules hold only their document's data: Ajv's runtime helpers and the
 * validator table come from runtime/emulator/validator-runtime.ts, and a helper it does not provide
 * fails the build by name rather than at run time.
 */
import { describe, expect, it } from "vitest";
import { generateEmulatorModule } from "../../scripts/lib/generate-emulator.js";
import type { Service } from "../../scripts/lib/services.js";
import { AJV_HELPER_MODULES, ajvHelper, validatorTable } from "../../runtime/emulator/validator-runtime.js";
import { onePostApi } from "../harness/one-post-api.js";

const service: Service = { id: "tiny", document: "tiny.yaml", seed: "", family: "kms" };

describe("precompiled validator runtime", () => {
  it("builds the table from each group's exports in the order of its pointers", () => {
    const a = () => true;
    const b = () => false;
    const table = validatorTable([{ coerce: true, pointers: ["#/a", "#/b"], define: (e) => Object.assign(e, { v0: a, v1: b }) }]);
    expect(table).toEqual({ "c:#/a": a, "c:#/b": b });
  });

  it("provides every helper it lists and names one it does not", () => {
    for (const name of AJV_HELPER_MODULES) expect(ajvHelper(name)).toBeTruthy();
    expect(() => ajvHelper("ajv/dist/runtime/equal")).toThrow(/ajv\/dist\/runtime\/equal/);
  });

  it("refuses at build time a schema whose standalone code needs a helper the runtime lacks", () => {
    // uniqueItems over objects makes Ajv's code require its deep-equal helper.
    const doc = onePostApi({ type: "object" }, { type: "array", uniqueItems: true, items: { type: "object" } });
    expect(() => generateEmulatorModule(service, doc)).toThrow(/requires ajv\/dist\/runtime\/equal; add it to runtime\/emulator\/validator-runtime\.ts/);
  });

  it("emits no import but the runtime's", () => {
    const text = generateEmulatorModule(service, onePostApi({ type: "object" }, { type: "string", maxLength: 3 }));
    expect(text.match(/^import .*$/gm)).toEqual(['import { ajvHelper, validatorTable } from "../../runtime/emulator/validator-runtime.js";']);
    expect(text).toContain('ajvHelper("ajv/dist/runtime/ucs2length")');
  });
});
