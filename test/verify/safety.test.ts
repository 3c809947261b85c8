/**
 * Safety by default, on every service of the registry: a run without --allow-writes sends only
 * safe methods (GET, HEAD, OPTIONS) and what the document marks as changing nothing (`x-effect`,
 * runtime/verify/safety.ts), skips every other operation saying it needs --allow-writes, and
 * leaves nothing behind. (test/identity/verify-safety.test.ts holds identity's conditional
 * token calls.)
 */
import { describe, expect, it } from "vitest";
import { verifyServer } from "cloud-interfaces/verify";
import type { ServiceId } from "cloud-interfaces/mock";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import { readServices } from "../../scripts/lib/services.js";
import { emulatorRun, recording } from "./harness.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Each operation's id, method and whether the document marks its effect. */
function operations(serviceId: string): { id: string; method: string; marked: boolean }[] {
  const paths = (loadBundledDocument(serviceId as ServiceId) as { paths: Record<string, Record<string, any>> }).paths;
  return Object.values(paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => ({ id: item[m].operationId as string, method: m.toUpperCase(), marked: item[m]["x-effect"] !== undefined })));
}

describe.each(readServices().map((s) => s.id as ServiceId))("verify %s without allowWrites", (serviceId) => {
  it("sends only safe methods and what the document marks as changing nothing; skips every write; leaves nothing behind", async () => {
    const run = recording(serviceId);
    const report = await verifyServer(serviceId, { ...emulatorRun(serviceId, run.fetch), allowWrites: false });
    const ops = operations(serviceId);
    const markedMethods = new Set(ops.filter((o) => o.marked).map((o) => o.method));
    expect(run.sent.filter((s) => !SAFE.has(s.method) && !markedMethods.has(s.method))).toEqual([]);
    for (const op of ops.filter((o) => !SAFE.has(o.method) && !o.marked)) {
      expect(report.operations.find((o) => o.operationId === op.id)?.skipped, `${op.id}`).toMatch(/needs --allow-writes/);
    }
    expect(report.leftBehind).toEqual([]);
  });
});
