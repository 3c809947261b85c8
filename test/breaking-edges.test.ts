/**
 * The breaking-change gate on small synthetic documents, for the cases the per-category tests
 * of breaking.test.ts do not reach: allOf members with bounds and own fields, integer/number
 * widening, removed restrictions, boolean schemas, shared references, security alternatives,
 * request bodies by reference, missing parts of a document, and the exact change texts.
 */
import { describe, expect, it } from "vitest";
import { diffDocuments, type Change } from "../scripts/lib/breaking.js";
import { diffServices } from "../scripts/lib/breaking-report.js";
import { onePostApi } from "./harness/one-post-api.js";

const api = onePostApi;
const changes = (base: any, head: any) => diffDocuments(base, head).map((c) => `${c.level} ${c.rule} ${c.where}`);
const onRequest = (a: unknown, b: unknown, schemas?: Record<string, unknown>) => changes(api(a, {}, schemas), api(b, {}, schemas));
const onResponse = (a: unknown, b: unknown, schemas?: Record<string, unknown>) => changes(api({}, a, schemas), api({}, b, schemas));

describe("allOf members", () => {
  it("are merged with the schema's own fields: writing them out is no change", () => {
    const split = { properties: { a: { type: "string" } }, required: ["a"], allOf: [{ properties: { b: { type: "string" } }, required: ["b"] }] };
    const flat = { properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a", "b"] };
    expect(onResponse(split, flat)).toEqual([]);
    expect(onResponse(flat, split)).toEqual([]);
    expect(onRequest(split, flat)).toEqual([]);
  });

  it("take the tighter of two bounds, for every bound keyword", () => {
    for (const [kw, loose, tight] of [
      ["maxLength", 10, 5],
      ["minLength", 2, 4],
      ["exclusiveMaximum", 10, 5],
      ["exclusiveMinimum", 2, 4],
      ["maxItems", 10, 5],
      ["minItems", 2, 4],
    ] as const) {
      const merged = { allOf: [{ [kw]: loose }, { [kw]: tight }] };
      expect(onRequest(merged, { [kw]: tight }), kw).toEqual([]);
      expect(onRequest({ [kw]: loose }, merged), kw).toEqual([`error request-${kw}-tightened POST /x body`]);
    }
  });

  it("every keyword a member contributes is compared as if written on the schema", () => {
    const member = (schema: object) => ({ allOf: [schema] });
    const cases: [string, object, object, string][] = [
      ["enum", { enum: ["a", "b"] }, { enum: ["a"] }, "error request-enum-value-removed POST /x body"],
      ["const", { const: "a" }, { const: "b" }, "error request-const-changed POST /x body"],
      ["unevaluatedProperties", { unevaluatedProperties: true }, { unevaluatedProperties: false }, "error request-additional-properties-closed POST /x body"],
      ["items", { items: { maxLength: 5 } }, { items: { maxLength: 3 } }, "error request-maxLength-tightened POST /x body[]"],
      ["prefixItems", { prefixItems: [{ maxLength: 5 }] }, { prefixItems: [{ maxLength: 3 }] }, "error request-maxLength-tightened POST /x body[0]"],
      ["anyOf", { anyOf: [{ title: "a" }, { title: "b" }] }, { anyOf: [{ title: "a" }] }, "error request-anyOf-branch-removed POST /x body.anyOf[b]"],
      ["pattern", { pattern: "^a" }, { pattern: "^b" }, "error request-pattern-changed POST /x body"],
      ["format", { format: "uuid" }, { format: "email" }, "error request-format-changed POST /x body"],
      ["maxProperties", { maxProperties: 5 }, { maxProperties: 3 }, "error request-maxProperties-tightened POST /x body"],
      ["minProperties", { minProperties: 1 }, { minProperties: 2 }, "error request-minProperties-tightened POST /x body"],
    ];
    for (const [name, before, after, change] of cases) expect(onRequest(member(before), member(after)), name).toEqual([change]);
  });

  it("a member without a bound leaves the other member's bound as it is", () => {
    const base = { allOf: [{ maxLength: 10 }, { type: "string" }] };
    const head = { allOf: [{ maxLength: 5 }, { type: "string" }] };
    expect(onRequest(base, head)).toEqual(["error request-maxLength-tightened POST /x body"]);
  });

  it("a schema that is its own member is merged once, not forever", () => {
    const schemas = { Loop: { properties: { a: { type: "string" } }, allOf: [{ $ref: "#/components/schemas/Loop" }] } };
    expect(onResponse({ $ref: "#/components/schemas/Loop" }, { $ref: "#/components/schemas/Loop" }, schemas)).toEqual([]);
  });
});

describe("schemas", () => {
  it("an integer that becomes a number is wider in a request and not narrower in a response", () => {
    expect(onRequest({ type: "integer" }, { type: "number" })).toEqual([]);
    expect(onResponse({ type: "number" }, { type: "integer" })).toEqual([]);
    expect(onRequest({ type: "number" }, { type: "integer" })).toEqual(["error request-type-narrowed POST /x body"]);
    expect(onResponse({ type: "integer" }, { type: "number" })).toEqual(["error response-type-changed POST /x 200"]);
    // Only integer is covered by number: another type lost or gained beside a number still counts.
    expect(onRequest({ type: ["string", "number"] }, { type: "number" })).toEqual(["error request-type-narrowed POST /x body"]);
    expect(onResponse({ type: "number" }, { type: ["number", "string"] })).toEqual(["error response-type-changed POST /x 200"]);
  });

  it("a removed pattern or format accepts more: no change; a changed one is an error", () => {
    expect(onRequest({ type: "string", pattern: "^a" }, { type: "string" })).toEqual([]);
    expect(onRequest({ type: "string", format: "email" }, { type: "string" })).toEqual([]);
    expect(diffDocuments(api({ type: "string" }, {}), api({ type: "string", pattern: "^a" }, {}))).toEqual([
      { rule: "request-pattern-changed", level: "error", where: "POST /x body", change: "pattern changed: none → ^a" },
    ]);
    expect(diffDocuments(api({ format: "uuid" }, {}), api({ format: "email" }, {}))).toEqual([
      { rule: "request-format-changed", level: "error", where: "POST /x body", change: "format changed: uuid → email" },
    ]);
  });

  it("a request schema that becomes false refuses everything; true or an object before makes no difference", () => {
    const refused = { rule: "request-schema-refuses-all", level: "error", where: "POST /x body", change: "request value no longer accepted (schema false)" };
    expect(diffDocuments(api({ type: "string" }, {}), api(false, {}))).toEqual([refused]);
    expect(diffDocuments(api(true, {}), api(false, {}))).toEqual([refused]);
    expect(diffDocuments(api(false, {}), api({ type: "string" }, {}))).toEqual([]);
    expect(diffDocuments(api(true, {}), api({ type: "string" }, {}))).toEqual([]);
    expect(onResponse({ type: "string" }, false)).toEqual([]);
  });

  it("closing an object's additional properties is one change, not also a refusal of their schema", () => {
    expect(onRequest({ type: "object", additionalProperties: { type: "string" } }, { type: "object", additionalProperties: false })).toEqual([
      "error request-additional-properties-closed POST /x body",
    ]);
    expect(onRequest({ additionalProperties: { type: "string" } }, { additionalProperties: { type: "integer" } })).toEqual(["error request-type-narrowed POST /x body{}"]);
  });

  it("a new request property is no change; response fields removed, added or no longer listed are", () => {
    expect(onRequest({ properties: {} }, { properties: { n: { type: "string" } } })).toEqual([]);
    expect(diffDocuments(api({}, { properties: {} }), api({}, { properties: { n: {} } }))).toEqual([
      { rule: "response-property-added", level: "info", where: "POST /x 200.n", change: "response field added" },
    ]);
    expect(diffDocuments(api({ properties: { n: {} } }, {}), api({ properties: {} }, {}))).toEqual([
      { rule: "request-property-removed", level: "warning", where: "POST /x body.n", change: "request field no longer described (still accepted as an additional property)" },
    ]);
  });

  it("every use of a shared schema against a different inline one is compared", () => {
    const schemas = { S: { type: "string", maxLength: 10 } };
    const base = { properties: { a: { $ref: "#/components/schemas/S" }, b: { $ref: "#/components/schemas/S" } } };
    const head = { properties: { a: { type: "string", maxLength: 5 }, b: { type: "string", maxLength: 4 } } };
    expect(onRequest(base, head, schemas)).toEqual(["error request-maxLength-tightened POST /x body.a", "error request-maxLength-tightened POST /x body.b"]);
  });
});

describe("operations", () => {
  const secured = (security: unknown) => api({}, {}, {}, { security });

  it("an open operation that loses another alternative reports each lost one for what it is", () => {
    expect(diffDocuments(secured([{}, { k: [] }]), secured([{ b: [] }]))).toEqual([
      { rule: "api-security-added", level: "error", where: "POST /x", change: "security added to an open operation: b" },
      { rule: "api-security-changed", level: "error", where: "POST /x", change: "credentials k no longer accepted" },
    ]);
    expect(diffDocuments(secured([{ k: [], j: [] }]), secured([{ b: [] }]))[0]!.change).toBe("credentials k+j no longer accepted");
  });

  it("a request body by reference is followed on both sides", () => {
    const doc = (maxLength: number) => ({
      paths: { "/x": { post: { operationId: "x", requestBody: { $ref: "#/components/requestBodies/B" }, responses: {} } } },
      components: { requestBodies: { B: { required: true, content: { "application/json": { schema: { type: "string", maxLength } } } } } },
    });
    expect(changes(doc(10), doc(5))).toEqual(["error request-maxLength-tightened POST /x body"]);
    expect(changes(doc(10), doc(10))).toEqual([]);
  });

  it("bodies, responses and media types that disappear, and a body that becomes required, with their texts", () => {
    const base = api({ type: "string" }, { type: "string" });
    const noContent = structuredClone(base);
    noContent.paths["/x"].post.requestBody = {};
    noContent.paths["/x"].post.responses["200"] = { description: "ok" };
    expect(changes(base, noContent)).toEqual(["error request-body-media-type-removed POST /x body application/json", "error response-media-type-removed POST /x 200 application/json"]);
    const noResponses = structuredClone(base);
    delete noResponses.paths["/x"].post.responses;
    expect(changes(base, noResponses)).toEqual(["error response-status-removed POST /x 200"]);
    const noBody = structuredClone(base);
    delete noBody.paths["/x"].post.requestBody;
    expect(diffDocuments(base, noBody)).toEqual([{ rule: "request-body-removed", level: "warning", where: "POST /x body", change: "request body no longer described" }]);
    const required = structuredClone(base);
    required.paths["/x"].post.requestBody.required = true;
    expect(diffDocuments(base, required)).toEqual([{ rule: "request-body-became-required", level: "error", where: "POST /x body", change: "request body newly required" }]);
  });

  it("a new optional parameter and a renamed operation, with their texts", () => {
    const head = api({}, {}, {}, { operationId: "y", parameters: [{ name: "q", in: "query", schema: { type: "string" } }] });
    expect(diffDocuments(api({}, {}), head)).toEqual([
      { rule: "api-operation-id-changed", level: "warning", where: "POST /x", change: "operationId x → y (generated type names change)" },
      { rule: "new-optional-request-parameter", level: "info", where: "POST /x query.q", change: "new optional parameter" },
    ]);
  });
});

describe("documents", () => {
  it("documents without components, security schemes or region lists compare without error", () => {
    expect(diffDocuments({ paths: {} }, { paths: {}, components: { securitySchemes: { a: { type: "http", scheme: "bearer" } } } })).toEqual([]);
    expect(diffDocuments({ paths: {}, components: { securitySchemes: { a: { type: "http", scheme: "bearer" } } } }, { paths: {} })).toEqual([]);
    expect(diffDocuments({ paths: {}, components: { securitySchemes: { a: { type: "http", scheme: "bearer" } } } }, { paths: {}, components: { schemas: {} } })).toEqual([]);
    expect(diffDocuments({ servers: [{ url: "u", variables: { port: { default: "1" } } }] }, { servers: [{ url: "u", variables: { port: { default: "2" } } }] })).toEqual([]);
  });

  it("regions: one listed where none were is an addition, with its text", () => {
    const doc = (region: object) => ({ servers: [{ url: "https://{region}.example.com", variables: { region } }] });
    expect(diffDocuments(doc({ default: "eu" }), doc({ default: "eu", enum: ["eu"] }))).toEqual([
      { rule: "server-region-added", level: "info", where: "servers.region", change: "region eu added" },
    ]);
  });
});

describe("registry", () => {
  it("a renamed document and an added service say where and what", () => {
    const version = (id: string, document: string) => ({ service: { id, document, seed: "" }, doc: { paths: {} } });
    const reports = diffServices([version("a", "a.yaml")], [version("a", "a2.yaml"), version("b", "b.yaml")]);
    const expected: { id: string; changes: Change[] }[] = [
      { id: "a", changes: [{ rule: "service-document-renamed", level: "info", where: "openapi/services.json", change: "document renamed: openapi/a.yaml → openapi/a2.yaml" }] },
      { id: "b", changes: [{ rule: "service-added", level: "info", where: "openapi/services.json", change: "service added (openapi/b.yaml)" }] },
    ];
    expect(reports).toEqual(expected);
  });
});
