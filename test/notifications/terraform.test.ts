/**
 * Notification routing requests shaped as the Terraform provider sends them
 * (IBM-Cloud/terraform-provider-ibm, ibm/service/eventnotification/): the provider reads every
 * attribute of a block with `d.Get`, so an unset string travels as "" rather than being left
 * out. resource_ibm_en_topic.go (resourceIBMEnTopicMapToRules) sends `notification_filter: ""`
 * for a rule without one (schema Default "") and `event_type_filter: ""` when it is unset;
 * resource_ibm_en_email_template.go (EmailTemplateParamsMap) sends `subject: ""` and `body: ""`
 * for unset params. Also the 403 the platform's IAM check answers (code `authorization_error`).
 * Issue 37, notifications items.
 */
import { describe, expect, it } from "vitest";
import { validateAt } from "../harness/validator.js";
import { mockUrl } from "../harness/mocks.js";
import { loopback } from "../real-clients/loopback.js";

const ID = "notifications-v1";
const INSTANCE = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
const SOURCE = "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5";
const base = () => `${loopback(mockUrl(ID))}/v1/instances/${INSTANCE}`;
// The Go SDK the provider calls sends JSON with Accept and Content-Type application/json.
const json = { Accept: "application/json", "Content-Type": "application/json", Authorization: "Bearer eyJraWQiOiJpYW0ifQ.eyJzdWIiOiJ0ZXN0In0.c2ln" };

async function send(method: string, path: string, body: unknown) {
  const response = await fetch(`${base()}${path}`, { method, headers: json, body: JSON.stringify(body) });
  return { response, violations: response.headers.get("sl-violations"), warning: response.headers.get("x-mock-warning") };
}

describe("notifications-v1: the Terraform provider's requests", () => {
  it.each([
    ["create topic, a rule with notification_filter \"\" (schema Default \"\")", "POST", "/topics",
      { name: "tf-topic", description: "Managed by Terraform", sources: [{ id: SOURCE, rules: [{ enabled: true, event_type_filter: "$.*", notification_filter: "" }] }] }, 201],
    ["create topic, a rule with event_type_filter \"\" (Optional, unset)", "POST", "/topics",
      { name: "tf-topic-2", sources: [{ id: SOURCE, rules: [{ enabled: true, event_type_filter: "", notification_filter: "" }] }] }, 201],
    ["replace topic with the same rule shape", "PUT", "/topics/0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b",
      { name: "tf-topic", sources: [{ id: SOURCE, rules: [{ enabled: false, event_type_filter: "", notification_filter: "" }] }] }, 200],
    ["create an email template with subject \"\" (params.0 subject unset)", "POST", "/templates",
      { name: "tf-mail", type: "smtp_custom.notification", params: { body: "PGgxPkhpPC9oMT4=", subject: "" } }, 201],
    ["create an email template with body \"\" and subject \"\" (params.0 unset)", "POST", "/templates",
      { name: "tf-mail-2", type: "smtp_custom.invitation", params: { body: "", subject: "" } }, 201],
  ] as const)("%s → success", async (_, method, path, body, status) => {
    const { response, violations, warning } = await send(method, path, body);
    expect(violations).toBeNull();
    expect(warning, "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(status);
  });

  it("a filter that is not a string is still refused", async () => {
    const { response, violations } = await send("POST", "/topics", { name: "tf-topic", sources: [{ id: SOURCE, rules: [{ event_type_filter: 7 }] }] });
    expect(violations).toMatch(/event_type_filter/);
    expect(response.status).toBe(400);
  });

  it("a base64 body outside the alphabet is still refused", () => {
    expect(validateAt(ID, "#/components/schemas/EmailTemplateParams", { body: "not base64!" })).not.toEqual([]);
    expect(validateAt(ID, "#/components/schemas/EmailTemplateParams", { body: "", subject: "" })).toEqual([]);
  });
});

describe("notifications-v1: the IAM refusal", () => {
  it("403 carries code authorization_error in the document's error body", async () => {
    const response = await fetch(`${base()}/sources`, { headers: { ...json, Prefer: "code=403" } });
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.errors[0].code).toBe("authorization_error");
    expect(validateAt(ID, "#/components/schemas/ErrorResponse", body)).toEqual([]);
  });
});
