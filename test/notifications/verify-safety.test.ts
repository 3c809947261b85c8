/** Safety by default on notifications: message delivery needs --allow-send even with writes allowed. */
import { describe, expect, it } from "vitest";
import { verifyServer } from "cloud-interfaces/verify";
import { emulatorRun, recording } from "../verify/harness.js";

describe("verify safety", () => {
  it("delivers no notification without allowSend, even with writes allowed", async () => {
    const n = recording("notifications-v1");
    const report = await verifyServer("notifications-v1", { ...emulatorRun("notifications-v1", n.fetch), allowSend: false, only: ["sendNotifications", "createTopic"] });
    expect(n.sent.some((s) => s.method === "POST" && s.path.endsWith("/notifications"))).toBe(false);
    expect(n.sent.some((s) => s.method === "POST" && s.path.endsWith("/topics"))).toBe(true);
    expect(report.operations.find((o) => o.operationId === "sendNotifications")!.skipped).toMatch(/--allow-send/);
  });

});
