/**
 * The breaking-change gate, table-driven: each edit is applied to a copy of a real bundled
 * document (or of the registry) and must be reported with the right rule and level, and with
 * nothing else; additive edits must give no error and no warning. The first 17 rows are the
 * edits of issue 17 (7 the first gate caught, 10 it missed).
 */
import { describe, expect, it } from "vitest";
import { diffBreaking, diffDocuments, type Change, type Level } from "../scripts/lib/breaking.js";
import { changelogSection, diffServices, errorsOf, formatChangelog, formatReport, type ServiceVersion } from "../scripts/lib/breaking-report.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";
import { onePostApi } from "./harness/one-post-api.js";

const ids = readServices().map((s) => s.id);
const original = (id: string) => bundledDocument(id);
const copy = (id: string) => structuredClone(original(id));

const kms = {
  list: (d: any) => d.paths["/api/v2/keys"].get,
  head: (d: any) => d.paths["/api/v2/keys"].head,
  create: (d: any) => d.paths["/api/v2/keys"].post,
  schema: (d: any, name: string) => d.components.schemas[name],
};
const widget = (d: any) => d.components.schemas.WidgetUrlRequest;
const notifications = (d: any, name: string) => d.components.schemas[name];
const identity = (d: any, name: string) => d.components.schemas[name];
const authorize = (d: any) => d.paths["/oauth/v4/{tenantId}/authorization"].get;

interface Edit {
  name: string;
  service: string;
  edit: (doc: any) => void;
  /** Every rule the edit must produce, at this level, and no other error or warning. */
  rules: string[];
  level?: Level;
}

/** What the gate must say for each edit: "where: change", in document order. */
const said: Record<string, string[]> = {
  "operation removed": [
    "HEAD /api/v2/keys: operation removed"
  ],
  "parameter removed": [
    "GET /api/v2/keys query.limit: parameter removed"
  ],
  "parameter newly required": [
    "GET /api/v2/keys query.limit: parameter newly required"
  ],
  "response field removed": [
    "GET /api/v2/keys 200.resources[].name: response field removed",
    "POST /api/v2/keys 201.resources[].name: response field removed"
  ],
  "region removed": [
    "servers.region: region br-sao removed"
  ],
  "response removed": [
    "GET /api/v2/keys 429: response removed"
  ],
  "request field newly required": [
    "POST /developers/flex-api/widget-url body.custom: request field newly required"
  ],
  "response field becoming optional": [
    "GET /api/v2/keys 200.metadata.collectionTotal: response field no longer required",
    "GET /api/v2/keys 400.metadata.collectionTotal: response field no longer required"
  ],
  "new required field inside a oneOf branch": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest].description: request field newly required"
  ],
  "narrowed enum inside a oneOf branch": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/EmailTemplateCreateRequest].type: enum value \"smtp_custom.invitation\" removed"
  ],
  "changed const": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest].type: request const \"chat.notification\" → \"chat.alert\""
  ],
  "removed required response header (Key-Total)": [
    "HEAD /api/v2/keys 200 header Key-Total: required response header removed"
  ],
  "additionalProperties: false added to a request": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused"
  ],
  "response enum value added": [
    "GET /api/v2/keys 200.resources[].state: response enum value 4 added"
  ],
  "security added to an open operation": [
    "GET /oauth/v4/{tenantId}/authorization: security added to an open operation: bearerAuth"
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
  "minimum raised": [
    "GET /api/v2/keys query.limit: minimum tightened: 1 → 5"
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
  "new required parameter": [
    "GET /api/v2/keys query.tenant: new required parameter"
  ],
  "request media type removed": [
    "POST /api/v2/keys body application/vnd.svc.kms.key+json: request media type removed"
  ],
  "response media type removed": [
    "POST /developers/flex-api/widget-url 200 application/json: response media type removed"
  ],
  "response type changed": [
    "GET /api/v2/keys 200.resources[].name: response type changed: string → string,null",
    "POST /api/v2/keys 201.resources[].name: response type changed: string → string,null"
  ],
  "response const changed": [
    "POST /developers/flex-api/widget-url 200.oneOf[#/components/schemas/WidgetUrlSuccess].success: response const 1 → 2"
  ],
  "response header became optional": [
    "HEAD /api/v2/keys 200 header Key-Total: response header no longer required"
  ],
  "optional response header removed": [
    "HEAD /api/v2/keys 200 header correlation-ID: optional response header removed"
  ],
  "credentials no longer accepted": [
    "GET /api/v2/keys: credentials bearerAuth no longer accepted"
  ],
  "security scheme changed": [
    "components.securitySchemes.apiKey: security scheme changed: {\"type\":\"apiKey\",\"in\":\"header\",\"name\":\"X-ApiKey\"} → {\"type\":\"apiKey\",\"in\":\"header\",\"name\":\"X-Other-Key\"}"
  ],
  "request oneOf branch removed": [
    "POST /v1/instances/{instance_id}/templates body.oneOf[#/components/schemas/ChatTemplateCreateRequest]: request oneOf branch removed"
  ],
  "request oneOf added": [
    "POST /api/v2/keys body.resources[]: request must now match oneOf (1 branches)"
  ],
  "new required field in an identity TokenRequest branch": [
    "POST /oauth/v4/{tenantId}/token body.oneOf[client_credentials].scope: request field newly required"
  ],
  "request allOf member added that requires a field": [
    "POST /developers/flex-api/widget-url body.custom: request field newly required"
  ],
  "request allOf member added that closes the object": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused"
  ],
  "response anyOf branch added": [
    "POST /v1/instances/{instance_id}/templates 201.params.anyOf[#2]: response anyOf branch added: a consumer may receive a shape it does not handle"
  ],
  "list limit default changed": [
    "GET /api/v2/keys query.limit: default changed: 200 → 100"
  ],
  "request field removed from a closed object": [
    "POST /developers/flex-api/widget-url body: request object closed: properties it does not list are now refused",
    "POST /developers/flex-api/widget-url body.custom: request field no longer accepted"
  ]
};

