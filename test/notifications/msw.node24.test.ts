/**
 * The MSW form on notifications: the generated client talks to the emulator through setupServer,
 * behind the server's path prefix and only on the given base URL. MSW 3 needs Node >= 22.12: a
 * *.node24.test.ts runs under Node 24 (vitest.node24.config.ts, started by test/emulator/msw-node24.test.ts).
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { mswEmulator } from "cloud-interfaces/msw";
import { failUnhandled } from "../harness/msw-unhandled.js";

const notifications = mswEmulator("notifications-v1", { baseUrl: "https://eu-de.event-notifications.example.com/event-notifications" });
const server = setupServer(...notifications.handlers);
/** A request no handler matches fails, and is recorded here instead of printed as an MSW error. */
const unhandled: string[] = [];
beforeAll(() => server.listen(failUnhandled(unhandled)));
afterAll(() => {
  server.close();
  expect(notifications.emulator.violations).toEqual([]);
});

describe("MSW handlers", () => {
  it("notifications-v1 behind its server path prefix, only on the given base URL", async () => {
    const client = createNotificationsV1Client({ baseUrl: "https://eu-de.event-notifications.example.com/event-notifications", credentials: { bearerAuth: "t" }, bind: { instance_id: "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d" } });
    const created = await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "msw", description: "d" } });
    expect(created.response.status).toBe(201);
    // The source the examples refer to (the starting world) and the one created here.
    expect((await client.GET("/v1/instances/{instance_id}/sources", {})).data!.sources.map((s) => s.name)).toEqual(["CI pipeline", "msw"]);
    const elsewhere = createNotificationsV1Client({ baseUrl: "https://us-south.event-notifications.example.com/event-notifications", credentials: { bearerAuth: "t" }, bind: { instance_id: "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d" } });
    // MSW answers a request its unhandled-frame callback refused with a 500 naming the error.
    expect((await elsewhere.GET("/v1/instances/{instance_id}/sources", {})).response.status).toBe(500);
    expect(unhandled).toEqual(["GET https://us-south.event-notifications.example.com/event-notifications/v1/instances/5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d/sources"]);
  });
});
