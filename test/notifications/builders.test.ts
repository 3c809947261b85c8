// The JSON-in-string builders: their output must satisfy the inner shapes the document gives
// in `contentSchema`, and bad input must fail with an InputError naming field and rule.
import { describe, expect, it } from "vitest";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { InputError } from "cloud-interfaces/core";
import { mailTo, pushBody, pushHeaders, pushTo, smsTo, templateIds, PUSH_PLATFORMS } from "cloud-interfaces/notifications-v1";
import { buildNotification, type NotificationInput } from "cloud-interfaces/notifications-v1";
import catalogue from "../cases/notifications-v1.js";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";

const ID = "notifications-v1";
const schema = (name: string) => `#/components/schemas/${name}`;

function rejects(fn: () => unknown, field: string, rule: string): InputError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InputError);
  expect(caught).toMatchObject({ field, rule });
  return caught as InputError;
}

/** Each JSON-in-string field of a notification must parse and satisfy its contentSchema. */
function checkJsonFields(notification: Record<string, unknown>) {
  const props = bundledDocument(ID).components.schemas.Notification.properties as Record<string, any>;
  const jsonFields = Object.entries(props).filter(([, p]) => p.contentMediaType === "application/json");
  expect(jsonFields.length).toBe(11);
  for (const [name, prop] of jsonFields) {
    if (notification[name] === undefined) continue;
    expect(typeof notification[name], name).toBe("string");
    const inner = JSON.parse(notification[name] as string);
    expect(validateAt(ID, prop.contentSchema.$ref, inner), name).toEqual([]);
  }
}

describe("svcenpushto", () => {
  it("serializes platforms, user ids, or both; the result satisfies PushTargets", () => {
    for (const targets of [
      { platforms: [...PUSH_PLATFORMS] },
      { user_ids: ["user-1042", "user-7"] },
      { platforms: ["push_mobile_2" as const], user_ids: ["u"] },
    ]) {
      const text = pushTo(targets);
      expect(JSON.parse(text)).toEqual(targets);
      expect(validateAt(ID, schema("PushTargets"), JSON.parse(text))).toEqual([]);
    }
  });

  it.each([
    // PushTargets needs one of its named lists (anyOf); each list is checked where it is declared.
    ["neither list", {}, "svcenpushto", "anyOf"],
    ["only a key the document does not name (minProperties counted it)", { foo: 1 }, "svcenpushto", "anyOf"],
    // The SDKs' field comment: platforms, tags or user_ids are not used with a device list (issue 37).
    ["tags with a device list", { tags: ["beta"], fcm_devices: ["d1"] }, "svcenpushto", "not"],
    ["user ids with the huawei device list", { user_ids: ["u"], huawei_devices: ["h"] }, "svcenpushto", "not"],
    ["an unknown platform", { platforms: ["push_mobile_1", "push_sms"] }, "svcenpushto.platforms[1]", "enum"],
    ["an empty platform list", { platforms: [] }, "svcenpushto.platforms", "minItems"],
    ["a repeated platform", { platforms: ["push_browser_1", "push_browser_1"] }, "svcenpushto.platforms", "uniqueItems"],
    ["an empty user id", { user_ids: [""] }, "svcenpushto.user_ids[0]", "minLength"],
    ["a user id that is not a string", { user_ids: [42] }, "svcenpushto.user_ids[0]", "type"],
    ["platforms that is not a list", { platforms: "push_mobile_1" }, "svcenpushto.platforms", "type"],
  ])("rejects %s", (_, targets, field, rule) => {
    rejects(() => pushTo(targets as never), field, rule);
  });

  it("serializes the SDKs' other selectors: tags and device lists (Go SDK README ibmenpushto; issue 26 item 5)", () => {
    for (const targets of [
      { tags: ["beta-users"] },
      { tags: ["beta-users"], platforms: ["push_mobile_1" as const], user_ids: ["u"] },
      { fcm_devices: ["d1"], apns_devices: ["d2"] },
      { chrome_devices: ["c"], firefox_devices: ["f"], safari_devices: ["s"] },
      // The third mobile platform's list, as the Node SDK's README sends it (issue 37).
      { huawei_devices: ["h1"] },
    ]) {
      expect(validateAt(ID, schema("PushTargets"), JSON.parse(pushTo(targets)))).toEqual([]);
    }
    rejects(() => pushTo({ tags: [] }), "svcenpushto.tags", "minItems");
  });

  it("the document rejects what the builder rejects", () => {
    expect(validateAt(ID, schema("PushTargets"), {})).not.toEqual([]);
    expect(validateAt(ID, schema("PushTargets"), { platforms: ["push_sms"] })).not.toEqual([]);
    expect(validateAt(ID, schema("PushTargets"), { foo: 1 })).not.toEqual([]);
    expect(validateAt(ID, schema("PushTargets"), { tags: ["beta"], fcm_devices: ["d1"] })).not.toEqual([]);
    expect(validateAt(ID, schema("PushTargets"), { huawei_devices: ["h1"], apns_devices: ["a1"] })).toEqual([]);
  });
});

