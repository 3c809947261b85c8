/** The breaking-change gate on the notifications document: its edits of issue 17 and after (oneOf branches, consts, enums). */
import { copy, describeAdditiveEdits, describeBreakingEdits, original, reported, type Edit } from "../harness/breaking-edits.js";

const notifications = (d: any, name: string) => d.components.schemas[name];

const said: Record<string, string[]> = {
  "new required field inside a oneOf branch": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest].description: request field newly required"
  ],
  "narrowed enum inside a oneOf branch": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/EmailTemplateCreateRequest].type: enum value \"smtp_custom.invitation\" removed"
  ],
  "changed const": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest].type: request const \"chat.notification\" → \"chat.alert\""
  ],
  "request oneOf branch removed": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest]: request oneOf branch removed"
  ],
  "response anyOf branch added": [
    "POST /v1/instances/{instance_id}/templates 201.params.anyOf[#2]: response anyOf branch added: a consumer may receive a shape it does not handle"
  ],
};

const documentEdits: Edit[] = [
  { name: "new required field inside a oneOf branch", service: "notifications-v1", edit: (d) => notifications(d, "ChatTemplateCreateRequest").required.push("description"), rules: ["request-property-became-required"] },
  { name: "narrowed enum inside a oneOf branch", service: "notifications-v1", edit: (d) => notifications(d, "EmailTemplateCreateRequest").properties.type.enum.pop(), rules: ["request-enum-value-removed"] },
  { name: "changed const", service: "notifications-v1", edit: (d) => (notifications(d, "ChatTemplateCreateRequest").properties.type.const = "chat.alert"), rules: ["request-const-changed"] },
  { name: "request oneOf branch removed", service: "notifications-v1", edit: (d) => notifications(d, "TemplateCreateRequest").oneOf.pop(), rules: ["request-oneOf-branch-removed"] },
  { name: "response anyOf branch added", service: "notifications-v1", edit: (d) => notifications(d, "TemplateCreated").properties.params.anyOf.push({ type: "object" }), rules: ["response-anyOf-branch-added"], level: "warning" },
];

const additive: [string, string, (d: any) => void][] = [
  ["request maxLength relaxed", "notifications-v1", (d) => (notifications(d, "CommonText").maxLength = 1000)],
  ["request oneOf branch added", "notifications-v1", (d) => notifications(d, "TemplateCreateRequest").oneOf.push({ type: "object", required: ["x"] })],
];

describeBreakingEdits(documentEdits, said);
describeAdditiveEdits(additive);
