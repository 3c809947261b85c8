/**
 * The generated emulator modules hold only their document's data: the helpers Ajv's code calls
 * (the package's own, no Ajv at run time) and the validator table come from
 * runtime/emulator/validator-runtime.ts, and a helper or format it does not provide fails the
 * build by name rather than at run time.
 */
import { describe, expect, it } from "vitest";
import { generateEmulatorModule } from "../../scripts/lib/generate-emulator.js";
import type { Service } from "../../scripts/lib/services.js";
import { validatorTable } from "../../runtime/emulator/validator-runtime.js";
import { onePostApi } from "../harness/one-post-api.js";

const service: Service = { id: "tiny", document: "tiny.yaml", seed: "", family: "kms" };

describe("precompiled validator runtime", () => {
  it("builds the table from each group's exports in the order of its pointers", () => {
    const a = () => true;
    const b = () => false;
    const table = validatorTable([{ coerce: true, pointers: ["#/a", "#/b"], define: (e) => Object.assign(e, { v0: a, v1: b }) }]);
    expect(table).toEqual({ "c:#/a": a, "c:#/b": b });
  });

  it("refuses at build time a schema whose standalone code needs a helper the runtime lacks", () => {
    // uniqueItems over objects makes Ajv's code require its deep-equal helper.
    const doc = onePostApi({ type: "object" }, { type: "array", uniqueItems: true, items: { type: "object" } });
    expect(() => generateEmulatorModule(service, doc)).toThrow(/requires ajv\/dist\/runtime\/equal; add it to runtime\/emulator\/validator-runtime\.ts/);
  });

  it("refuses at build time a format ajv-formats writes as code that runtime/emulator/formats.ts lacks", () => {
    const doc = onePostApi({ type: "object" }, { type: "string", format: "email" });
    expect(generateEmulatorModule(service, doc)).not.toContain("= validatorFormats"); // a regular expression: Ajv inlines it
    expect(() => generateEmulatorModule(service, onePostApi({ type: "object" }, { type: "string", format: "date" }))).toThrow(/format "date", which runtime\/emulator\/formats\.ts does not provide/);
  });

  it("emits no import but the runtime's, and no require: the helpers are the package's own", () => {
    const text = generateEmulatorModule(service, onePostApi({ type: "object" }, { type: "object", properties: { s: { type: "string", maxLength: 3 }, t: { type: "string", format: "date-time" }, u: { type: "string", format: "uri" } } }));
    expect(text.match(/^import .*$/gm)).toEqual(['import { ucs2length, validatorFormats, validatorTable } from "../../runtime/emulator/validator-runtime.js";']);
    expect(text).toContain("= ucs2length;");
    expect(text).toContain('= validatorFormats["date-time"];');
    expect(text).toContain("= validatorFormats.uri;");
    expect(text).not.toMatch(/require\(|ajv/);
  });
});
