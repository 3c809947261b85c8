/**
 * Caps are declared, never guessed: the engine's own, a document's `x-caps`, a plug-in's. A cap
 * option naming none of them, or a value that is not a whole number of 0 or more, is an
 * InputError at creation: a misspelt or NaN cap must not remove the bound, and a null or
 * negative one must not refuse every create. A document naming a cap nothing declares is refused
 * when the emulator is defined (and by the build: test/build-annotations.test.ts).
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";
import { InputError } from "cloud-interfaces/core";
import { engineDefinition } from "../../runtime/emulator/engine.js";
import { AnnotationError } from "../../runtime/emulator/annotations.js";
import { listOperations } from "../../runtime/openapi/router.js";

const SERVICES = ["identity-v3", "identity-v4", "notifications-v1", "kms-v2", "metrics-v1", "widget"] as const;

describe("cap options", () => {
  it.each([
    ["a misspelt name", { kmsKeysPerInstanse: 5 }, "caps.kmsKeysPerInstanse"],
    ["NaN", { kmsKeysPerInstance: Number.NaN }, "caps.kmsKeysPerInstance"],
    ["null", { kmsKeysPerInstance: null }, "caps.kmsKeysPerInstance"],
    ["a negative number", { kmsKeysPerInstance: -1 }, "caps.kmsKeysPerInstance"],
    ["a fraction", { kmsKeysPerInstance: 2.5 }, "caps.kmsKeysPerInstance"],
    ["a string", { kmsKeysPerInstance: "5" }, "caps.kmsKeysPerInstance"],
    ["infinity", { kmsKeysPerInstance: Number.POSITIVE_INFINITY }, "caps.kmsKeysPerInstance"],
  ])("%s is an InputError naming the field", (_what, caps, field) => {
    let thrown: unknown;
    try {
      createEmulator("kms-v2", { caps: caps as never });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(thrown).toMatchObject({ field });
  });

  it("a misspelt name's error lists the caps the emulator declares", () => {
    expect(() => createEmulator("kms-v2", { caps: { kmsKeysPerInstanse: 5 } })).toThrow(/kmsInstances, kmsKeysPerInstance, partitions, recordBytes, recordBytesPerPartition/);
  });

  it("each service declares its caps: the engine's, its document's x-caps and its plug-in's", () => {
    const declared = Object.fromEntries(SERVICES.map((id) => [id, Object.keys(createEmulator(id).state.caps).sort()]));
    expect(declared["kms-v2"]).toEqual(["kmsInstances", "kmsKeysPerInstance", "partitions", "recordBytes", "recordBytesPerPartition"]);
    expect(declared["notifications-v1"]).toEqual(["notificationsRecordsPerKind", "partitions", "recordBytes", "recordBytesPerPartition", "storedNotificationBytes", "storedNotifications"]);
    expect(declared["widget"]).toContain("widgetIssued");
    expect(declared["metrics-v1"]).toContain("metricsMatchSteps");
    expect(declared["identity-v4"]).toContain("identityCodeBytes");
    // A cap of one service is not another's: naming it there is the same InputError.
    expect(() => createEmulator("widget", { caps: { kmsKeysPerInstance: 1 } })).toThrow(InputError);
  });

  it("a valid cap of 0 holds: nothing can be created", async () => {
    const emu = createEmulator("notifications-v1", { seedFromExamples: false, caps: { notificationsRecordsPerKind: 0 } });
    const response = await emu.handle(
      new Request("https://us-south.event-notifications.example.com/event-notifications/v1/instances/5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d/sources", { method: "POST", headers: { authorization: "Bearer t", "content-type": "application/json" }, body: JSON.stringify({ name: "s", description: "d" }) }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("at most 0");
  });
});

describe("a document naming what nothing declares is refused when the emulator is defined", () => {
  const kms = () => structuredClone(loadBundledDocument("kms-v2")) as any;
  const create = (doc: any) => listOperations(doc).find((e) => e.operation.operationId === "createKey")!.operation;

  it.each([
    ["a misspelt cap", (doc: any) => (create(doc)["x-resource"].cap = "kmsKeysPerInstanse"), /x-resource\/cap: names the cap "kmsKeysPerInstanse"/],
    ["a create with no cap", (doc: any) => delete create(doc)["x-resource"].cap, /post\/x-resource: a create with no cap/],
    ["a check hook the plug-in lacks", (doc: any) => (create(doc)["x-resource"].check = ["aliasQuota", "noSuchCheck"]), /x-resource\/check\/1: names the check hook "noSuchCheck"/],
    ["a named example the operation lacks", (doc: any) => (create(doc)["x-resource"].errors.unique = "noSuchExample"), /x-resource\/errors\/unique: names the example "noSuchExample"/],
  ])("%s", async (_what, breakIt, message) => {
    const { kmsPlugin } = await import("../../runtime/kms/emulator.js");
    const doc = kms();
    breakIt(doc);
    expect(() => engineDefinition("kms-v2", doc, kmsPlugin)).toThrow(AnnotationError);
    expect(() => engineDefinition("kms-v2", doc, kmsPlugin)).toThrow(message);
  });
});
