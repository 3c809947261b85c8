/**
 * The breaking-change gate on every registered service and on small made-up documents: the
 * registry edits (a service removed or added), each document against itself, each schema keyword
 * and operation rule alone, and the report's shape. The edits to each real document (issue 17's
 * rows and after) are in its family's test/<family>/breaking.test.ts.
 */
import { describe, expect, it } from "vitest";
import { diffBreaking, diffDocuments, type Change, type Level } from "../scripts/lib/breaking.js";
import { changelogSection, diffServices, errorsOf, formatChangelog, formatReport, type ServiceVersion } from "../scripts/lib/breaking-report.js";
import { readServices } from "../scripts/lib/services.js";
import { copy, original } from "./harness/breaking-edits.js";
import { onePostApi } from "./harness/one-post-api.js";

const ids = readServices().map((s) => s.id);

const registry = (ids: string[] = readServices().map((s) => s.id)): ServiceVersion[] =>
  readServices()
    .filter((s) => ids.includes(s.id))
    .map((service) => ({ service, doc: original(service.id) }));

describe("breaking-change gate over the registry (services.json)", () => {
  const last = readServices().at(-1)!.id;

  it("16: a whole service removed is an error", () => {
    const reports = diffServices(registry(), registry(ids.filter((id) => id !== last)));
    expect(errorsOf(reports)).toEqual([expect.objectContaining({ rule: "service-removed", where: "openapi/services.json" })]);
    expect(reports.find((r) => r.id === last)!.changes).toHaveLength(1);
  });

  it("a new service is an addition, not a break", () => {
    const reports = diffServices(registry(ids.filter((id) => id !== last)), registry());
    expect(errorsOf(reports)).toEqual([]);
    expect(reports.find((r) => r.id === last)!.changes).toEqual([expect.objectContaining({ rule: "service-added", level: "info" })]);
  });
});

describe("breaking-change gate: no change is no change", () => {
  it("no change between each document and itself", () => {
    for (const id of ids) expect(diffDocuments(original(id), copy(id)), id).toEqual([]);
  });
});

describe("report and changelog", () => {
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

  it("an empty report passes and an empty changelog says so", () => {
    expect(formatReport([])).toBe("breaking: 0 error(s), 0 warning(s)");
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
