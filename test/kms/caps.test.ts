/**
 * KMS's caps as its document declares them (x-caps: instances, keys per instance) beside the
 * engine's, and what the KMS plug-in registers (its check hook) checked when the emulator is
 * defined. The generic rules are in test/emulator/caps.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";
import { InputError } from "cloud-interfaces/core";
import { engineDefinition } from "../../runtime/emulator/engine.js";
import { kmsPlugin } from "../../runtime/kms/emulator.js";
import { listOperations } from "../../runtime/core/router.js";

describe("kms-v2 caps", () => {
  it("declares the engine's and its document's caps, and refuses a misspelt one", () => {
    expect(Object.keys(createEmulator("kms-v2").state.caps).sort()).toEqual(["kmsInstances", "kmsKeysPerInstance", "partitions", "recordBytes", "recordBytesPerPartition"]);
    expect(() => createEmulator("kms-v2", { caps: { kmsKeysPerInstanse: 5 } })).toThrow(InputError);
  });

  it("a check hook the KMS plug-in does not register is refused at definition", () => {
    const doc = structuredClone(loadBundledDocument("kms-v2")) as any;
    const create = listOperations(doc).find((e) => e.operation.operationId === "createKey")!.operation;
    create["x-resource"].check = ["aliasQuota", "noSuchCheck"];
    expect(() => engineDefinition("kms-v2", doc, kmsPlugin)).toThrow(/x-resource\/check\/1: names the check hook "noSuchCheck", which the family's plug-in does not register \(aliasQuota\)/);
  });
});