const documentEdits: Edit[] = [
  // Caught by the first gate.
  { name: "operation removed", service: "kms-v2", edit: (d) => delete d.paths["/api/v2/keys"].head, rules: ["api-removed"] },
  { name: "parameter removed", service: "kms-v2", edit: (d) => kms.list(d).parameters.splice(3, 1), rules: ["request-parameter-removed"] },
  { name: "parameter newly required", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.required = true), rules: ["request-parameter-became-required"] },
  { name: "response field removed", service: "kms-v2", edit: (d) => delete kms.schema(d, "Key").properties.name, rules: ["response-property-removed"] },
  { name: "region removed", service: "kms-v2", edit: (d) => (d.servers[0].variables.region.enum = d.servers[0].variables.region.enum.filter((r: string) => r !== "br-sao")), rules: ["server-region-removed"] },
  { name: "response removed", service: "kms-v2", edit: (d) => delete kms.list(d).responses["429"], rules: ["response-status-removed"] },
  { name: "request field newly required", service: "widget", edit: (d) => widget(d).required.push("custom"), rules: ["request-property-became-required"] },
  // Missed by the first gate.
  { name: "response field becoming optional", service: "kms-v2", edit: (d) => (kms.schema(d, "CollectionMetadata").required = ["collectionType"]), rules: ["response-property-became-optional"] },
  { name: "new required field inside a oneOf branch", service: "notifications-v1", edit: (d) => notifications(d, "ChatTemplateCreateRequest").required.push("description"), rules: ["request-property-became-required"] },
  { name: "narrowed enum inside a oneOf branch", service: "notifications-v1", edit: (d) => notifications(d, "EmailTemplateCreateRequest").properties.type.enum.pop(), rules: ["request-enum-value-removed"] },
  { name: "changed const", service: "notifications-v1", edit: (d) => (notifications(d, "ChatTemplateCreateRequest").properties.type.const = "chat.alert"), rules: ["request-const-changed"] },
  { name: "removed required response header (Key-Total)", service: "kms-v2", edit: (d) => delete kms.head(d).responses["200"].headers["Key-Total"], rules: ["response-required-header-removed"] },
  { name: "additionalProperties: false added to a request", service: "widget", edit: (d) => (widget(d).additionalProperties = false), rules: ["request-additional-properties-closed"] },
  { name: "response enum value added", service: "kms-v2", edit: (d) => kms.schema(d, "KeyState").enum.push(4), rules: ["response-enum-value-added"], level: "warning" },
  { name: "security added to an open operation", service: "identity-v4", edit: (d) => (authorize(d).security = [{ bearerAuth: [] }]), rules: ["api-security-added"] },
  // (rows 16 and 17, a removed service and a renamed document, are registry edits below)

  // Further edits in the same categories.
  { name: "request enum value removed", service: "widget", edit: (d) => (widget(d).properties.flex.enum = widget(d).properties.flex.enum.filter((v: unknown) => v !== true)), rules: ["request-enum-value-removed"] },
  { name: "request type narrowed", service: "widget", edit: (d) => (widget(d).properties.package_id.type = "string"), rules: ["request-type-narrowed"] },
  { name: "maxLength tightened", service: "widget", edit: (d) => (widget(d).properties.key.maxLength = 10), rules: ["request-maxLength-tightened"] },
  { name: "minimum raised", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.schema.minimum = 5), rules: ["request-minimum-tightened"] },
  { name: "pattern changed", service: "widget", edit: (d) => (widget(d).properties.key.pattern = "^[a-z]+$"), rules: ["request-pattern-changed"] },
  { name: "format added to a request field", service: "widget", edit: (d) => (widget(d).properties.key.format = "uuid"), rules: ["request-format-changed"] },
  { name: "request value restricted to an enum", service: "widget", edit: (d) => (widget(d).properties.key.enum = ["a"]), rules: ["request-enum-added"] },
  { name: "new required parameter", service: "kms-v2", edit: (d) => kms.list(d).parameters.push({ name: "tenant", in: "query", required: true, schema: { type: "string" } }), rules: ["new-required-request-parameter"] },
  { name: "request media type removed", service: "kms-v2", edit: (d) => delete kms.create(d).requestBody.content[Object.keys(kms.create(d).requestBody.content)[0]!], rules: ["request-body-media-type-removed"] },
  { name: "response media type removed", service: "widget", edit: (d) => delete d.paths["/developers/flex-api/widget-url"].post.responses["200"].content["application/json"], rules: ["response-media-type-removed"] },
  { name: "response type changed", service: "kms-v2", edit: (d) => (kms.schema(d, "Key").properties.name.type = ["string", "null"]), rules: ["response-type-changed"] },
  { name: "response const changed", service: "widget", edit: (d) => (d.components.schemas.WidgetUrlSuccess.properties.success.const = 2), rules: ["response-const-changed"] },
  { name: "response header became optional", service: "kms-v2", edit: (d) => (kms.head(d).responses["200"].headers["Key-Total"].required = false), rules: ["response-header-became-optional"] },
  { name: "optional response header removed", service: "kms-v2", edit: (d) => delete kms.head(d).responses["200"].headers["correlation-ID"], rules: ["response-header-removed"], level: "warning" },
  { name: "credentials no longer accepted", service: "kms-v2", edit: (d) => (kms.list(d).security = [{ otherAuth: [] }]), rules: ["api-security-changed"] },
  { name: "security scheme changed", service: "widget", edit: (d) => (d.components.schemas && (Object.values<any>(d.components.securitySchemes)[0].name = "X-Other-Key")), rules: ["security-scheme-changed"] },
  { name: "request oneOf branch removed", service: "notifications-v1", edit: (d) => notifications(d, "TemplateCreateRequest").oneOf.pop(), rules: ["request-oneOf-branch-removed"] },
  { name: "request oneOf added", service: "kms-v2", edit: (d) => (kms.schema(d, "KeyCreate").oneOf = [{ required: ["name"] }]), rules: ["request-oneOf-added"] },
  { name: "new required field in an identity TokenRequest branch", service: "identity-v4", edit: (d) => identity(d, "TokenRequest").oneOf.find((b: any) => b.title === "client_credentials").required.push("scope"), rules: ["request-property-became-required"] },
  { name: "request allOf member added that requires a field", service: "widget", edit: (d) => (widget(d).allOf = [{ required: ["custom"] }]), rules: ["request-property-became-required"] },
  { name: "request allOf member added that closes the object", service: "widget", edit: (d) => (widget(d).allOf = [{ additionalProperties: false }]), rules: ["request-additional-properties-closed"] },
  { name: "response anyOf branch added", service: "notifications-v1", edit: (d) => notifications(d, "TemplateCreated").properties.params.anyOf.push({ type: "object" }), rules: ["response-anyOf-branch-added"], level: "warning" },
  { name: "list limit default changed", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.schema.default = 100), rules: ["request-parameter-default-value-changed"] },
  { name: "request field removed from a closed object", service: "widget", edit: (d) => { widget(d).additionalProperties = false; delete widget(d).properties.custom; }, rules: ["request-additional-properties-closed", "request-property-removed"] },
];

