/** The notifications-v1 emulator through the generated client. */
import { describe, expect, it } from "vitest";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { emulator } from "../emulator/harness.js";
import { placeholderBaseUrl } from "cloud-interfaces/emulator";

const INSTANCE = "5ab1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d";
const EXAMPLE_INSTANCE = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";

function setup(instance = INSTANCE, seedFromExamples = false) {
  const env = emulator("notifications-v1", { seedFromExamples });
  const client = createNotificationsV1Client({ validate: false, baseUrl: placeholderBaseUrl("notifications-v1"), credentials: { bearerAuth: "token" }, bind: { instance_id: instance }, fetch: env.fetch });
  return { ...env, client };
}

describe("notifications-v1 emulator", () => {
  it("sources and topics: create, list, get, update, replace, delete, with counts kept consistent", async () => {
    const { client } = setup();
    const src = await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "CI pipeline", description: "builds" } });
    expect(src.response.status).toBe(201);
    const sourceId = src.data!.id;
    const rules = [{ enabled: true, event_type_filter: "$.notification_event_info.event_type == 'build_failed'" }];
    const topic = await client.POST("/v1/instances/{instance_id}/topics", { body: { name: "Build failures", sources: [{ id: sourceId, rules }] } });
    expect(topic.response.status).toBe(201);
    const topicId = topic.data!.id;

    const listed = await client.GET("/v1/instances/{instance_id}/topics", {});
    expect(listed.data!.topics).toEqual([{ id: topicId, name: "Build failures", source_count: 1, sources_names: ["CI pipeline"], subscription_count: 0 }]);
    expect((await client.GET("/v1/instances/{instance_id}/sources", {})).data!.sources[0]).toMatchObject({ topic_count: 1, topic_names: ["Build failures"] });

    const renamed = await client.PATCH("/v1/instances/{instance_id}/sources/{id}", { params: { path: { id: sourceId } }, body: { name: "CI", enabled: false } });
    expect(renamed.data).toMatchObject({ name: "CI", enabled: false });
    const full = await client.GET("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: topicId } } });
    expect(full.data!.sources![0]).toMatchObject({ id: sourceId, name: "CI", rules: [{ enabled: true, event_type_filter: rules[0]!.event_type_filter }] });

    const replaced = await client.PUT("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: topicId } }, body: { name: "Failures" } });
    expect(replaced.data).toMatchObject({ name: "Failures", source_count: 0, sources: [] });

    await client.PUT("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: topicId } }, body: { name: "Failures", sources: [{ id: sourceId, rules }] } });
    expect((await client.DELETE("/v1/instances/{instance_id}/sources/{id}", { params: { path: { id: sourceId } } })).response.status).toBe(204);
    expect((await client.GET("/v1/instances/{instance_id}/topics", {})).data!.topics[0]).toMatchObject({ source_count: 0, sources_names: [] });
    expect((await client.DELETE("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: topicId } } })).response.status).toBe(204);
    expect((await client.GET("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: topicId } } })).response.status).toBe(404);
  });

  it("409 on duplicate names, 404 on unknown ids (also a topic naming an unknown source)", async () => {
    const { client } = setup();
    await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "A", description: "a" } });
    const dup = await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "A", description: "again" } });
    expect(dup.response.status).toBe(409);
    expect(dup.error!.errors[0]!.code).toBe("source_conflict");
    await client.POST("/v1/instances/{instance_id}/topics", { body: { name: "T" } });
    expect((await client.POST("/v1/instances/{instance_id}/topics", { body: { name: "T" } })).error!.errors[0]!.code).toBe("topic_conflict");
    const unknownSource = await client.POST("/v1/instances/{instance_id}/topics", { body: { name: "U", sources: [{ id: "nope", rules: [] }] } });
    expect(unknownSource.response.status).toBe(404);
    expect((await client.PATCH("/v1/instances/{instance_id}/sources/{id}", { params: { path: { id: "missing" } }, body: { enabled: true } })).response.status).toBe(404);
    expect((await client.DELETE("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "00000000-0000-4000-8000-000000000000" } } })).error!.errors[0]!.code).toBe("not_found");
  });

  it("search with limit/offset paging and real first/next links", async () => {
    const { client, fetch } = setup();
    for (const name of ["alpha1", "alpha2", "alpha3", "beta"]) await client.POST("/v1/instances/{instance_id}/templates", { body: { name, type: "chat.notification", params: { body: "eyJ0ZXh0IjoieCJ9" } } });
    const first = await client.GET("/v1/instances/{instance_id}/templates", { params: { query: { search: "alpha", limit: 2 } } });
    expect(first.data!.total_count).toBe(3);
    expect(first.data!.templates.map((t) => t.name)).toEqual(["alpha1", "alpha2"]);
    const next = await fetch(first.data!.next!.href, { headers: { authorization: "Bearer token" } });
    const second = await next.json();
    expect(second.templates.map((t: any) => t.name)).toEqual(["alpha3"]);
    expect(second.next).toBeUndefined();
    expect(new URL(second.first.href).searchParams.get("offset")).toBe("0");
  });

  it("send records the notification; errors: 400 naming the field, 401 without token, 415 for another media type", async () => {
    const { client, emu, fetch } = setup();
    const sent = await client.POST("/v1/instances/{instance_id}/notifications", {
      body: { id: "b2198eb8-04b1-48ec-a78c-ee87694dd845", source: "apisource/ci", type: "build_failed", svcensourceid: "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5:api", svcendefaultshort: "Build failed", svcendefaultlong: "The build failed.", specversion: "1.0" },
    });
    expect(sent.response.status).toBe(202);
    expect((emu.state as any).partitions.get(INSTANCE).sent[0].notification_id).toBe(sent.data!.notification_id);
    const bad = await client.POST("/v1/instances/{instance_id}/sources", { body: { name: "x" } as any });
    expect(bad.error!.errors[0]).toMatchObject({ code: "incorrect_json", message: expect.stringContaining("description") });
    const url = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}/sources`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { method: "POST", headers: { authorization: "Bearer t", "content-type": "text/plain" }, body: "x" })).status).toBe(415);
  });

  it("seed.instances adds the caller's records to an instance, completed and related like created ones", async () => {
    const env = emulator("notifications-v1", { seedFromExamples: false, seed: { instances: { [INSTANCE]: { sources: [{ id: "src-1", name: "Seeded" }], topics: [{ id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Seeded topic", sources: [{ id: "src-1", rules: [] }] }] } } } });
    const client = createNotificationsV1Client({ validate: false, baseUrl: placeholderBaseUrl("notifications-v1"), credentials: { bearerAuth: "token" }, bind: { instance_id: INSTANCE }, fetch: env.fetch });
    expect((await client.GET("/v1/instances/{instance_id}/sources", {})).data!.sources).toEqual([expect.objectContaining({ id: "src-1", name: "Seeded", enabled: true, topic_count: 1, topic_names: ["Seeded topic"] })]);
    expect((await client.GET("/v1/instances/{instance_id}/topics", {})).data!.topics).toEqual([expect.objectContaining({ name: "Seeded topic", source_count: 1, sources_names: ["Seeded"] })]);
  });

  it("starts every instance with the source and topic the examples refer to, as their success examples show them, and not what a create example makes", async () => {
    for (const instance of [EXAMPLE_INSTANCE, INSTANCE]) {
      const { client } = setup(instance, true);
      const topics = (await client.GET("/v1/instances/{instance_id}/topics", {})).data!;
      expect(topics.topics).toEqual([expect.objectContaining({ id: "f2c4c8a0-7e1b-4c3d-9a6e-2b5d8f1e3c7a", name: "Build failures", source_count: 1, sources_names: ["CI pipeline"] })]);
      const sources = (await client.GET("/v1/instances/{instance_id}/sources", {})).data!;
      expect(sources.sources.map((s) => s.id)).toEqual(["e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5"]);
      expect(topics.topics.some((t) => t.name === "Failed builds, high severity")).toBe(false);
    }
  });
});
