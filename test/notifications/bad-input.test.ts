// Every rule of the document that a request can break, sent to the mock: each must be refused
// with the documented error body (400 incorrect_json, or 415 media_type_error for a non-JSON
// body) and the violated rule named in Prism's sl-violations header. Raw fetch, because the
// generated client's types (and its Content-Type guard) would not let most of these out.
import { describe, expect, it } from "vitest";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { InputError } from "cloud-interfaces/core";
import catalogue from "../cases/notifications-v1.js";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";

const ID = "notifications-v1";
const INSTANCE = catalogue.client.bind.instance_id;
const SOURCE = "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5";
const TOPIC = "f2c4c8a0-7e1b-4c3d-9a6e-2b5d8f1e3c7a";
const AUTH = { Authorization: `Bearer ${catalogue.client.credentials.bearerAuth}` };
const rule = { enabled: true, event_type_filter: "$.*" };

interface Call {
  method: string;
  /** Below /v1/instances/{instance_id}; a leading "!" replaces the instance segment too. */
  path: string;
  body?: unknown;
  /** Raw body text, for content-type cases. */
  raw?: string;
  contentType?: string;
}

const base = {
  // specversion is required, as by the Go and Node SDKs (issue 26 item 1).
  send: { method: "POST", path: "/notifications", body: { id: "1", type: "t", source: "s", specversion: "1.0", svcensourceid: `${SOURCE}:api`, svcendefaultshort: "a", svcendefaultlong: "b" } },
  createSource: { method: "POST", path: "/sources", body: { name: "CI", description: "Builds" } },
  updateSource: { method: "PATCH", path: `/sources/${SOURCE}`, body: { enabled: false } },
  deleteSource: { method: "DELETE", path: `/sources/${SOURCE}` },
  listSources: { method: "GET", path: "/sources" },
  createTopic: { method: "POST", path: "/topics", body: { name: "Builds", sources: [{ id: SOURCE, rules: [rule] }] } },
  replaceTopic: { method: "PUT", path: `/topics/${TOPIC}`, body: { name: "Builds" } },
  getTopic: { method: "GET", path: `/topics/${TOPIC}` },
  createTemplate: {
    method: "POST",
    path: "/templates",
    body: { name: "Mail", type: "smtp_custom.notification", params: { body: "PGgxPg==", subject: "Hi" } },
  },
  listTemplates: { method: "GET", path: "/templates" },
} satisfies Record<string, Call>;

