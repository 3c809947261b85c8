/** Issue 38, "bytes, not only counts": notifications' template content counts against the engine's per-partition record-byte cap. */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

describe("record bytes are capped per partition and in all", () => {
  const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
  const description = "x".repeat(10_000);

  it("notifications: template content counts against the same cap", async () => {
    const { fetch, emu } = emulator("notifications-v1", { seedFromExamples: false, caps: { recordBytesPerPartition: 64 * 1024 } });
    const base = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}/templates`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await fetch(base, { method: "POST", headers: { authorization: "Bearer t", "content-type": "application/json" }, body: JSON.stringify({ name: `t${i}`, type: "chat.notification", params: { body: btoa(description) } }) });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(400);
    expect((emu.state as { partitions: Map<string, { bytes?: number }> }).partitions.get(INSTANCE)!.bytes).toBeLessThanOrEqual(64 * 1024);
  });
});
