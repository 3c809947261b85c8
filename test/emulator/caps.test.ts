/**
 * Caps are declared, never guessed: the engine's own, a document's `x-caps`, a plug-in's. A cap
 * option naming none of them, or a value that is not a whole number of 0 or more, is an
 * InputError at creation: a misspelt or NaN cap must not remove the bound, and a null or
 * negative one must not refuse every create. A document naming a cap nothing declares is refused
 * when the emulator is defined (and by the build: test/build-annotations.test.ts). On a small
 * synthetic document; each family's own caps are tested in its folder.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, EMULATED_SERVICES, loadBundledDocument } from "cloud-interfaces/emulator";
import { InputError } from "cloud-interfaces/core";
import { createServiceEmulator } from "../../runtime/emulator/app.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";
import { ENGINE_CAPS } from "../../runtime/emulator/caps.js";
import { engineDefinition } from "../../runtime/emulator/engine.js";
import { AnnotationError } from "../../runtime/emulator/annotations.js";

const doc = () => ({
  openapi: "3.1.0",
  info: { title: "boxes", version: "1" },
  "x-caps": { boxesPerShelf: { max: 3, description: "boxes per shelf" } },
  paths: {
    "/shelves/{shelf}/boxes": {
      parameters: [{ name: "shelf", in: "path", required: true, schema: { type: "string" } }],
      post: {
        operationId: "createBox",
        "x-resource": { name: "box", action: "create", partition: ["shelf"], set: { id: "uuid" }, cap: "boxesPerShelf" },
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { label: { type: "string" } } } } } },
        responses: {
          "201": { description: "made", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" }, label: { type: "string" } } } } } },
          "400": { description: "bad", content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" } } }, examples: { bad: { value: { message: "bad" } } } } } },
        },
      },
    },
  },
});

function boxes(caps?: unknown) {
  const document = doc();
  const emu = createServiceEmulator(engineDefinition("boxes", document), { document, validators: ajvValidators("boxes", document) }, { caps: caps as never });
  const create = () => emu.handle(new Request("https://boxes.example.com/shelves/s1/boxes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ label: "b" }) }));
  return { emu, create };
}

describe("cap options", () => {
  it.each([
    ["a misspelt name", { boxesPerShelve: 5 }, "caps.boxesPerShelve"],
    ["NaN", { boxesPerShelf: Number.NaN }, "caps.boxesPerShelf"],
    ["null", { boxesPerShelf: null }, "caps.boxesPerShelf"],
    ["a negative number", { boxesPerShelf: -1 }, "caps.boxesPerShelf"],
    ["a fraction", { boxesPerShelf: 2.5 }, "caps.boxesPerShelf"],
    ["a string", { boxesPerShelf: "5" }, "caps.boxesPerShelf"],
    ["infinity", { boxesPerShelf: Number.POSITIVE_INFINITY }, "caps.boxesPerShelf"],
    ["not an object", 5, "caps"],
  ])("%s is an InputError naming the field", (_what, caps, field) => {
    let thrown: unknown;
    try {
      boxes(caps);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(thrown).toMatchObject({ field });
  });

  it("a misspelt name's error lists the caps the emulator declares", () => {
    expect(() => boxes({ boxesPerShelve: 5 })).toThrow(/boxesPerShelf, partitions, recordBytes, recordBytesPerPartition/);
  });

  it("the declared default holds, a lower one holds, and 0 refuses every create", async () => {
    for (const [caps, created] of [[undefined, 3], [{ boxesPerShelf: 1 }, 1], [{ boxesPerShelf: 0 }, 0]] as const) {
      const { create } = boxes(caps);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await create()).status);
      expect(statuses).toEqual([...Array(created).fill(201), ...Array(5 - created).fill(400)]);
    }
  });

  it("every emulated service declares the engine's caps and its document's x-caps", () => {
    for (const id of EMULATED_SERVICES) {
      const declared = Object.keys((createEmulator(id as never).state as { caps: object }).caps);
      const documented = Object.keys((loadBundledDocument(id) as { "x-caps"?: object })["x-caps"] ?? {});
      expect(declared, id).toEqual(expect.arrayContaining([...Object.keys(ENGINE_CAPS), ...documented]));
    }
  });
});

describe("a document naming what nothing declares is refused when the emulator is defined", () => {
  const create = (d: any) => d.paths["/shelves/{shelf}/boxes"].post;
  it.each([
    ["a misspelt cap", (d: any) => (create(d)["x-resource"].cap = "boxesPerShelve"), /x-resource\/cap: names the cap "boxesPerShelve"/],
    ["a create with no cap", (d: any) => delete create(d)["x-resource"].cap, /post\/x-resource: a create with no cap/],
    ["a check hook the plug-in lacks", (d: any) => (create(d)["x-resource"].check = ["noSuchCheck"]), /x-resource\/check\/0: names the check hook "noSuchCheck"/],
    ["a named example the operation lacks", (d: any) => (create(d)["x-resource"].errors = { unique: "noSuchExample" }), /x-resource\/errors\/unique: names the example "noSuchExample"/],
    ["a partition parameter the operation lacks", (d: any) => (create(d)["x-resource"].partition = ["shelve"]), /x-resource\/partition\/0: names the parameter "shelve"/],
  ])("%s", (_what, breakIt, message) => {
    const d = doc();
    breakIt(d);
    expect(() => engineDefinition("boxes", d)).toThrow(AnnotationError);
    expect(() => engineDefinition("boxes", d)).toThrow(message);
  });
});