function reported(service: string, edit: (doc: any) => void): Change[] {
  const head = copy(service);
  edit(head);
  return diffBreaking(original(service), head);
}

describe("breaking-change gate: each breaking edit is caught with its rule", () => {
  it.each(documentEdits.map((e) => [e.name, e] as const))("%s", (_name, e) => {
    const found = reported(e.service, e.edit);
    expect([...new Set(found.map((c) => c.rule))].sort(), JSON.stringify(found, null, 2)).toEqual([...e.rules].sort());
    expect(found.every((c) => c.level === (e.level ?? "error")), JSON.stringify(found, null, 2)).toBe(true);
    expect(found.map((c) => `${c.where}: ${c.change}`)).toEqual(said[e.name]);
  });

  it("request body newly required", () => {
    const base = copy("kms-v2");
    kms.create(base).requestBody.required = false;
    expect(diffBreaking(base, original("kms-v2")).map((c) => [c.rule, c.level])).toEqual([["request-body-became-required", "error"]]);
  });

  it("request body no longer described is a warning", () => {
    expect(reported("kms-v2", (d) => delete kms.create(d).requestBody).map((c) => [c.rule, c.level])).toEqual([["request-body-removed", "warning"]]);
  });

  it("a parameter made required that already was is no change; one made optional is none either", () => {
    expect(reported("kms-v2", (d) => (d.components.parameters.SvcInstance.required = true))).toEqual([]);
    expect(reported("kms-v2", (d) => (d.components.parameters.SvcInstance.required = false))).toEqual([]);
  });
});

const registry = (ids: string[] = readServices().map((s) => s.id)): ServiceVersion[] =>
  readServices()
    .filter((s) => ids.includes(s.id))
    .map((service) => ({ service, doc: original(service.id) }));