async function send(call: Call, headers: Record<string, string> = AUTH) {
  const path = call.path.startsWith("!") ? call.path.slice(1) : `/v1/instances/${INSTANCE}${call.path}`;
  const hasBody = call.body !== undefined || call.raw !== undefined;
  const response = await fetch(`${mockUrl(ID)}${path}`, {
    method: call.method,
    headers: { ...headers, ...(hasBody ? { "Content-Type": call.contentType ?? "application/json" } : {}) },
    body: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, violations: response.headers.get("sl-violations") ?? "" };
}

const with_ = <T extends object>(b: T, patch: Record<string, unknown>) => ({ ...b, ...patch });
const inst = (id: string) => `!/v1/instances/${id}/sources`;
const text256 = "x".repeat(256);

/** [case, request, violated keyword, where Prism reports it] */
const rejected: [string, Call, string, string][] = [
  // path parameters
  ["instance id, not hexadecimal groups", { method: "GET", path: inst("not-an-instance-id-at-all") }, "pattern", "instance_id"],
  ["instance id, under 10 characters", { method: "GET", path: inst("abc") }, "minLength", "instance_id"],
  ["instance id, over 256 characters", { method: "GET", path: inst(`${INSTANCE}${"a".repeat(230)}`) }, "maxLength", "instance_id"],
  ["source id, forbidden character", { method: "DELETE", path: "/sources/bad.id" }, "pattern", "id"],
  ["source id, over 100 characters", { method: "DELETE", path: `/sources/${"a".repeat(101)}` }, "maxLength", "id"],
  ["topic id, not UUID shape", { method: "GET", path: "/topics/not-a-uuid-shaped-topic-id-000000" }, "pattern", "id"],
  ["topic id, 35 characters", { method: "DELETE", path: `/topics/${TOPIC.slice(1)}` }, "minLength", "id"],
  // list query parameters
  ["limit 0", { method: "GET", path: "/sources?limit=0" }, "minimum", "limit"],
  ["limit 101", { method: "GET", path: "/topics?limit=101" }, "maximum", "limit"],
  ["limit not an integer", { method: "GET", path: "/templates?limit=ten" }, "type", "limit"],
  ["offset -1", { method: "GET", path: "/sources?offset=-1" }, "minimum", "offset"],
  ["search with a hyphen", { method: "GET", path: "/topics?search=a-b" }, "pattern", "search"],
  ["search of 101 characters", { method: "GET", path: `/templates?search=${"a".repeat(101)}` }, "maxLength", "search"],
  // source bodies
  ["create source, no description", with_(base.createSource, { body: { name: "CI" } }), "required", "body"],
  ["create source, name with angle brackets", with_(base.createSource, { body: { name: "<b>", description: "x" } }), "pattern", "name"],
  ["create source, empty name", with_(base.createSource, { body: { name: "", description: "x" } }), "minLength", "name"],
  ["create source, 256-character description", with_(base.createSource, { body: { name: "CI", description: text256 } }), "maxLength", "description"],
  ["create source, enabled not boolean", with_(base.createSource, { body: { name: "CI", description: "x", enabled: "yes" } }), "type", "enabled"],
  ["update source, name with newline", with_(base.updateSource, { body: { name: "a\nb" } }), "pattern", "name"],
  ["update source, description with backslash", with_(base.updateSource, { body: { description: "a\\b" } }), "pattern", "description"],
  // topic bodies
  ["create topic, no name", with_(base.createTopic, { body: { description: "x" } }), "required", "body"],
  ["create topic, name with tab", with_(base.createTopic, { body: { name: "a\tb" } }), "pattern", "name"],
  [
    "create topic, 101 sources",
    with_(base.createTopic, { body: { name: "T", sources: Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, rules: [rule] })) } }),
    "maxItems",
    "sources",
  ],
  ["create topic, source id with a space", with_(base.createTopic, { body: { name: "T", sources: [{ id: "a b", rules: [rule] }] } }), "pattern", "id"],
  ["create topic, source without rules", with_(base.createTopic, { body: { name: "T", sources: [{ id: SOURCE }] } }), "required", "sources"],
  // An empty event_type_filter is no longer bad input: the Terraform provider sends "" (issue 37; test/notifications/terraform.test.ts).
  ["create topic, rule event_type_filter not a string", with_(base.createTopic, { body: { name: "T", sources: [{ id: SOURCE, rules: [{ event_type_filter: 7 }] }] } }), "type", "event_type_filter"],
  [
    "replace topic, rule enabled not boolean",
    with_(base.replaceTopic, { body: { name: "T", sources: [{ id: SOURCE, rules: [{ enabled: "on", event_type_filter: "$.*" }] }] } }),
    "type",
    "enabled",
  ],
  // template bodies
  ["create template, unknown type", with_(base.createTemplate, { body: { ...base.createTemplate.body, type: "sms.notification" } }), "enum", "type"],
  ["create template, no params", with_(base.createTemplate, { body: { name: "Mail", type: "smtp_custom.invitation" } }), "required", "body"],
  [
    "create template, email without body",
    with_(base.createTemplate, { body: { name: "Mail", type: "smtp_custom.notification", params: { subject: "Hi" } } }),
    "required",
    "params",
  ],
  [
    "create template, chat with subject",
    with_(base.createTemplate, { body: { name: "Chat", type: "chat.notification", params: { body: "PGgxPg==", subject: "x" } } }),
    "additionalProperties",
    "params",
  ],
  [
    "create template, body not base64",
    with_(base.createTemplate, { body: { ...base.createTemplate.body, params: { body: "not base64!", subject: "Hi" } } }),
    "pattern",
    "body",
  ],
  ["create template, name with angle bracket", with_(base.createTemplate, { body: { ...base.createTemplate.body, name: "a<b" } }), "pattern", "name"],
  ["create template, 256-character name", with_(base.createTemplate, { body: { ...base.createTemplate.body, name: text256 } }), "maxLength", "name"],
  // notification bodies
  ["send, no id", with_(base.send, { body: { ...base.send.body, id: undefined } }), "required", "body"],
  ["send, no svcensourceid", with_(base.send, { body: { ...base.send.body, svcensourceid: undefined } }), "required", "body"],
  ["send, no svcendefaultshort", with_(base.send, { body: { ...base.send.body, svcendefaultshort: undefined } }), "required", "body"],
  ["send, specversion 2.0", with_(base.send, { body: { ...base.send.body, specversion: "2.0" } }), "const", "specversion"],
  ["send, time not a date-time", with_(base.send, { body: { ...base.send.body, time: "yesterday" } }), "format", "time"],
  ["send, source id without :api", with_(base.send, { body: { ...base.send.body, svcensourceid: SOURCE } }), "pattern", "svcensourceid"],
  ["send, svcenpushto not a string", with_(base.send, { body: { ...base.send.body, svcenpushto: { platforms: ["push_mobile_1"] } } }), "type", "svcenpushto"],
  ["send, data not an object", with_(base.send, { body: { ...base.send.body, data: "x" } }), "type", "data"],
];

