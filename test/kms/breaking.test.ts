/** The breaking-change gate on the KMS document: its edits of issue 17 and after, the registry edits that rename it, and the report and changelog of its changes. */
import { describe, expect, it } from "vitest";
import { diffBreaking, diffDocuments, type Level } from "../../scripts/lib/breaking.js";
import { changelogSection, diffServices, errorsOf, formatChangelog, formatReport, type ServiceVersion } from "../../scripts/lib/breaking-report.js";
import { readServices } from "../../scripts/lib/services.js";
import { copy, describeAdditiveEdits, describeBreakingEdits, original, reported, type Edit } from "../harness/breaking-edits.js";

const kms = {
  list: (d: any) => d.paths["/api/v2/keys"].get,
  head: (d: any) => d.paths["/api/v2/keys"].head,
  create: (d: any) => d.paths["/api/v2/keys"].post,
  schema: (d: any, name: string) => d.components.schemas[name],
};

const registry = (ids: string[] = readServices().map((s) => s.id)): ServiceVersion[] =>
  readServices()
    .filter((s) => ids.includes(s.id))
    .map((service) => ({ service, doc: original(service.id) }));

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
  "response field becoming optional": [
    "GET /api/v2/keys 200.metadata.collectionTotal: response field no longer required",
    "GET /api/v2/keys 400.metadata.collectionTotal: response field no longer required"
  ],
  "removed required response header (Key-Total)": [
    "HEAD /api/v2/keys 200 header Key-Total: required response header removed"
  ],
  "response enum value added": [
    "GET /api/v2/keys 200.resources[].state: response enum value 4 added"
  ],
  "minimum raised": [
    "GET /api/v2/keys query.limit: minimum tightened: 1 → 5"
  ],
  "new required parameter": [
    "GET /api/v2/keys query.tenant: new required parameter"
  ],
  "request media type removed": [
    "POST /api/v2/keys body application/vnd.svc.kms.key+json: request media type removed"
  ],
  "response type changed": [
    "GET /api/v2/keys 200.resources[].name: response type changed: string → string,null",
    "POST /api/v2/keys 201.resources[].name: response type changed: string → string,null"
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
  "request oneOf added": [
    "POST /api/v2/keys body.resources[]: request must now match oneOf (1 branches)"
  ],
  "list limit default changed": [
    "GET /api/v2/keys query.limit: default changed: 200 → 100"
  ],
};

const documentEdits: Edit[] = [
  { name: "operation removed", service: "kms-v2", edit: (d) => delete d.paths["/api/v2/keys"].head, rules: ["api-removed"] },
  { name: "parameter removed", service: "kms-v2", edit: (d) => kms.list(d).parameters.splice(3, 1), rules: ["request-parameter-removed"] },
  { name: "parameter newly required", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.required = true), rules: ["request-parameter-became-required"] },
  { name: "response field removed", service: "kms-v2", edit: (d) => delete kms.schema(d, "Key").properties.name, rules: ["response-property-removed"] },
  { name: "region removed", service: "kms-v2", edit: (d) => (d.servers[0].variables.region.enum = d.servers[0].variables.region.enum.filter((r: string) => r !== "br-sao")), rules: ["server-region-removed"] },
  { name: "response removed", service: "kms-v2", edit: (d) => delete kms.list(d).responses["429"], rules: ["response-status-removed"] },
  { name: "response field becoming optional", service: "kms-v2", edit: (d) => (kms.schema(d, "CollectionMetadata").required = ["collectionType"]), rules: ["response-property-became-optional"] },
  { name: "removed required response header (Key-Total)", service: "kms-v2", edit: (d) => delete kms.head(d).responses["200"].headers["Key-Total"], rules: ["response-required-header-removed"] },
  { name: "response enum value added", service: "kms-v2", edit: (d) => kms.schema(d, "KeyState").enum.push(4), rules: ["response-enum-value-added"], level: "warning" },
  { name: "minimum raised", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.schema.minimum = 5), rules: ["request-minimum-tightened"] },
  { name: "new required parameter", service: "kms-v2", edit: (d) => kms.list(d).parameters.push({ name: "tenant", in: "query", required: true, schema: { type: "string" } }), rules: ["new-required-request-parameter"] },
  { name: "request media type removed", service: "kms-v2", edit: (d) => delete kms.create(d).requestBody.content[Object.keys(kms.create(d).requestBody.content)[0]!], rules: ["request-body-media-type-removed"] },
  { name: "response type changed", service: "kms-v2", edit: (d) => (kms.schema(d, "Key").properties.name.type = ["string", "null"]), rules: ["response-type-changed"] },
  { name: "response header became optional", service: "kms-v2", edit: (d) => (kms.head(d).responses["200"].headers["Key-Total"].required = false), rules: ["response-header-became-optional"] },
  { name: "optional response header removed", service: "kms-v2", edit: (d) => delete kms.head(d).responses["200"].headers["correlation-ID"], rules: ["response-header-removed"], level: "warning" },
  { name: "credentials no longer accepted", service: "kms-v2", edit: (d) => (kms.list(d).security = [{ otherAuth: [] }]), rules: ["api-security-changed"] },
  { name: "request oneOf added", service: "kms-v2", edit: (d) => (kms.schema(d, "KeyCreate").oneOf = [{ required: ["name"] }]), rules: ["request-oneOf-added"] },
  { name: "list limit default changed", service: "kms-v2", edit: (d) => (d.components.parameters.Limit.schema.default = 100), rules: ["request-parameter-default-value-changed"] },
];

