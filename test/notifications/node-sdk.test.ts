/**
 * Notification routing requests shaped as the service's Node SDK sends them
 * (IBM/event-notifications-node-admin-sdk, event-notifications/v1.ts): `Accept:
 * application/json` on every call and `Content-Type: application/json` on bodies; the query of
 * the list calls is `limit`, `offset`, `search`; `NotificationCreate` as in its README example
 * (the SDK's `ibmen*` field names are the interface document's `svcen*`); topic `Rules` with
 * `enabled` optional. Also a list page as the SDK's own tests serve it (no `offset`, no `first`).
 * Issue 14 items 12-14.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, placeholderBaseUrl } from "cloud-interfaces/emulator";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";
import { loopback } from "../real-clients/loopback.js";

const INSTANCE = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
const SOURCE = "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5";
const base = () => `${loopback(mockUrl("notifications-v1"))}/v1/instances/${INSTANCE}`;
const headers = { Accept: "application/json", Authorization: "Bearer eyJraWQiOiJpYW0ifQ.eyJzdWIiOiJ0ZXN0In0.c2ln" };
const json = { ...headers, "Content-Type": "application/json" };
const EMULATOR_BASE = placeholderBaseUrl("notifications-v1");

describe("notifications-v1: the Node SDK's requests", () => {
  it("send notifications (README model) → 202 with notification_id (item 12)", async () => {
    const body = {
      svcenseverity: "MEDIUM",
      id: "b2198eb8-04b1-48ec-a78c-ee87694dd845",
      source: "apisource/certificate-manager",
      svcensourceid: `${SOURCE}:api`,
      type: "com.example.certificate.expiring",
      time: "2026-11-20T10:15:00Z",
      svcenmailto: JSON.stringify(["ops@example.com", "security@example.com"]),
      svcensmsto: JSON.stringify(["+15555550123"]),
      svcentemplates: JSON.stringify(["0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b"]),
      svcensubject: "certificate expire",
      svcenhtmlbody: "Hi, <br/>Certificate expiring in 90 days.",
      svcendefaultshort: "short info",
      svcendefaultlong: "long info",
      specversion: "1.0",
    };
    const response = await fetch(`${base()}/notifications`, { method: "POST", headers: json, body: JSON.stringify(body) });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ notification_id: expect.any(String) });
  });

  it("send without specversion is refused: the SDK models require it (Go validate:\"required\", Node specversion: string; issue 26 item 1)", async () => {
    const body = { id: "1", source: "apisource/ci", type: "com.example.build.failed", svcensourceid: `${SOURCE}:api`, svcendefaultshort: "Build failed", svcendefaultlong: "The nightly build failed." };
    const response = await fetch(`${base()}/notifications`, { method: "POST", headers: json, body: JSON.stringify(body) });
    expect(response.headers.get("sl-violations")).toMatch(/specversion/);
    expect(response.status).toBe(400);
  });

  // The SDKs' integration tests (test/integration/event-notifications.v1.test.js; the Go SDK's
  // eventnotificationsv1/event_notifications_v1_integration_test.go) make these calls and expect success.
  it.each([
    ["list sources with search='' (const search = '')", "GET", "/sources?limit=1&offset=0&search=", undefined, 200],
    ["list topics with search=''", "GET", "/topics?limit=1&offset=0&search=", undefined, 200],
    ["create topic whose rule has only enabled and event_schedule_filter (topic4, cron scheduler)", "POST", "/topics",
      { name: "topic4", description: "Topic 4 for cron scheduler", sources: [{ id: SOURCE, rules: [{ enabled: true, event_schedule_filter: { starts_at: "2026-11-24T10:00:00.000Z", ends_at: "2026-11-24T10:01:00.000Z", expression: "* * * * *" } }] }] }, 201],
    ["replace topic with description and sources but no name (ReplaceTopicParams.name?)", "PUT", "/topics/0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b",
      { description: "Updated", sources: [{ id: SOURCE, rules: [{ enabled: false, event_type_filter: "$.notification_event_info.event_type == 'cert_manager'" }] }] }, 200],
    ["create an email template without subject (TemplateConfigOneOfEmailTemplateConfig.subject?)", "POST", "/templates",
      { name: "Mail", type: "smtp_custom.notification", params: { body: "PGgxPkhpPC9oMT4=" } }, 201],
    ["send with ibmenpushto by user_ids (NotificationFCMDevices model)", "POST", "/notifications",
      { id: "2", source: "apisource/ci", type: "com.example.push", specversion: "1.0", svcensourceid: `${SOURCE}:api`, svcendefaultshort: "s", svcendefaultlong: "l", svcenpushto: JSON.stringify({ user_ids: ["userId"] }) }, 202],
    // Tags and device lists are not sent together (the SDKs' ibmenpushto field comment; issue 37).
    ["send with ibmenpushto by tags and platforms (the Go SDK README's ibmenpushto fields)", "POST", "/notifications",
      { id: "3", source: "apisource/ci", type: "com.example.push", specversion: "1.0", svcensourceid: `${SOURCE}:api`, svcendefaultshort: "s", svcendefaultlong: "l", svcenpushto: JSON.stringify({ tags: ["beta"], platforms: ["push_mobile_1"] }) }, 202],
    ["send with ibmenpushto by device lists, huawei_devices among them (the Node SDK README's NotificationFCMDevices)", "POST", "/notifications",
      { id: "4", source: "apisource/ci", type: "com.example.push", specversion: "1.0", svcensourceid: `${SOURCE}:api`, svcendefaultshort: "s", svcendefaultlong: "l", svcenpushto: JSON.stringify({ fcm_devices: ["d1"], apns_devices: ["d2"], huawei_devices: ["d3"] }) }, 202],
    ["create a source with store_notifications (CreateSourcesOptions.StoreNotifications)", "POST", "/sources",
      { name: "CI", description: "Build events", enabled: true, store_notifications: true }, 201],
    ["update a source's store_notifications (UpdateSourceOptions.StoreNotifications)", "PATCH", `/sources/${SOURCE}`,
      { store_notifications: false }, 200],
  ] as const)("%s → success", async (_, method, path, body, status) => {
    const response = await fetch(`${base()}${path}`, { method, headers: body ? json : headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(status);
  });

  it("list sources with the SDK's query → 200", async () => {
    const response = await fetch(`${base()}/sources?${new URLSearchParams({ limit: "1", offset: "0", search: "ci" })}`, { headers });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(200);
  });

  it("create topic with a rule that leaves enabled out (the SDK's Rules.enabled is optional) → 201 (item 14)", async () => {
    const body = { name: "Build failures", sources: [{ id: SOURCE, rules: [{ event_type_filter: "$.*" }] }] };
    const response = await fetch(`${base()}/topics`, { method: "POST", headers: json, body: JSON.stringify(body) });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(201);
  });

  it("a list page as the SDK's tests serve it (no offset, no first) is a valid SourceList (item 14)", () => {
    const page = {
      next: { href: `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}/sources?limit=1&offset=1` },
      sources: [{ id: SOURCE, name: "CI", description: "Build events", type: "api", enabled: false, updated_at: "2019-01-01T12:00:00.000Z", topic_count: 0 }],
      total_count: 2,
      limit: 1,
    };
    expect(validateAt("notifications-v1", "#/components/schemas/SourceList", page)).toEqual([]);
  });
});

/**
 * `ibmenpushto` as the SDKs build it (Node event-notifications/v1.ts NotificationCreate.ibmenpushto,
 * Go event_notifications_v1.go NotificationCreate.Ibmenpushto: a JSON string; their field comment
 * says a device list is not used with platforms, tags or user_ids). The rule is stated as the
 * string's pattern, so the mock and the emulator refuse a mixed object as the builder does (it sat
 * only in contentSchema, which no validator evaluates). Issue 47.
 */
