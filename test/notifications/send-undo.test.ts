/**
 * Issue 43, "an answer the emulator would give as 500 changes nothing", for the notifications
 * plug-in's own write: a send whose 202 the emulator refuses as its bug keeps no notification,
 * and gives back the older ones its caps had pushed out.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";

const INSTANCE = "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
const URL_SEND = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}/notifications`;
const NOTIFICATION = { id: "1", type: "t", source: "s", specversion: "1.0", svcensourceid: "src:api", svcendefaultshort: "a", svcendefaultlong: "b" };
const send = (emu: ReturnType<typeof createEmulator<"notifications-v1">>) =>
  emu.handle(new Request(URL_SEND, { method: "POST", headers: { authorization: "Bearer t", "content-type": "application/json" }, body: JSON.stringify(NOTIFICATION) }));

describe("notifications-v1 send answered 500", () => {
  it("stores nothing, and the notification the cap dropped for it is back", async () => {
    const doc = structuredClone(loadBundledDocument("notifications-v1")) as any;
    const accepted = doc.paths["/v1/instances/{instance_id}/notifications"].post.responses["202"];
    for (const media of Object.values<any>(accepted.content)) media.schema = { allOf: [media.schema, { required: ["neverGivenByTheEngine"] }] };
    const emu = createEmulator("notifications-v1", { seedFromExamples: false, caps: { storedNotifications: 1 }, document: doc });
    expect((await send(emu)).status).toBe(500);
    expect(emu.state.sentLog).toEqual([]);
    expect(emu.state.sentBytes).toBe(0);
    expect(emu.state.partitions.size).toBe(0);
    // One notification kept (as an earlier send would have left it), then a send that pushes it out and is refused.
    const listed = await emu.handle(new Request(URL_SEND.replace(/notifications$/, "sources"), { headers: { authorization: "Bearer t" } }));
    expect(listed.status).toBe(200);
    const partition = emu.state.partitions.get(INSTANCE)!;
    const kept = { notification_id: "kept", notification: {}, topics: [], received_at: "2026-01-01T00:00:00Z" };
    partition.sent.push(kept);
    emu.state.sentLog.push({ partition, bytes: 2 });
    emu.state.sentBytes = 2;
    expect((await send(emu)).status).toBe(500);
    expect(partition.sent).toEqual([kept]);
    expect(emu.state.sentLog).toEqual([{ partition, bytes: 2 }]);
    expect(emu.state.sentBytes).toBe(2);
    expect(emu.violations).toHaveLength(2);
  });
});
