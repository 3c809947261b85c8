/** Safety by default on KMS: a run without --allow-writes sends only GET and HEAD, creates nothing and leaves nothing behind. */
import { describe, expect, it } from "vitest";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun, recording } from "../verify/harness.js";

describe("verify safety", () => {
  it("is read-only without allowWrites: GET, HEAD, OPTIONS and the identity calls that change nothing", async () => {
    const kms = recording("kms-v2");
    const report = await verifyServer("kms-v2", { ...emulatorRun("kms-v2", kms.fetch), allowWrites: false });
    expect(new Set(kms.sent.map((s) => s.method))).toEqual(new Set(["GET", "HEAD"]));
    expect(report.operations.find((o) => o.operationId === "createKey")!.skipped).toMatch(/needs --allow-writes/);
    expect(report.leftBehind).toEqual([]);

  });
});
