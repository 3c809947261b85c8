/** Notifications' stored notifications and records per kind stop at their caps (the emulators' caps: runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps"). */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";

describe("state caps", () => {
  it("notifications: stored notifications keep the newest within the cap; records per kind stop at theirs", async () => {
    const { fetch, emu } = emulator("notifications-v1", { seedFromExamples: false, caps: { storedNotifications: 3, notificationsRecordsPerKind: 2 } });
    const base = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}`;
    const headers = { authorization: "Bearer t", "content-type": "application/json" };
    for (let i = 0; i < 5; i++) {
      const body = { id: `b2198eb8-04b1-48ec-a78c-ee87694dd84${i}`, source: "apisource/ci", type: "build_failed", svcensourceid: "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5:api", svcendefaultshort: `n${i}`, svcendefaultlong: "x", specversion: "1.0" };
      expect((await fetch(`${base}/notifications`, { method: "POST", headers, body: JSON.stringify(body) })).status).toBe(202);
    }
    const sent = (emu.state as any).partitions.get(INSTANCE).sent;
    expect(sent.map((s: any) => s.notification.svcendefaultshort)).toEqual(["n2", "n3", "n4"]);
    for (const name of ["a", "b"]) expect((await fetch(`${base}/sources`, { method: "POST", headers, body: JSON.stringify({ name, description: "d" }) })).status).toBe(201);
    const refused = await fetch(`${base}/sources`, { method: "POST", headers, body: JSON.stringify({ name: "c", description: "d" }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: [{ code: "incorrect_json", message: expect.stringContaining("cap") }] });
  });
});
