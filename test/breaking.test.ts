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

const documentEdits: Edit[] = [
  // Caught by the first gate.
  { name: "operation removed", service: "kms-v2", edit: (d) => delete d.paths["/api/v2/keys"].head, rules: ["api-removed"] },
  { name: "parameter removed", service: "kms-v2", edit: (d) => kms.list(d).parameters.splice(3, 1), rules: ["request-parameter-removed"] },
  { name: "parameter newly required", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.required = true), rules: ["request-parameter-became-required"] },
  { name: "response field removed", service: "kms-v2", edit: (d) => delete kms.schema(d, "Key").properties.name, rules: ["response-property-removed"] },
  { name: "region removed", service: "kms-v2", edit: (d) => d.servers[0].variables.region.enum.pop(), rules: ["server-region-removed"] },
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
  { name: "request enum value removed", service: "widget", edit: (d) => (widget(d).properties.flex.enum = [1]), rules: ["request-enum-value-removed"] },
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
  { name: "response oneOf branch added", service: "notifications-v1", edit: (d) => notifications(d, "TemplateCreated").properties.params.oneOf.push({ type: "object" }), rules: ["response-oneOf-branch-added"], level: "warning" },
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