const bodyOperations = ["send", "createSource", "updateSource", "createTopic", "replaceTopic", "createTemplate"] as const;

function expectDocumentedError(body: unknown, status: number, code: string) {
  expect(validateAt(ID, "#/components/schemas/ErrorResponse", body)).toEqual([]);
  expect(body).toMatchObject({ status_code: status, errors: [{ code }] });
}

describe("bad input is rejected by the mock with the documented error body", () => {
  it.each(Object.entries(base))("baseline %s is accepted, so each rejection is about its bad part", async (_, call) => {
    const { status, violations } = await send(call);
    expect(violations).toBe("");
    expect([200, 201, 202, 204]).toContain(status);
  });

  // Issue 26 items 1-6: what the SDKs send (and their integration tests expect to succeed) is accepted.
  it.each([
    ["create topic, rule with enabled and event_schedule_filter only (both SDKs' integration tests)",
      with_(base.createTopic, { body: { name: "T", sources: [{ id: SOURCE, rules: [{ enabled: true, event_schedule_filter: { starts_at: "2026-11-24T10:00:00Z", ends_at: "2026-11-24T10:01:00Z", expression: "* * * * *" } }] }] } })],
    ["replace topic without name (ReplaceTopicOptions.Name optional)", with_(base.replaceTopic, { body: { description: "x" } })],
    ["create template, email without subject (subject optional in every SDK)", with_(base.createTemplate, { body: { name: "Mail", type: "smtp_custom.notification", params: { body: "PGgxPg==" } } })],
    ["send with svcenpushto by tags", with_(base.send, { body: { ...base.send.body, svcenpushto: JSON.stringify({ tags: ["beta"] }) } })],
    ["send with svcenpushto by device lists", with_(base.send, { body: { ...base.send.body, svcenpushto: JSON.stringify({ fcm_devices: ["d1"], apns_devices: ["d2"] }) } })],
    ["list sources with search= (Go and Node integration tests)", { method: "GET", path: "/sources?search=" }],
    ["list topics with search=", { method: "GET", path: "/topics?search=&limit=1&offset=0" }],
  ] as [string, Call][])("accepted: %s", async (_, call) => {
    const { status, violations } = await send(call);
    expect(violations).toBe("");
    expect([200, 201, 202]).toContain(status);
  });

  it("send without specversion → 400 incorrect_json (required by the Go and Node SDK models)", async () => {
    const { specversion: _, ...body } = base.send.body;
    const { status, body: error, violations } = await send(with_(base.send, { body }));
    expect(status).toBe(400);
    expectDocumentedError(error, 400, "incorrect_json");
    expect(violations).toMatch(/specversion/);
  });

  it.each(rejected)("%s → 400 incorrect_json", async (_, call, keyword, where) => {
    const { status, body, violations } = await send(call);
    expect(status).toBe(400);
    expectDocumentedError(body, 400, "incorrect_json");
    const reported = JSON.parse(violations) as { code: string; location: string[] }[];
    expect(reported.some((v) => v.code === keyword && v.location.includes(where)), violations).toBe(true);
  });

  it.each(bodyOperations)("%s with a text/plain body → 415 media_type_error", async (name) => {
    const call = base[name];
    const { status, body } = await send({ ...call, raw: JSON.stringify(call.body), contentType: "text/plain" });
    expect(status).toBe(415);
    expectDocumentedError(body, 415, "media_type_error");
  });

  it("an XML body → 415 media_type_error", async () => {
    const { status, body } = await send({ ...base.createSource, raw: "<source/>", contentType: "application/xml" });
    expect(status).toBe(415);
    expectDocumentedError(body, 415, "media_type_error");
  });

  it.each([
    ["no Authorization header", {}],
    ["a Basic credential", { Authorization: "Basic eDp5" }],
  ])("%s → 401 unauthorized", async (_, headers) => {
    const { status, body } = await send(base.listSources, headers);
    expect(status).toBe(401);
    expectDocumentedError(body, 401, "unauthorized");
  });

  it("the generated client refuses a non-JSON content type before sending", async () => {
    const client = createNotificationsV1Client({ baseUrl: mockUrl(ID), ...catalogue.client });
    const error = await Promise.resolve()
      .then(() =>
        client.POST("/v1/instances/{instance_id}/sources", {
          params: { path: {} },
          // `enabled` is optional (default true), but openapi-typescript's defaultNonNullable
          // currently makes it required in the generated request type.
          body: { name: "CI", description: "Builds", enabled: true },
          headers: { "Content-Type": "text/plain" },
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "Content-Type" });
  });
});
