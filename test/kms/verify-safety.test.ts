/** Safety by default on KMS: a run without --allow-writes sends only GET and HEAD, creates nothing and leaves nothing behind. */
import type { ServiceId } from "cloud-interfaces/mock";
import { describe, expect, it } from "vitest";
import { createEmulator } from "cloud-interfaces/emulator";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun } from "../verify/harness.js";

function recording(serviceId: ServiceId) {
  const emulator = createEmulator(serviceId);
  const sent: { method: string; path: string; at: number }[] = [];
  const fetch = (r: Request) => {
    sent.push({ method: r.method, path: new URL(r.url).pathname, at: performance.now() });
    return emulator.handle(r);
  };
  return { fetch, sent };
}

describe("verify safety", () => {
  it("is read-only without allowWrites: GET, HEAD, OPTIONS and the identity calls that change nothing", async () => {
    const kms = recording("kms-v2");
    const report = await verifyServer("kms-v2", { ...emulatorRun("kms-v2", kms.fetch), allowWrites: false });
    expect(new Set(kms.sent.map((s) => s.method))).toEqual(new Set(["GET", "HEAD"]));
    expect(report.operations.find((o) => o.operationId === "createKey")!.skipped).toMatch(/needs --allow-writes/);
    expect(report.leftBehind).toEqual([]);

  });
});