describe("notifications-v1: svcenpushto as the SDKs send it, checked by the mock and the emulator", () => {
  const send = (svcenpushto: string) => ({
    id: "b2198eb8-04b1-48ec-a78c-ee87694dd845",
    source: "apisource/certificate-manager",
    svcensourceid: `${SOURCE}:api`,
    type: "com.example.certificate.expiring",
    time: "2026-11-20T10:15:00Z",
    specversion: "1.0",
    svcendefaultshort: "short info",
    svcendefaultlong: "long info",
    svcenpushto,
  });
  const emulatorFetch = () => {
    const emu = createEmulator("notifications-v1");
    return (url: string, init: RequestInit) => emu.handle(new Request(url, init));
  };

  it.each([
    ["device lists only (the README's fcm and apns lists)", { fcm_devices: ["9c75975a-37d0-3898-905d-3b5ee0d7c172"], apns_devices: ["3423-37d0-3898-905d-42342"] }],
    ["platforms with user ids", { platforms: ["push_mobile_1"], user_ids: ["user-1"] }],
    ["tags", { tags: ["beta"] }],
  ])("%s → 202 from the mock and the emulator", async (_, targets) => {
    const body = JSON.stringify(send(JSON.stringify(targets)));
    const response = await fetch(`${base()}/notifications`, { method: "POST", headers: json, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(202);
    const emulated = await emulatorFetch()(`${EMULATOR_BASE}/v1/instances/${INSTANCE}/notifications`, { method: "POST", headers: json, body });
    expect(emulated.status).toBe(202);
  });

  it.each([
    ["platforms with a device list", { platforms: ["push_mobile_1"], fcm_devices: ["9c75975a-37d0-3898-905d-3b5ee0d7c172"] }],
    ["user ids with the huawei list", { user_ids: ["user-1"], huawei_devices: ["h1"] }],
    ["tags with the safari list, device list first", { safari_devices: ["s1"], tags: ["beta"] }],
    ["no named list", { foo: 1 }],
  ])("%s → 400 naming svcenpushto, from the mock and the emulator", async (_, targets) => {
    const body = JSON.stringify(send(JSON.stringify(targets)));
    const response = await fetch(`${base()}/notifications`, { method: "POST", headers: json, body });
    expect(response.status).toBe(400);
    expect(response.headers.get("sl-violations")).toMatch(/svcenpushto/);
    const emulated = await emulatorFetch()(`${EMULATOR_BASE}/v1/instances/${INSTANCE}/notifications`, { method: "POST", headers: json, body });
    expect(emulated.status).toBe(400);
    expect(await emulated.text()).toMatch(/svcenpushto/);
  });
});
