/** The MSW form: the generated clients talk to the emulators through setupServer, with no port. */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { mswEmulator } from "cloud-interfaces/msw";

// MSW 3 declares Node >= 22.12 and calls Promise.withResolvers (Node 22); this suite runs on
// Node 20 too, so the test (never the shipped code) supplies it when missing.
(Promise as any).withResolvers ??= () => {
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
};

const kms = mswEmulator("kms-v2");
const notifications = mswEmulator("notifications-v1", { baseUrl: "https://eu-de.event-notifications.example.com/event-notifications" });
const server = setupServer(...kms.handlers, ...notifications.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => {
  server.close();
  expect([...kms.emulator.violations, ...notifications.emulator.violations]).toEqual([]);
});

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";

describe("MSW handlers", () => {
  it("kms-v2: a key created in one call is listed and counted in the next (any documented region)", async () => {
    const client = createKmsV2Client({ region: "eu-de", credentials: { bearerAuth: "t" }, bind: { "svc-instance": INSTANCE } });
    const created = await client.POST("/api/v2/keys", {
      headers: { "content-type": KEY_TYPE },
      body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "via-msw" }] },
    });
    expect(created.response.status).toBe(201);
    const listed = await client.GET("/api/v2/keys", {});
    expect(listed.data!.resources.map((k) => k.name)).toEqual(["via-msw"]);
    const head = await client.HEAD("/api/v2/keys", {});
    expect(head.response.headers.get("key-total")).toBe("1");
  });

  it("notifications-v1 behind its server path prefix, only on the given base URL", async () => {
    const client = createNotificationsV1Client({ region: "eu-de", credentials: { bearerAuth: "t" }, bind: { instance_id: "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d" } });
    const created = await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "msw", description: "d" } });
    expect(created.response.status).toBe(201);
    expect((await client.GET("/v1/instances/{instance_id}/sources", {})).data!.total_count).toBe(1);
    const elsewhere = createNotificationsV1Client({ region: "us-south", credentials: { bearerAuth: "t" }, bind: { instance_id: "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d" } });
    await expect(elsewhere.GET("/v1/instances/{instance_id}/sources", {})).rejects.toThrow();
  });
});