describe("breaking-change gate over the registry (services.json)", () => {
  it("16: a whole service removed is an error", () => {
    const reports = diffServices(registry(), registry(["identity-v3", "identity-v4", "kms-v2", "metrics-v1", "notifications-v1"]));
    expect(errorsOf(reports)).toEqual([expect.objectContaining({ rule: "service-removed", where: "openapi/services.json" })]);
    expect(reports.find((r) => r.id === "widget")!.changes).toHaveLength(1);
  });

  it("17: a document renamed along with a breaking edit is compared with its old self", () => {
    const head = registry().map((v) => {
      if (v.service.id !== "kms-v2") return v;
      const doc = copy("kms-v2");
      delete doc.paths["/api/v2/keys"].head;
      return { service: { ...v.service, document: "kms.yaml" }, doc };
    });
    const kmsReport = diffServices(registry(), head).find((r) => r.id === "kms-v2")!;
    expect(kmsReport.changes.map((c) => [c.rule, c.level])).toEqual([
      ["service-document-renamed", "info"],
      ["api-removed", "error"],
    ]);
  });

  it("a new service is an addition, not a break", () => {
    const reports = diffServices(registry(["kms-v2"]), registry(["kms-v2", "widget"]));
    expect(errorsOf(reports)).toEqual([]);
    expect(reports.find((r) => r.id === "widget")!.changes).toEqual([expect.objectContaining({ rule: "service-added", level: "info" })]);
  });
});

describe("breaking-change gate: additive edits give no error and no warning", () => {
  const additive: [string, string, (d: any) => void][] = [
    ["new optional response field", "kms-v2", (d) => (kms.schema(d, "Key").properties.newField = { type: "string" })],
    ["new optional request field", "widget", (d) => (widget(d).properties.newField = { type: "string" })],
    ["new operation", "kms-v2", (d) => (d.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } })],
    ["new region", "kms-v2", (d) => d.servers[0].variables.region.enum.push("xx-new")],
    ["new optional parameter", "kms-v2", (d) => kms.list(d).parameters.push({ name: "extra", in: "query", schema: { type: "string" } })],
    ["new response status", "kms-v2", (d) => (kms.list(d).responses["503"] = { description: "unavailable" })],
    ["new optional response header", "kms-v2", (d) => (kms.head(d).responses["200"].headers["X-New"] = { schema: { type: "string" } })],
    ["new request enum value", "widget", (d) => widget(d).properties.flex.enum.push(2)],
    ["request maxLength relaxed", "notifications-v1", (d) => (notifications(d, "CommonText").maxLength = 1000)],
    ["request field no longer required", "widget", (d) => (widget(d).required = widget(d).required.slice(1))],
    ["response field newly required", "kms-v2", (d) => kms.schema(d, "Key").required.push("name")],
    ["request oneOf branch added", "notifications-v1", (d) => notifications(d, "TemplateCreateRequest").oneOf.push({ type: "object", required: ["x"] })],
    ["response enum value removed", "identity-v4", (d) => identity(d, "AuthorizationErrorCode").enum.pop()],
    ["security alternative added", "kms-v2", (d) => (kms.list(d).security = [{ bearerAuth: [] }, {}])],
    ["security made optional", "identity-v4", (d) => (d.paths["/oauth/v4/{tenantId}/userinfo"].get.security = [])],
    ["new request media type", "kms-v2", (d) => (kms.create(d).requestBody.content["application/vnd.example.new+json"] = { schema: { type: "object" } })],
    ["descriptions and examples edited", "kms-v2", (d) => { d.info.description = "changed"; kms.list(d).summary = "changed"; kms.schema(d, "Key").description = "changed"; }],
    ["security scheme description edited", "identity-v4", (d) => (Object.values<any>(d.components.securitySchemes)[0].description = "changed")],
    ["request body made optional", "kms-v2", (d) => (kms.create(d).requestBody.required = false)],
  ];
  it.each(additive)("%s", (_name, service, edit) => {
    expect(reported(service, edit)).toEqual([]);
  });

  it("no change between each document and itself", () => {
    for (const id of ids) expect(diffDocuments(original(id), copy(id)), id).toEqual([]);
  });

  it("additions are reported as such (for the changelog)", () => {
    const head = copy("kms-v2");
    head.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } };
    kms.schema(head, "Key").properties.newField = { type: "string" };
    kms.list(head).parameters.push({ name: "extra", in: "query", schema: { type: "string" } });
    head.servers[0].variables.region.enum.push("xx-new");
    expect(diffDocuments(original("kms-v2"), head).map((c) => [c.rule, c.level, c.where])).toEqual(
      expect.arrayContaining([
        ["api-added", "info", "GET /api/v2/new"],
        ["new-optional-request-parameter", "info", "GET /api/v2/keys query.extra"],
        ["server-region-added", "info", "servers.region"],
        ["response-property-added", "info", expect.stringMatching(/^GET \/api\/v2\/keys 200.*\.newField$/)],
      ]),
    );
  });
});