describe("svcenmailto, svcensmsto, svcentemplates", () => {
  it("serialize lists that satisfy their inner schemas", () => {
    expect(validateAt(ID, schema("MailToList"), JSON.parse(mailTo(["ops@example.com", "a.b+c@mail.example.org"])))).toEqual([]);
    expect(validateAt(ID, schema("SmsToList"), JSON.parse(smsTo(["+15555550123", "+447700900123"])))).toEqual([]);
    expect(validateAt(ID, schema("TemplateIdList"), JSON.parse(templateIds(["0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b"])))).toEqual([]);
    expect(mailTo(["ops@example.com"])).toBe('["ops@example.com"]');
  });

  it("rejects a bad address without echoing it", () => {
    const error = rejects(() => mailTo(["ops@example.com", "not-an-address"]), "svcenmailto[1]", "format");
    expect(error.message).not.toContain("not-an-address");
  });

  it.each([
    ["no addresses", () => mailTo([]), "svcenmailto", "minItems"],
    ["a repeated address", () => mailTo(["a@example.com", "a@example.com"]), "svcenmailto", "uniqueItems"],
    ["a number without +", () => smsTo(["15555550123"]), "svcensmsto[0]", "pattern"],
    ["a number with spaces", () => smsTo(["+1 555 555 0123"]), "svcensmsto[0]", "pattern"],
    ["a number of 16 digits", () => smsTo(["+1234567890123456"]), "svcensmsto[0]", "pattern"],
    ["no numbers", () => smsTo([]), "svcensmsto", "minItems"],
    ["an empty template id", () => templateIds([""]), "svcentemplates[0]", "minLength"],
    ["no template ids", () => templateIds([]), "svcentemplates", "minItems"],
  ])("rejects %s", (_, fn, field, rule) => {
    rejects(fn, field, rule);
  });

  it("the builders' phone rule is the document's", () => {
    const item = bundledDocument(ID).components.schemas.SmsToList.items;
    const documented = new RegExp(item.pattern, "u");
    for (const n of ["+15555550123", "15555550123", "+1234567890123456", "+0123"]) {
      let built = true;
      try {
        smsTo([n]);
      } catch {
        built = false;
      }
      expect(built, n).toBe(documented.test(n));
    }
  });
});

describe("push bodies and headers", () => {
  it("serialize plain objects", () => {
    expect(pushBody("svcenmobile1body", { aps: { alert: "hi" } })).toBe('{"aps":{"alert":"hi"}}');
    expect(pushHeaders({ "apns-priority": "10" })).toBe('{"apns-priority":"10"}');
  });

  it("reject arrays, cycles, non-string header values and header injection", () => {
    rejects(() => pushBody("svcenbrowser2body", [] as never), "svcenbrowser2body", "type");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    rejects(() => pushBody("svcenmobile3body", cyclic), "svcenmobile3body", "json");
    rejects(() => pushHeaders({ "apns-priority": 10 } as never), "svcenmobile2headers.apns-priority", "type");
    rejects(() => pushHeaders({ "x-a": "1\r\nx-b: 2" }), "svcenmobile2headers.x-a", "headerSafe");
  });

  // The one header-value rule of the clients (runtime/core/header-value.ts), not a CR/LF/NUL subset of it.
  it.each([
    ["another control character", { "x-a": "1\u0001" }],
    ["DEL", { "x-a": "1\u007f" }],
    ["a character above U+00FF", { "x-a": "\u20ac 10" }],
    ["a control character in a name", { "x-\u0001": "1" }],
  ])("reject %s as the client rejects it in any header", (_why, headers) => {
    const error = rejects(() => pushHeaders(headers), `svcenmobile2headers.${Object.keys(headers)[0]}`, "headerSafe");
    expect(error.message).toContain("other control characters, or characters above U+00FF");
  });

  it("keep tab and Latin-1 characters, as a header value may", () => {
    expect(pushHeaders({ "x-a": "a\tb \u00e9" })).toBe(JSON.stringify({ "x-a": "a\tb \u00e9" }));
  });
});