const additive: [string, string, (d: any) => void][] = [
  ["new optional response field", "kms-v2", (d) => (kms.schema(d, "Key").properties.newField = { type: "string" })],
  ["new operation", "kms-v2", (d) => (d.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } })],
  ["new region", "kms-v2", (d) => d.servers[0].variables.region.enum.push("xx-new")],
  ["new optional parameter", "kms-v2", (d) => kms.list(d).parameters.push({ name: "extra", in: "query", schema: { type: "string" } })],
  ["new response status", "kms-v2", (d) => (kms.list(d).responses["503"] = { description: "unavailable" })],
  ["new optional response header", "kms-v2", (d) => (kms.head(d).responses["200"].headers["X-New"] = { schema: { type: "string" } })],
  ["response field newly required", "kms-v2", (d) => kms.schema(d, "Key").required.push("name")],
  ["security alternative added", "kms-v2", (d) => (kms.list(d).security = [{ bearerAuth: [] }, {}])],
  ["new request media type", "kms-v2", (d) => (kms.create(d).requestBody.content["application/vnd.example.new+json"] = { schema: { type: "object" } })],
  ["descriptions and examples edited", "kms-v2", (d) => { d.info.description = "changed"; kms.list(d).summary = "changed"; kms.schema(d, "Key").description = "changed"; }],
  ["request body made optional", "kms-v2", (d) => (kms.create(d).requestBody.required = false)],
];

describeBreakingEdits(documentEdits, said);
describeAdditiveEdits(additive);

describe("breaking-change gate: the request body and required parameters", () => {
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

describe("breaking-change gate over the registry (services.json)", () => {
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
});

describe("additions", () => {
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

/** Another service, removed in the reports below: the one after KMS in the registry, so the reports list KMS first. */
const other = readServices()[readServices().findIndex((s) => s.id === "kms-v2") + 1]!;

describe("report and changelog", () => {
  const reports = () => {
    const head = copy("kms-v2");
    delete head.paths["/api/v2/keys"].head;
    kms.schema(head, "KeyState").enum.push(4);
    head.components.parameters.Limit.required = true;
    head.paths["/api/v2/new"] = { get: { operationId: "newOp", responses: { "200": { description: "ok" } } } };
    return diffServices(registry(["kms-v2", other.id]), [{ service: registry(["kms-v2"])[0]!.service, doc: head }]);
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
    expect(lines).toContain(`${other.id}: 1 breaking, 0 warning(s), 0 other change(s)`);
    expect(lines.at(-1)).toBe("breaking: 3 error(s), 1 warning(s) — FAILED");
    expect(formatReport([])).toBe("breaking: 0 error(s), 0 warning(s)");
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
      `- ${other.id}: \`openapi/services.json\`: service removed (was openapi/${other.document}) **(breaking)**`,
      "",
      "### Added",
      "- kms-v2: `GET /api/v2/new`: operation added",
    ]);
    expect(formatChangelog([])).toBe("## [Unreleased]\n\nNo interface changes.");
  });
});