describe("identity v3 → v4", () => {
  it("differs exactly as the interface document says (§9)", () => {
    const found = diffBreaking(original("identity-v3"), original("identity-v4"), {
      mapPath: (p) => p.replace("/oauth/v4/", "/oauth/v3/"),
    }).map((c) => `${c.where}: ${c.change}`);
    expect(found.sort()).toEqual(
      [
        "servers.region: region br-sao removed",
        "POST /oauth/v3/{tenantId}/clients: operation removed",
        "GET /oauth/v3/{tenantId}/.well-known/openid-configuration: operation removed",
      ].sort(),
    );
  });
});

describe("report and changelog", () => {
  const reports = () => {
    const head = copy("kms-v2");
    delete head.paths["/api/v2/keys"].head;
    kms.schema(head, "KeyState").enum.push(4);
    head.components.parameters.Limit.required = true;
    head.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } };
    return diffServices(registry(["kms-v2", "widget"]), [{ service: registry(["kms-v2"])[0]!.service, doc: head }]);
  };

  it("prints errors and warnings apart, each with its rule, and a failing total", () => {
    const text = formatReport(reports());
    const lines = text.split("\n");
    expect(lines[0]).toBe("kms-v2: 2 breaking, 1 warning(s), 1 other change(s)");
    expect(lines.slice(1, 3)).toEqual(
      expect.arrayContaining([
        "  error   HEAD /api/v2/keys: operation removed [api-removed]",
        "  error   GET /api/v2/keys query.limit: parameter newly required [request-parameter-became-required]",
      ]),
    );
    expect(lines[3]).toMatch(/^ {2}warning .*: response enum value 4 added \[response-enum-value-added\]$/);
    expect(lines).toContain("widget: 1 breaking, 0 warning(s), 0 other change(s)");
    expect(lines.at(-1)).toBe("breaking: 3 error(s), 1 warning(s) — FAILED");
    expect(formatReport([])).toBe("breaking: 0 error(s), 0 warning(s)");
  });

  it("sorts changes into Changed, Removed and Added", () => {
    const section = (rule: string, level: Level) => changelogSection({ rule, level, where: "", change: "" });
    expect(section("api-removed", "error")).toBe("Removed");
    expect(section("service-removed", "error")).toBe("Removed");
    expect(section("api-added", "info")).toBe("Added");
    expect(section("service-added", "info")).toBe("Added");
    expect(section("request-oneOf-added", "error")).toBe("Changed");
    expect(section("response-enum-value-added", "warning")).toBe("Changed");
    expect(section("service-document-renamed", "info")).toBe("Changed");
  });

  it("writes a keep-a-changelog section", () => {
    expect(formatChangelog(reports(), "2.1.0").split("\n")).toEqual([
      "## [2.1.0]",
      "",
      "### Changed",
      "- kms-v2: `GET /api/v2/keys query.limit`: parameter newly required **(breaking)**",
      "- kms-v2: `GET /api/v2/keys 200.resources[].state`: response enum value 4 added *(may break consumers)*",
      "",
      "### Removed",
      "- kms-v2: `HEAD /api/v2/keys`: operation removed **(breaking)**",
      "- widget: `openapi/services.json`: service removed (was openapi/widget.yaml) **(breaking)**",
      "",
      "### Added",
      "- kms-v2: `GET /api/v2/new`: operation added",
    ]);
    expect(formatChangelog([])).toBe("## [Unreleased]\n\nNo interface changes.");
  });
});

const api = onePostApi;
const rulesOf = (base: any, head: any) => diffDocuments(base, head).map((c) => `${c.level} ${c.rule} ${c.where}`);
const onRequest = (a: unknown, b: unknown, extra?: Record<string, unknown>) => rulesOf(api(a, {}, extra), api(b, {}, extra));
const onResponse = (a: unknown, b: unknown, extra?: Record<string, unknown>) => rulesOf(api({}, a, extra), api({}, b, extra));