describe("buildNotification", () => {
  const full: NotificationInput = {
    id: "b2198eb8-04b1-48ec-a78c-ee87694dd845",
    type: "com.example.certificate.expiring",
    source: "apisource/certificate-manager",
    time: new Date("2026-11-20T10:15:00Z"),
    datacontenttype: "application/json",
    data: { certificate: "api.example.com" },
    severity: "MEDIUM",
    sourceId: "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5",
    subject: "Certificate expiring",
    smsText: "Certificate expiring",
    defaultShort: "Expiring",
    defaultLong: "The certificate expires in 7 days.",
    htmlBody: "<p>Expiring</p>",
    pushTo: { platforms: ["push_browser_1", "push_mobile_2"] },
    mobileBodies: { 1: { message: {} }, 2: { aps: { alert: "x" } }, 3: { notification: {} } },
    mobile2Headers: { "apns-priority": "10" },
    browserBodies: { 1: { title: "a" }, 2: { title: "b" }, 3: { title: "c" } },
    mailTo: ["ops@example.com"],
    smsTo: ["+15555550123"],
    templates: ["0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b"],
  };

  it("fills all 25 fields and satisfies the Notification schema and every contentSchema", () => {
    const n = buildNotification(full);
    expect(Object.keys(n).sort()).toEqual(Object.keys(bundledDocument(ID).components.schemas.Notification.properties).sort());
    expect(n).toMatchObject({ specversion: "1.0", time: "2026-11-20T10:15:00.000Z", svcensourceid: `${full.sourceId}:api` });
    expect(validateAt(ID, schema("Notification"), n)).toEqual([]);
    checkJsonFields(n as Record<string, unknown>);
  });

  it("leaves out what was not given", () => {
    const required = { id: "1", type: "t", source: "s", sourceId: "src", defaultShort: "a", defaultLong: "b" };
    expect(buildNotification(required)).toEqual({
      id: "1", type: "t", source: "s", specversion: "1.0", svcensourceid: "src:api", svcendefaultshort: "a", svcendefaultlong: "b",
    });
  });

  it("takes a time whose date and time a space joins, as RFC 3339 allows and the document's validator reads it", async () => {
    const spaced = { ...full, time: "2026-11-20 10:15:00+01:00" };
    expect(buildNotification(spaced).time).toBe("2026-11-20 10:15:00+01:00");
    expect(validateAt(ID, schema("Notification"), buildNotification(spaced))).toEqual([]);
    const client = createNotificationsV1Client({ baseUrl: mockUrl(ID), ...catalogue.client } as never);
    const { response } = await client.POST("/v1/instances/{instance_id}/notifications", { params: { path: {} }, body: buildNotification(spaced) });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(202);
  });

  it("is accepted by the mock (send a notification, 202)", async () => {
    const client = createNotificationsV1Client({ baseUrl: mockUrl(ID), ...catalogue.client } as never);
    const { data, response } = await client.POST("/v1/instances/{instance_id}/notifications", {
      params: { path: {} },
      body: buildNotification(full),
    });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(202);
    expect(data?.notification_id).toBeTypeOf("string");
  });

  it.each([
    ["no id", { ...full, id: undefined }, "id", "required"],
    // Issue 14 item 13: required by the service's SDK models, and now by the document.
    ["no source id", { ...full, sourceId: undefined }, "svcensourceid", "required"],
    ["no default short message", { ...full, defaultShort: undefined }, "svcendefaultshort", "required"],
    ["no default long message", { ...full, defaultLong: undefined }, "svcendefaultlong", "required"],
    ["an empty type", { ...full, type: "" }, "type", "minLength"],
    ["a source that is not a string", { ...full, source: 7 }, "source", "type"],
    ["a time that is not RFC 3339", { ...full, time: "20 Nov 2026" }, "time", "format"],
    // Date.parse reads these; RFC 3339 does not (runtime/core/date-time.ts, the helpers' one date-time check).
    ["a date without a time", { ...full, time: "2026-11-20" }, "time", "format"],
    ["an invalid Date", { ...full, time: new Date("nope") }, "time", "format"],
    ["a source id with a space", { ...full, sourceId: "bad id" }, "svcensourceid", "pattern"],
    ["a source id of 101 characters", { ...full, sourceId: "a".repeat(101) }, "svcensourceid", "pattern"],
    ["data that is an array", { ...full, data: [] }, "data", "type"],
    ["a fourth mobile body", { ...full, mobileBodies: { 4: {} } }, "svcenmobile4body", "enum"],
    ["an unknown platform", { ...full, pushTo: { platforms: ["push_sms"] } }, "svcenpushto.platforms[0]", "enum"],
    ["a bad phone number", { ...full, smsTo: ["555"] }, "svcensmsto[0]", "pattern"],
  ])("rejects %s", (_, input, field, rule) => {
    rejects(() => buildNotification(input as never), field, rule);
  });
});

describe("the document's own notification examples", () => {
  it("carry JSON strings that satisfy their contentSchema", () => {
    const examples = bundledDocument(ID).paths["/v1/instances/{instance_id}/notifications"].post.requestBody.content["application/json"]
      .examples as Record<string, { value: Record<string, unknown> }>;
    expect(Object.keys(examples).length).toBeGreaterThan(0);
    for (const { value } of Object.values(examples)) checkJsonFields(value);
  });
});
