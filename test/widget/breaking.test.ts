/** The breaking-change gate on the widget document: its edits of issue 17 and after. */
import { copy, describeAdditiveEdits, describeBreakingEdits, original, reported, type Edit } from "../harness/breaking-edits.js";

const widget = (d: any) => d.components.schemas.WidgetUrlRequest;

const said: Record<string, string[]> = {
  "request field newly required": [
    "POST /developers/flex-api/widget-url body.custom: request field newly required"
  ],
  "additionalProperties: false added to a request": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused"
  ],
  "request enum value removed": [
    "POST /developers/flex-api/widget-url body.flex: enum value true removed"
  ],
  "request type narrowed": [
    "POST /developers/flex-api/widget-url body.package_id: request type narrowed: integer → string"
  ],
  "maxLength tightened": [
    "POST /developers/flex-api/widget-url body.key: maxLength tightened: none → 10"
  ],
  "pattern changed": [
    "POST /developers/flex-api/widget-url body.key: pattern changed: none → ^[a-z]+$"
  ],
  "format added to a request field": [
    "POST /developers/flex-api/widget-url body.key: format changed: none → uuid"
  ],
  "request value restricted to an enum": [
    "POST /developers/flex-api/widget-url body.key: request value restricted to an enum"
  ],
  "response media type removed": [
    "POST /developers/flex-api/widget-url 200 application/json: response media type removed"
  ],
  "response const changed": [
    "POST /developers/flex-api/widget-url 200.oneOf[#/components/schemas/WidgetUrlSuccess].success: response const 1 → 2"
  ],
  "security scheme changed": [
    "components.securitySchemes.apiKey: security scheme changed: {\"type\":\"apiKey\",\"in\":\"header\",\"name\":\"X-ApiKey\"} → {\"type\":\"apiKey\",\"in\":\"header\",\"name\":\"X-Other-Key\"}"
  ],
  "request allOf member added that requires a field": [
    "POST /developers/flex-api/widget-url body.custom: request field newly required"
  ],
  "request allOf member added that closes the object": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused"
  ],
  "request field removed from a closed object": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused",
    "POST /developers/flex-api/widget-url body.custom: request field no longer accepted"
  ],
};

const documentEdits: Edit[] = [
  { name: "request field newly required", service: "widget", edit: (d) => widget(d).required.push("custom"), rules: ["request-property-became-required"] },
  { name: "additionalProperties: false added to a request", service: "widget", edit: (d) => (widget(d).additionalProperties = false), rules: ["request-additional-properties-closed"] },
  { name: "request enum value removed", service: "widget", edit: (d) => (widget(d).properties.flex.enum = widget(d).properties.flex.enum.filter((v: unknown) => v !== true)), rules: ["request-enum-value-removed"] },
  { name: "request type narrowed", service: "widget", edit: (d) => (widget(d).properties.package_id.type = "string"), rules: ["request-type-narrowed"] },
  { name: "maxLength tightened", service: "widget", edit: (d) => (widget(d).properties.key.maxLength = 10), rules: ["request-maxLength-tightened"] },
  { name: "pattern changed", service: "widget", edit: (d) => (widget(d).properties.key.pattern = "^[a-z]+$"), rules: ["request-pattern-changed"] },
  { name: "format added to a request field", service: "widget", edit: (d) => (widget(d).properties.key.format = "uuid"), rules: ["request-format-changed"] },
  { name: "request value restricted to an enum", service: "widget", edit: (d) => (widget(d).properties.key.enum = ["a"]), rules: ["request-enum-added"] },
  { name: "response media type removed", service: "widget", edit: (d) => delete d.paths["/developers/flex-api/widget-url"].post.responses["200"].content["application/json"], rules: ["response-media-type-removed"] },
  { name: "response const changed", service: "widget", edit: (d) => (d.components.schemas.WidgetUrlSuccess.properties.success.const = 2), rules: ["response-const-changed"] },
  { name: "security scheme changed", service: "widget", edit: (d) => (d.components.schemas && (Object.values<any>(d.components.securitySchemes)[0].name = "X-Other-Key")), rules: ["security-scheme-changed"] },
  { name: "request allOf member added that requires a field", service: "widget", edit: (d) => (widget(d).allOf = [{ required: ["custom"] }]), rules: ["request-property-became-required"] },
  { name: "request allOf member added that closes the object", service: "widget", edit: (d) => (widget(d).allOf = [{ additionalProperties: false }]), rules: ["request-additional-properties-closed"] },
  { name: "request field removed from a closed object", service: "widget", edit: (d) => { widget(d).additionalProperties = false; delete widget(d).properties.custom; }, rules: ["request-additional-properties-closed", "request-property-removed"] },
];

const additive: [string, string, (d: any) => void][] = [
  ["new optional request field", "widget", (d) => (widget(d).properties.newField = { type: "string" })],
  ["new request enum value", "widget", (d) => widget(d).properties.flex.enum.push(2)],
  ["request field no longer required", "widget", (d) => (widget(d).required = widget(d).required.slice(1))],
];

describeBreakingEdits(documentEdits, said);
describeAdditiveEdits(additive);