describe("schema rules, one keyword at a time", () => {
  it.each([
    ["maxLength", 10, 9, 11],
    ["minLength", 2, 3, 1],
    ["maximum", 10, 9, 11],
    ["minimum", 2, 3, 1],
    ["exclusiveMaximum", 10, 9, 11],
    ["exclusiveMinimum", 2, 3, 1],
    ["maxItems", 10, 9, 11],
    ["minItems", 2, 3, 1],
    ["maxProperties", 10, 9, 11],
    ["minProperties", 2, 3, 1],
  ])("%s: tighter breaks a request, equal or looser does not, and a response never", (kw, value, tighter, looser) => {
    const at = (v?: number) => ({ type: "object", properties: { f: v === undefined ? {} : { [kw]: v } } });
    expect(onRequest(at(value), at(tighter))).toEqual([`error request-${kw}-tightened POST /x body.f`]);
    expect(onRequest(at(), at(value))).toEqual([`error request-${kw}-tightened POST /x body.f`]);
    expect(onRequest(at(value), at(value))).toEqual([]);
    expect(onRequest(at(value), at(looser))).toEqual([]);
    expect(onRequest(at(value), at())).toEqual([]);
    expect(onResponse(at(value), at(tighter))).toEqual([]);
  });

  it("types: a request may widen (integer → number, a type added to a list), a response may narrow", () => {
    expect(onRequest({ type: "integer" }, { type: "number" })).toEqual([]);
    expect(onRequest({ type: "number" }, { type: "integer" })).toEqual(["error request-type-narrowed POST /x body"]);
    expect(onRequest({ type: "string" }, { type: ["string", "null"] })).toEqual([]);
    expect(onRequest({}, { type: "string" })).toEqual(["error request-type-narrowed POST /x body"]);
    expect(onRequest({ type: "string" }, {})).toEqual([]);
    expect(onResponse({ type: "number" }, { type: "integer" })).toEqual([]);
    expect(onResponse({ type: "integer" }, { type: "number" })).toEqual(["error response-type-changed POST /x 200"]);
    expect(onResponse({}, { type: "string" })).toEqual([]);
    expect(onResponse({ type: ["string", "null"] }, { type: "string" })).toEqual([]);
  });

  it("enums and const", () => {
    expect(onRequest({ enum: ["a", "b"] }, { enum: ["b", "a", "c"] })).toEqual([]);
    expect(onRequest({ enum: [{ a: 1 }] }, { enum: [{ a: 1 }] })).toEqual([]);
    expect(onRequest({ enum: ["a"] }, {})).toEqual([]);
    expect(onResponse({ enum: ["a", "b"] }, { enum: ["a"] })).toEqual([]);
    expect(onResponse({ enum: ["a"] }, { enum: ["a", "b"] })).toEqual(["warning response-enum-value-added POST /x 200"]);
    expect(onResponse({}, { enum: ["a"] })).toEqual([]);
    expect(onRequest({ const: 1 }, { const: 1 })).toEqual([]);
    expect(onRequest({}, { const: 1 })).toEqual(["error request-const-changed POST /x body"]);
    expect(onRequest({ const: 1 }, {})).toEqual([]);
    expect(onResponse({ const: 1 }, {})).toEqual(["error response-const-changed POST /x 200"]);
    expect(onResponse({}, { const: 1 })).toEqual([]);
    expect(onResponse({ const: [1] }, { const: [1] })).toEqual([]);
    expect(diffDocuments(api({}, { const: 1 }), api({}, { const: 2 }))[0]!.change).toBe("response const 1 → 2");
    expect(diffDocuments(api({}, { const: 1 }), api({}, {}))[0]!.change).toBe("response const 1 → none");
    expect(diffDocuments(api({}, {}), api({ const: "a" }, {}))[0]!.change).toBe('request const none → "a"');
  });

  it("objects: closing, unevaluatedProperties, removed properties, required", () => {
    const obj = (extra: object = {}) => ({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, ...extra });
    expect(onRequest(obj(), obj({ unevaluatedProperties: false }))).toEqual(["error request-additional-properties-closed POST /x body"]);
    expect(onRequest(obj({ additionalProperties: false }), obj({ additionalProperties: false }))).toEqual([]);
    expect(onRequest(obj({ additionalProperties: false }), obj())).toEqual([]);
    expect(onResponse(obj(), obj({ additionalProperties: false }))).toEqual([]);
    const withoutB = { type: "object", properties: { a: { type: "string" } } };
    expect(onRequest(obj(), withoutB)).toEqual(["warning request-property-removed POST /x body.b"]);
    expect(onResponse(obj({ required: ["a", "b"] }), obj({ required: ["a"] }))).toEqual(["error response-property-became-optional POST /x 200.b"]);
    // A required response field that is removed is reported once, as removed.
    expect(onResponse(obj({ required: ["b"] }), withoutB)).toEqual(["error response-property-removed POST /x 200.b"]);
    expect(onResponse(withoutB, obj())).toEqual(["info response-property-added POST /x 200.b"]);
    expect(onRequest(obj({ required: ["a"] }), obj({ required: ["a"] }))).toEqual([]);
    expect(onRequest({ type: "object", additionalProperties: { type: "string" } }, { type: "object", additionalProperties: { type: "integer" } })).toEqual(["error request-type-narrowed POST /x body{}"]);
    expect(onRequest({ type: "object", additionalProperties: true }, { type: "object", additionalProperties: { type: "integer" } })).toEqual([]);
    expect(onRequest({ properties: { a: true } }, { properties: { a: false } })).toEqual(["error request-schema-refuses-all POST /x body.a"]);
    expect(onRequest({ properties: { a: false } }, { properties: { a: false } })).toEqual([]);
    expect(onRequest({ properties: { a: true } }, { properties: { a: { type: "string" } } })).toEqual([]);
    expect(onResponse({ properties: { a: true } }, { properties: { a: false } })).toEqual([]);
  });

  it("arrays: items and prefixItems", () => {
    expect(onRequest({ type: "array", items: { type: "string" } }, { type: "array", items: { type: "integer" } })).toEqual(["error request-type-narrowed POST /x body[]"]);
    expect(onRequest({ prefixItems: [{ type: "string" }, { type: "string" }] }, { prefixItems: [{ type: "string" }, { type: "integer" }] })).toEqual([
      "error request-type-narrowed POST /x body[1]",
    ]);
    expect(onRequest({ prefixItems: [{ type: "string" }] }, { items: { type: "string" } })).toEqual([]);
  });

  it("oneOf and anyOf branches are paired by title, $ref or position", () => {
    const a = { title: "A", type: "object", required: ["x"] };
    const b = { title: "B", type: "object", required: ["y"] };
    expect(onRequest({ oneOf: [a, b] }, { oneOf: [b, a] })).toEqual([]);
    expect(onRequest({ anyOf: [a, b] }, { anyOf: [b] })).toEqual(["error request-anyOf-branch-removed POST /x body.anyOf[A]"]);
    expect(onRequest({ anyOf: [a] }, { anyOf: [a, b] })).toEqual([]);
    expect(onRequest({}, { anyOf: [a] })).toEqual(["error request-anyOf-added POST /x body"]);
    expect(onRequest({ oneOf: [{ required: ["x"] }] }, { oneOf: [{ required: ["x", "z"] }] })).toEqual(["error request-property-became-required POST /x body.oneOf[#0].z"]);
    const refs = { A: a, B: b };
    expect(onRequest({ oneOf: [{ $ref: "#/components/schemas/A" }] }, { oneOf: [{ $ref: "#/components/schemas/B" }, { $ref: "#/components/schemas/A" }] }, refs)).toEqual([]);
    expect(onResponse({ anyOf: [a] }, { anyOf: [a, b] })).toEqual(["warning response-anyOf-branch-added POST /x 200.anyOf[B]"]);
    expect(onResponse({ oneOf: [a, b] }, { oneOf: [a] })).toEqual([]);
    expect(onResponse({}, { oneOf: [a] })).toEqual([]);
  });

  it("allOf members are merged before comparing: a refactoring into allOf is no change", () => {
    const flat = { type: "object", required: ["a", "b"], properties: { a: { type: "string" }, b: { type: "integer" } } };
    const composed = { allOf: [{ type: "object", required: ["a"], properties: { a: { type: "string" } } }, { required: ["b"], properties: { b: { type: "integer" } } }] };
    expect(onRequest(flat, composed)).toEqual([]);
    expect(onRequest(composed, flat)).toEqual([]);
    expect(onResponse(flat, composed)).toEqual([]);
    const nested = { allOf: [{ allOf: [{ $ref: "#/components/schemas/Base" }] }, { properties: { c: { type: "string", maxLength: 3 } } }] };
    const base = { Base: { type: "object", properties: { c: { type: "string", maxLength: 5 } } } };
    // A property (or a bound) constrained by two members holds to both: the tighter bound counts.
    expect(onRequest({ $ref: "#/components/schemas/Base" }, nested, base)).toEqual(["error request-maxLength-tightened POST /x body.c"]);
    expect(onRequest({ properties: { c: { maxLength: 5 } } }, { properties: { c: { maxLength: 5 } }, allOf: [{ properties: { c: { maxLength: 1 } } }] })).toEqual([
      "error request-maxLength-tightened POST /x body.c",
    ]);
    expect(onRequest({ minimum: 1, maximum: 9 }, { allOf: [{ minimum: 1, maximum: 9 }, { minimum: 0, maximum: 10 }] })).toEqual([]);
    expect(onRequest({ minimum: 1, maximum: 9 }, { allOf: [{ minimum: 0, maximum: 10 }, { minimum: 2, maximum: 8 }] })).toEqual([
      "error request-maximum-tightened POST /x body",
      "error request-minimum-tightened POST /x body",
    ]);
    expect(onRequest({ type: "object" }, { allOf: [{ type: "string" }, { type: "object" }] })).toEqual(["error request-type-narrowed POST /x body"]);
  });

  it("a recursive schema ends, and a pair of named schemas is compared once per side", () => {
    const Node = { type: "object", properties: { child: { $ref: "#/components/schemas/Node" }, name: { type: "string" } } };
    const Narrow = { type: "object", properties: { child: { $ref: "#/components/schemas/Narrow" }, name: { type: "string", maxLength: 2 } } };
    const doc = (schema: string) => {
      const d = api({ $ref: `#/components/schemas/${schema}` }, { $ref: `#/components/schemas/${schema}` }, { Node, Narrow });
      d.paths["/y"] = structuredClone(d.paths["/x"]);
      return d;
    };
    expect(rulesOf(doc("Node"), doc("Node"))).toEqual([]);
    expect(rulesOf(doc("Node"), doc("Narrow"))).toEqual(["error request-maxLength-tightened POST /x body.name"]);
  });
});

describe("operation rules", () => {
  const op = (over: Record<string, unknown> = {}, security?: unknown) => {
    const d = api({}, {});
    Object.assign(d.paths["/x"].post, over);
    if (security !== undefined) d.security = security;
    d.components.securitySchemes = { a: { type: "http", scheme: "bearer" }, b: { type: "apiKey", in: "header", name: "K" } };
    return d;
  };

  it("security: each alternative of the base must still be accepted", () => {
    expect(rulesOf(op({}, [{ a: [] }]), op({}, [{ a: [] }, { b: [] }]))).toEqual([]);
    expect(rulesOf(op({}, [{ a: [] }, { b: [] }]), op({}, [{ a: [] }]))).toEqual(["error api-security-changed POST /x"]);
    expect(rulesOf(op({}, [{ a: [] }]), op({}, [{ a: [], b: [] }]))).toEqual(["error api-security-changed POST /x"]);
    expect(rulesOf(op({}, [{ a: [], b: [] }]), op({}, [{ a: [] }]))).toEqual([]);
    expect(rulesOf(op({}, [{ a: [] }]), op({ security: [] }, [{ a: [] }]))).toEqual([]);
    expect(rulesOf(op({ security: [{}] }), op({ security: [{ a: [] }] }))).toEqual(["error api-security-added POST /x"]);
    expect(rulesOf(op({ security: [{}, { a: [] }] }), op({ security: [{ a: [] }] }))).toEqual(["error api-security-added POST /x"]);
    expect(rulesOf(op(), op({}, [{ a: [] }]))).toEqual(["error api-security-added POST /x"]);
    expect(diffDocuments(op({}, [{ a: [] }]), op({}, [{ a: [], b: [] }]))[0]!.change).toBe("credentials a no longer accepted");
    expect(diffDocuments(op(), op({}, [{ a: [] }, { a: [], b: [] }]))[0]!.change).toBe("security added to an open operation: a or a+b");
  });

  it("security schemes: what is sent on the wire, not descriptions", () => {
    const scheme = (over: object) => {
      const d = op();
      Object.assign(d.components.securitySchemes.b, over);
      return d;
    };
    expect(rulesOf(op(), scheme({ description: "x", "x-note": 1 }))).toEqual([]);
    expect(rulesOf(op(), scheme({ in: "cookie" }))).toEqual(["error security-scheme-changed components.securitySchemes.b"]);
    const bearer = (scheme: string) => {
      const d = op();
      d.components.securitySchemes.a.scheme = scheme;
      return d;
    };
    expect(rulesOf(op(), bearer("Bearer"))).toEqual([]);
    expect(rulesOf(op(), bearer("basic"))).toEqual(["error security-scheme-changed components.securitySchemes.a"]);
    const removed = op();
    delete removed.components.securitySchemes.b;
    expect(rulesOf(op(), removed)).toEqual([]);
  });

  it("operationId, parameters, bodies and headers", () => {
    expect(rulesOf(op(), op({ operationId: "y" }))).toEqual(["warning api-operation-id-changed POST /x"]);
    const param = (p: object) => op({ parameters: [{ name: "p", in: "query", schema: { type: "string" }, ...p }] });
    expect(rulesOf(param({}), param({ in: "header" }))).toEqual(["error request-parameter-removed POST /x query.p", "info new-optional-request-parameter POST /x header.p"]);
    expect(rulesOf(param({ required: true }), param({ required: true }))).toEqual([]);
    expect(rulesOf(param({ required: true }), param({}))).toEqual([]);
    expect(rulesOf(param({}), param({ schema: { type: "integer" } }))).toEqual(["error request-type-narrowed POST /x query.p"]);
    const body = (b: unknown) => op({ requestBody: b });
    expect(rulesOf(body(undefined), body({ required: true, content: {} }))).toEqual(["error request-body-became-required POST /x body"]);
    expect(rulesOf(body({ required: true, content: {} }), body({ required: true, content: {} }))).toEqual([]);
    const headers = (h: object) => {
      const d = op();
      d.paths["/x"].post.responses["200"].headers = h;
      return d;
    };
    expect(rulesOf(headers({ "Key-Total": { required: true, schema: { type: "integer" } } }), headers({ "key-total": { required: true, schema: { type: "integer" } } }))).toEqual([]);
    expect(rulesOf(headers({ H: { required: true, schema: { type: "integer" } } }), headers({ H: { required: true, schema: { type: "number" } } }))).toEqual(["error response-type-changed POST /x 200 header H"]);
    expect(rulesOf(headers({ H: { schema: {} } }), headers({ H: { required: true, schema: {} } }))).toEqual([]);
  });

  it("additions are info, and diffBreaking leaves them out", () => {
    const d = op();
    d.paths["/z"] = { get: { responses: {} } };
    expect(rulesOf(op(), d)).toEqual(["info api-added GET /z"]);
    expect(diffBreaking(op(), d)).toEqual([]);
  });
});
