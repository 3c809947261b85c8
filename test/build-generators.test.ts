/**
 * The generators of the build on small synthetic documents, without Prism or a real build:
 * what client-meta extracts, the client and rules files written from it (types: in
 * build-pipeline.test.ts, which loads openapi-typescript anyway), the
 * deprecation of a retired version, the x-assumed collector and the package exports map.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { thrown as error } from "./harness/thrown.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectAssumptions } from "../scripts/lib/assumptions.js";
import { HTTP_METHODS, listOperations, parametersOf } from "../runtime/core/router.js";
import { DocumentError, extractMeta } from "../scripts/lib/client-meta.js";
import { deprecateOperations } from "../scripts/lib/deprecation.js";
import { generateClient, generateEntryPoint, generateServiceIds } from "../scripts/lib/generate-client.js";
import { extractHelperRules, extractRules, generateHelperRules, generateRules } from "../scripts/lib/generate-rules.js";
import { expectedExports } from "../scripts/lib/package-exports.js";
import { pascalName, readServices, selectServices } from "../scripts/lib/services.js";
import { locate } from "../scripts/lib/source-location.js";
import { LIB_DIR, ROOT, SITE_DIR } from "../scripts/lib/paths.js";
import { globalInputs, hashFiles } from "../scripts/lib/build-cache.js";
import { dedupeFindings, type Finding } from "../scripts/lib/findings.js";

const service = { id: "shop-v2", document: "shop-v2.yaml", seed: "shop.md" };

/** A document with a little of everything the generators read. */
function shopDoc(): Record<string, any> {
  return {
    openapi: "3.1.0",
    info: { title: "Shop", version: "2.1" },
    servers: [
      { url: "https://{region}.shop.example.com/v2", "x-name": "public", variables: { region: { default: "eu-1", enum: ["eu-1", "us-2"] }, port: { default: 443 } } },
      { url: "http://localhost:8080" },
      { url: "http://localhost:8081", variables: { n: { default: 1, enum: [1, 2] } } },
    ],
    security: [{ bearer: [] }],
    "x-client": { bind: ["store", "X-Tenant"] },
    "x-retry-policy": { maxAttempts: 4, backoffMs: 100, maxWaitMs: 2000 },
    paths: {
      "/stores/{store}/items": {
        parameters: [
          { name: "store", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
          { $ref: "#/components/parameters/Tenant" },
        ],
        get: {
          operationId: "listItems",
          parameters: [
            { name: "offset", in: "query", schema: { type: "integer", minimum: 0 } },
            { name: "limit", in: "query", required: true, style: "form", schema: { type: "integer", maximum: 50 } },
            { name: "tags", in: "query", explode: false, schema: { type: "array", items: { type: "string" } } },
            { name: "sort", in: "query", style: "spaceDelimited", schema: { type: "array", items: { type: "string", enum: ["asc", "desc"] } } },
            { name: "session", in: "cookie", required: true, schema: { type: "string" } },
          ],
          "x-pagination": { offsetParam: "offset", limitParam: "limit", items: "/data~1list/items", total: "/total" },
          responses: {
            "200": { $ref: "#/components/responses/ItemPage" },
            "429": { description: "slow down", "x-retry": { retry: true } },
            "503": { description: "busy", "x-retry": { retry: true, reasonAt: "/code", exceptReasons: ["maintenance"] } },
            "500": { description: "no retry", "x-retry": { retry: false } },
          },
        },
        post: {
          operationId: "addItem",
          security: [{ basic: [], apiKey: [] }, {}],
          requestBody: { $ref: "#/components/requestBodies/NewItem" },
          responses: { "201": { description: "made", content: { "application/problem+json": {} } }, "303": { description: "elsewhere" } },
        },
      },
      "/stores/{store}/items/{item}": { $ref: "#/components/pathItems/Item" },
      "/report": {
        get: {
          operationId: "getReport",
          security: [],
          parameters: [{ name: "X-Tenant", in: "header", required: true, schema: { type: "string", minLength: 3 } }],
          responses: { "200": { description: "csv", content: { "text/csv": {}, "application/json": {} } }, "400": { description: "x", content: { "text/plain": {} } } },
        },
      },
    },
    components: {
      parameters: { Tenant: { name: "X-Tenant", in: "header", required: true, schema: { type: "string", pattern: "^t-" } } },
      responses: {
        ItemPage: {
          description: "a page",
          content: { "application/json": { schema: { type: "object", properties: { "data/list": { type: "object", properties: { items: { type: "array", items: { $ref: "#/components/schemas/Item" } } } }, total: { type: "integer" } } } } },
        },
      },
      requestBodies: {
        NewItem: {
          required: true,
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/NewItem" } },
            "application/x-www-form-urlencoded": { schema: { type: "object" } },
          },
        },
      },
      pathItems: {
        Item: {
          parameters: [{ name: "item", in: "path", required: true, schema: { type: "string" } }],
          delete: { operationId: "deleteItem", responses: { "204": { description: "gone" } } },
          put: {
            operationId: "putItem",
            parameters: [{ name: "item", in: "path", required: true, schema: { type: "string", maxLength: 8 } }],
            requestBody: { content: { "text/plain": { schema: { type: "string", maxLength: 100 } } } },
            responses: { "200": { description: "ok", content: { "text/plain": {} } } },
          },
        },
      },
      securitySchemes: {
        bearer: { type: "http", scheme: "Bearer" },
        basic: { $ref: "#/components/x-schemes/basic" },
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        session: { type: "apiKey", in: "cookie", name: "sid" },
      },
      "x-schemes": { basic: { type: "http", scheme: "BASIC" } },
      schemas: {
        NewItem: {
          type: "object",
          description: "dropped: no validation keyword",
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 1, maxLength: 40, format: "ignored" },
            price: { $ref: "#/components/schemas/Price" },
            tags: { type: "array", items: true, minItems: 0, maxItems: 5, uniqueItems: true },
            kind: { oneOf: [{ const: "a" }, { $ref: "#/components/schemas/Kind" }] },
            extra: { type: "object", additionalProperties: false, minProperties: 1, maxProperties: 3 },
            free: { additionalProperties: { type: "number", multipleOf: 0.5 } },
            never: false,
            pair: { type: "array", prefixItems: [{ type: "string" }, { $ref: "#/$defs/Count" }], items: false },
            not1: { not: { type: "null" } },
            not2: { not: true },
            allOf1: { allOf: [{ exclusiveMinimum: 0 }], anyOf: [{ exclusiveMaximum: 9 }] },
          },
        },
        Price: { type: "number", minimum: 0, maximum: 1e6, enum: [1, 2] },
        Kind: { $ref: "#/components/schemas/Price" },
        Item: { type: "object" },
        Unused: { type: "string", pattern: "^never$" },
      },
    },
    $defs: { Count: { type: "integer", minimum: 2 } },
  };
}

describe("client-meta: references, operations, parameters", () => {
  it("lists operations in method order, through path-item references", () => {
    const doc = shopDoc();
    expect(listOperations(doc).map((o) => `${o.method} ${o.path} ${o.operation.operationId}`)).toEqual([
      "get /stores/{store}/items listItems",
      "post /stores/{store}/items addItem",
      "put /stores/{store}/items/{item} putItem",
      "delete /stores/{store}/items/{item} deleteItem",
      "get /report getReport",
    ]);
    expect(listOperations(doc)[2]!.pathItem).toBe(doc.components.pathItems.Item);
    expect(listOperations({})).toEqual([]);
    expect(HTTP_METHODS).toEqual(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  });

  it("merges path-item and operation parameters, the operation's winning, references followed", () => {
    const doc = shopDoc();
    const [list, , put, del] = listOperations(doc);
    expect(parametersOf(doc, list!).map((p) => p.parameter).map((p) => `${p.in}:${p.name}`)).toEqual([
      "path:store",
      "header:X-Tenant",
      "query:offset",
      "query:limit",
      "query:tags",
      "query:sort",
      "cookie:session",
    ]);
    expect(parametersOf(doc, put!).map((p) => p.parameter)).toEqual([{ name: "item", in: "path", required: true, schema: { type: "string", maxLength: 8 } }]);
    expect(parametersOf(doc, del!).map((p) => p.parameter)).toEqual([{ name: "item", in: "path", required: true, schema: { type: "string" } }]);
    expect(parametersOf(doc, { operation: {}, pathItem: {}, pointer: "#/paths/~1x/get" }).map((p) => p.parameter)).toEqual([]);
  });
});

describe("client-meta: extractMeta", () => {
  it("servers: x-name or a positional name, variables as strings, enums only where given", () => {
    expect(extractMeta("shop-v2", shopDoc()).servers).toEqual([
      { name: "public", url: "https://{region}.shop.example.com/v2", variables: { region: { default: "eu-1", enum: ["eu-1", "us-2"] }, port: { default: "443" } } },
      { name: "server1", url: "http://localhost:8080", variables: {} },
      { name: "server2", url: "http://localhost:8081", variables: { n: { default: "1", enum: ["1", "2"] } } },
    ]);
    const first = extractMeta("x", { servers: [{ url: "https://a.example.com" }] }).servers;
    expect(first).toEqual([{ name: "default", url: "https://a.example.com", variables: {} }]);
    expect(extractMeta("x", {})).toEqual({ id: "x", servers: [], bind: [], securitySchemes: {}, operations: {} });
  });

  it("security schemes: HTTP basic and bearer in any case, apiKey in a header or a cookie", () => {
    expect(extractMeta("shop-v2", shopDoc()).securitySchemes).toEqual({
      bearer: { type: "http", scheme: "bearer" },
      basic: { type: "http", scheme: "basic" },
      apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      session: { type: "apiKey", in: "cookie", name: "sid" },
    });
  });

  it("refuses query credentials and other HTTP schemes, naming the scheme with its pointer", () => {
    const withScheme = (scheme: object, name = "s") => () => extractMeta("svc", { components: { securitySchemes: { [name]: scheme } } });
    const query = error(withScheme({ type: "apiKey", in: "query", name: "k" }, "a~b/c"));
    expect(query).toBeInstanceOf(DocumentError);
    expect(query).toMatchObject({
      name: "DocumentError",
      message: "svc: security scheme a~b/c (apiKey/query) is not supported by the client runtime",
      pointer: "#/components/securitySchemes/a~0b~1c",
      rule: "client-supported-security-scheme",
    });
    expect(error(withScheme({ type: "http", scheme: "digest" })).message).toBe("svc: security scheme s (http/digest) is not supported by the client runtime");
    expect(error(withScheme({ type: "http" })).message).toBe("svc: security scheme s (http/undefined) is not supported by the client runtime");
    expect(error(withScheme({ type: "oauth2", flows: {} })).message).toContain("(oauth2/undefined)");
    expect(error(withScheme({ type: "apiKey", name: "k" })).message).toContain("(apiKey/undefined)");
    expect(error(withScheme({ type: "mutualTLS", in: "header" })).message).toContain("(mutualTLS/header)");
    expect(error(withScheme({ type: "mutualTLS", scheme: "basic" })).message).toContain("(mutualTLS/basic)");
  });

  it("operations: security alternatives, media types, how to parse, redirects, query style, pagination, retry", () => {
    const meta = extractMeta("shop-v2", shopDoc());
    expect(Object.keys(meta.operations)).toEqual([
      "GET /stores/{store}/items",
      "POST /stores/{store}/items",
      "PUT /stores/{store}/items/{item}",
      "DELETE /stores/{store}/items/{item}",
      "GET /report",
    ]);
    expect(meta.operations["GET /stores/{store}/items"]).toEqual({
      operationId: "listItems",
      security: [["bearer"]],
      requestMediaTypes: [],
      parseAs: "json",
      redirect: "error",
      // ItemPage requires neither "data/list" nor its items: a page without them is an empty last page.
      pagination: { offsetParam: "offset", limitParam: "limit", items: "/data~1list/items", total: "/total", itemsMayBeAbsent: true },
      retry: { statuses: [429, 503], except: { "503": { reasonAt: "/code", reasons: ["maintenance"] } }, maxAttempts: 4, backoffMs: 100, maxWaitMs: 2000 },
      query: {
        offset: { style: "form", explode: true, shape: "scalar" },
        limit: { style: "form", explode: true, shape: "scalar" },
        tags: { style: "form", explode: false, shape: "array" },
        sort: { style: "spaceDelimited", explode: false, shape: "array" },
      },
    });
    expect(meta.operations["POST /stores/{store}/items"]).toEqual({
      operationId: "addItem",
      security: [["basic", "apiKey"], []],
      requestMediaTypes: ["application/json", "application/x-www-form-urlencoded"],
      parseAs: "json",
      redirect: "manual",
      query: {},
    });
    expect(meta.operations["PUT /stores/{store}/items/{item}"]).toMatchObject({ security: [["bearer"]], requestMediaTypes: ["text/plain"], parseAs: "text", redirect: "error" });
    expect(meta.operations["DELETE /stores/{store}/items/{item}"]).toMatchObject({ parseAs: "json", requestMediaTypes: [] });
    expect(meta.operations["GET /report"]).toMatchObject({ security: [], parseAs: "text" });
    // Only success bodies decide, and only exact JSON media types (with an optional suffix) are JSON.
    const parse = (responses: object) => extractMeta("x", { paths: { "/a": { get: { operationId: "a", responses } } } }).operations["GET /a"]!.parseAs;
    expect(parse({ "200": { content: { "application/json": {} } }, "400": { content: { "text/plain": {} } }, "302": { content: { "text/html": {} } } })).toBe("json");
    expect(parse({ "200": { content: { "application/vnd.a+json": {} } } })).toBe("json");
    expect(parse({ "200": { content: { "application/jsonl": {} } } })).toBe("text");
    expect(parse({ "200": { content: { "text/application/json": {} } } })).toBe("text");
    expect(parse({ "200": { content: { "application/+json": {} } } })).toBe("text");
    expect(parse({ "201": { content: { "text/plain": {} } }, "200": { content: { "application/json": {} } } })).toBe("text");
    expect(extractMeta("x", { paths: { "/a": { get: { operationId: "a" } } } }).operations["GET /a"]).toEqual({
      operationId: "a",
      security: [],
      requestMediaTypes: [],
      parseAs: "json",
      redirect: "error",
      query: {},
    });
  });

  it("retry: a document without retry markers has none; exceptReasons without reasonAt and a bad policy are refused", () => {
    const doc = (responses: object, policy?: object) => ({ ...(policy ? { "x-retry-policy": policy } : {}), paths: { "/a": { get: { operationId: "a", responses } } } });
    const retry = (d: object) => extractMeta("svc", d).operations["GET /a"]!.retry;
    expect(retry(doc({ "200": { description: "" } }))).toBeUndefined();
    expect(extractMeta("svc", doc({ "429": { "x-retry": { retry: true } } }, { maxAttempts: 2, backoffMs: 1, maxWaitMs: 3 })).operations["GET /a"]).not.toHaveProperty("retry.except");
    expect(() => retry(doc({ "503": { "x-retry": { retry: true, exceptReasons: ["x"] } } }, { maxAttempts: 2, backoffMs: 1, maxWaitMs: 3 }))).toThrow(
      "svc a 503 x-retry: exceptReasons needs reasonAt (a JSON pointer)",
    );
    expect(() => retry(doc({ "429": { "x-retry": { retry: true } } }))).toThrow("svc x-retry-policy.maxAttempts must be an integer (responses of a are marked x-retry)");
    expect(() => retry(doc({ "429": { "x-retry": { retry: true } } }, { maxAttempts: 2, backoffMs: 1.5, maxWaitMs: 3 }))).toThrow("svc x-retry-policy.backoffMs must be an integer");
    expect(() => retry(doc({ "429": { "x-retry": { retry: true } } }, { maxAttempts: 2, backoffMs: 1, maxWaitMs: "3" }))).toThrow("svc x-retry-policy.maxWaitMs must be an integer");
  });

  it("pagination: the offset and limit must be query parameters, the pointers pointers, items given", () => {
    const meta = (pagination: object, parameters: object[] = [{ name: "o", in: "query" }, { name: "l", in: "query" }]) =>
      extractMeta("svc", { paths: { "/a": { get: { operationId: "a", parameters, "x-pagination": pagination } } } }).operations["GET /a"]!.pagination;
    expect(meta({ offsetParam: "o", limitParam: "l", items: "/items", next: "/next" })).toEqual({ offsetParam: "o", limitParam: "l", items: "/items", next: "/next" });
    expect(() => meta({ offsetParam: "o", limitParam: "l", items: "/i" }, [{ name: "o", in: "header" }, { name: "l", in: "query" }])).toThrow(
      'svc a x-pagination.offsetParam: "o" is no query parameter of the operation',
    );
    expect(() => meta({ offsetParam: "o", limitParam: "z", items: "/i" })).toThrow('svc a x-pagination.limitParam: "z" is no query parameter of the operation');
    expect(() => meta({ offsetParam: "o", limitParam: "l", items: "i" })).toThrow("svc a x-pagination.items: must be a JSON pointer");
    expect(() => meta({ offsetParam: "o", limitParam: "l", items: "/i", total: 3 })).toThrow("svc a x-pagination.total: must be a JSON pointer");
    expect(() => meta({ offsetParam: "o", limitParam: "l", items: "/i", next: "next" })).toThrow("svc a x-pagination.next: must be a JSON pointer");
    expect(() => meta({ offsetParam: "o", limitParam: "l" })).toThrow("svc a x-pagination.items is required");
  });

  it("pagination: the page's own count and last-page flag are pointers too, and no other field is taken", () => {
    const meta = (pagination: unknown) =>
      extractMeta("svc", { paths: { "/a": { get: { operationId: "a", parameters: [{ name: "o", in: "query" }, { name: "l", in: "query" }], "x-pagination": pagination } } } }).operations["GET /a"]!
        .pagination;
    const kms = { offsetParam: "o", limitParam: "l", items: "/resources", pageCount: "/metadata/collectionTotal", last: "/metadata/incompleteSearch" };
    expect(meta(kms)).toEqual(kms);
    expect(() => meta({ ...kms, pageCount: "collectionTotal" })).toThrow("svc a x-pagination.pageCount: must be a JSON pointer");
    expect(() => meta({ ...kms, last: true })).toThrow("svc a x-pagination.last: must be a JSON pointer");
    // A misspelt end condition would be ignored, and the walk would run past the last page.
    expect(() => meta({ ...kms, lastPage: "/metadata/incompleteSearch" })).toThrow(
      "svc a x-pagination.lastPage: unknown field; expected offsetParam, limitParam, items, total, next, pageCount, last",
    );
    expect(() => meta("offset")).toThrow("svc a x-pagination: must be an object");
  });

  it("bind: path and header parameters only, each with its location", () => {
    expect(extractMeta("shop-v2", shopDoc()).bind).toEqual([
      { name: "store", in: "path" },
      { name: "X-Tenant", in: "header" },
    ]);
    const doc = shopDoc();
    doc["x-client"].bind = ["store", "limit"];
    expect(error(() => extractMeta("shop-v2", doc))).toMatchObject({ pointer: "#/x-client/bind/1", rule: "client-bind-parameter" });
    doc["x-client"].bind = ["session"];
    expect(error(() => extractMeta("shop-v2", doc))).toMatchObject({ pointer: "#/x-client/bind/0", message: 'shop-v2: x-client.bind names "session", which is no path or header parameter' });
  });
});

describe("generate-client", () => {
  it("writes the operation table, the option types and the factory", () => {
    const source = generateClient(service, shopDoc());
    const lines = source.split("\n");
    expect(lines[0]).toBe("// Generated from openapi/shop-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.");
    const table = /export const shopV2Service = ([\s\S]*?) as const satisfies ServiceMeta;/.exec(source);
    expect(JSON.parse(table![1]!)).toEqual(extractMeta("shop-v2", shopDoc()));
    expect(table![1]).toBe(JSON.stringify(extractMeta("shop-v2", shopDoc()), null, 2));
    for (const line of [
      'import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";',
      'import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";',
      'import type { ServiceMeta } from "../../runtime/core/service-meta.js";',
      'import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";',
      'import type { operations, paths } from "./types.js";',
      'export type { components, operations, paths } from "./types.js";',
      'export type ShopV2Region = "eu-1" | "us-2";',
      'export type ShopV2ServerName = "public" | "server1" | "server2";',
      'export type ShopV2BoundParameter = "store" | "X-Tenant";',
      "export type ShopV2ClientOptions = ServiceClientOptions<ShopV2Region, ShopV2ServerName, ShopV2Credentials, ShopV2Bind>;",
      '/** Typed client for "Shop" 2.1. */',
      "export function createShopV2Client(options: ShopV2ClientOptions = {}) {",
      '  return createServiceClient<paths, ShopV2BoundParameter, ShopV2Pages>(shopV2Service, options, () => import("./rules.js"));',
      "export type ShopV2Client = ReturnType<typeof createShopV2Client>;",
      'export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;',
      "export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();",
    ]) {
      expect(lines).toContain(line);
    }
    expect(source).toContain(
      'export type ShopV2Credentials = {\n  "bearer"?: SecretSource;\n  "basic"?: BasicCredentials;\n  "apiKey"?: SecretSource;\n  "session"?: SecretSource;\n};\n',
    );
    expect(source).toContain('export type ShopV2Bind = {\n  "store"?: number;\n  "X-Tenant"?: string;\n};\n');
    expect(source).toContain(
      'export type ShopV2Pages = {\n  "/stores/{store}/items": NonNullable<NonNullable<paths["/stores/{store}/items"]["get"]["responses"][200]["content"]["application/json"]["data/list"]>["items"]>[number];\n};\n',
    );
  });

  it("without regions, servers, schemes, bind or pagination the types say never or are empty", () => {
    const source = generateClient({ id: "tiny", document: "tiny.yaml", seed: "" }, { paths: { "/a": { get: { operationId: "a", responses: {} } } } });
    for (const line of [
      "export type TinyRegion = never;",
      "export type TinyServerName = never;",
      "export type TinyCredentials = Record<string, never>;",
      "export type TinyBind = Record<string, never>;",
      "export type TinyBoundParameter = never;",
      "export type TinyPages = {};",
      '/** Typed client for "tiny" . */',
    ]) {
      expect(source.split("\n")).toContain(line);
    }
    const noEnum = generateClient({ id: "tiny", document: "tiny.yaml", seed: "" }, { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "a" } } }], paths: {} });
    expect(noEnum).toContain("export type TinyRegion = never;\n");
    const emptyEnum = generateClient({ id: "tiny", document: "tiny.yaml", seed: "" }, { servers: [{ url: "https://{region}.example.com", variables: { region: { default: "a", enum: [] } } }], paths: {} });
    expect(emptyEnum).toContain("export type TinyRegion = never;\n");
  });

  it("a bound parameter typed number or integer is a number, anything else a string", () => {
    const doc = (schema: object) => ({
      "x-client": { bind: ["p"] },
      components: { schemas: { N: { type: "number" } } },
      paths: { "/a/{p}": { get: { operationId: "a", parameters: [{ name: "p", in: "path", required: true, schema }], responses: {} } } },
    });
    const bindOf = (d: object) => /export type XBind = ([^;]*);/.exec(generateClient({ id: "x", document: "x.yaml", seed: "" }, d))![1];
    // Another path parameter before the bound one does not lend it its type.
    const before = doc({ type: "integer" });
    (before.paths as any)["/a/{p}"].get.parameters.unshift({ name: "q", in: "path", required: true, schema: { type: "string" } });
    expect(bindOf(before)).toBe('{\n  "p"?: number');
    const bind = (schema: object) => /export type XBind = ([^;]*);/.exec(generateClient({ id: "x", document: "x.yaml", seed: "" }, doc(schema)))![1];
    expect(bind({ type: "integer" })).toBe('{\n  "p"?: number');
    expect(bind({ $ref: "#/components/schemas/N" })).toBe('{\n  "p"?: number');
    expect(bind({ type: "boolean" })).toBe('{\n  "p"?: string');
    // The same name in another location is not the bound parameter.
    const other = doc({ type: "string" });
    other.paths = { "/b": { get: { operationId: "b", parameters: [{ name: "p", in: "query", schema: { type: "integer" } }], responses: {} } }, ...other.paths } as any;
    expect(/export type XBind = ([^;]*);/.exec(generateClient({ id: "x", document: "x.yaml", seed: "" }, other))![1]).toBe('{\n  "p"?: string');
  });

  it("a paginated GET without a 200 body is refused; a pagination marker on another method is no page type", () => {
    const doc = (op: object, method = "get") => ({ paths: { "/a": { [method]: { operationId: "a", parameters: [{ name: "o", in: "query" }, { name: "l", in: "query" }], ...op } } } });
    const pagination = { "x-pagination": { offsetParam: "o", limitParam: "l", items: "/items" } };
    expect(() => generateClient(service, doc({ ...pagination, responses: { "200": { description: "none" } } }))).toThrow("shop-v2 a: x-pagination needs a 200 response with a body");
    expect(() => generateClient(service, doc({ ...pagination, responses: {} }))).toThrow("x-pagination needs a 200 response with a body");
    expect(generateClient(service, doc({ ...pagination, responses: {} }, "post"))).toContain("export type ShopV2Pages = {};");
    const two = {
      paths: {
        "/a": { get: { operationId: "a", parameters: [{ name: "o", in: "query" }, { name: "l", in: "query" }], ...pagination, responses: { "200": { content: { "application/json": {} } } } } },
        "/b": { get: { operationId: "b", parameters: [{ name: "o", in: "query" }, { name: "l", in: "query" }], ...pagination, responses: { "200": { content: { "application/json": {} } } } } },
      },
    };
    expect(generateClient(service, two)).toContain(
      'export type ShopV2Pages = {\n  "/a": NonNullable<paths["/a"]["get"]["responses"][200]["content"]["application/json"]["items"]>[number];\n  "/b": NonNullable<paths["/b"]["get"]["responses"][200]["content"]["application/json"]["items"]>[number];\n};',
    );
    const tilde = doc({ "x-pagination": { offsetParam: "o", limitParam: "l", items: "/a~0b~1c" }, responses: { "200": { content: { "application/json": {} } } } });
    expect(generateClient(service, tilde)).toContain('NonNullable<paths["/a"]["get"]["responses"][200]["content"]["application/json"]["a~b/c"]>[number];');
  });

  it("entry points re-export the client and the family's helpers; the service ids become a value and a type", () => {
    expect(generateEntryPoint(service)).toBe(
      "// Generated from openapi/shop-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.\n\nexport * from \"./client.js\";\n",
    );
    expect(generateEntryPoint({ ...service, family: "kms" })).toBe(
      '// Generated from openapi/shop-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.\n\nexport * from "./client.js";\nexport * from "../../runtime/kms/index.js";\n',
    );
    expect(generateServiceIds([service, { id: "b", document: "b.yaml", seed: "" }])).toBe(
      '// Generated from openapi/services.json by scripts/build.ts. Do not edit.\n\nexport const SERVICE_IDS = ["shop-v2", "b"] as const;\nexport type ServiceId = (typeof SERVICE_IDS)[number];\n\n' +
        "/** The \"METHOD /path/template\" keys of each service's operations (its generated meta): what code naming an operation may write. */\n" +
        "export interface ServiceOperations {\n" +
        '  "shop-v2": keyof (typeof import("./shop-v2/client.js"))["shopV2Service"]["operations"];\n' +
        '  "b": keyof (typeof import("./b/client.js"))["bService"]["operations"];\n' +
        "}\n",
    );
  });
});

describe("generate-rules", () => {
  it("emits each operation's parameter, required and body rules, keeping only validation keywords", () => {
    const { operations } = extractRules(shopDoc());
    expect(operations["GET /stores/{store}/items"]).toEqual({
      path: { store: { type: "integer", minimum: 1 } },
      header: { "X-Tenant": { type: "string", pattern: "^t-" } },
      query: {
        offset: { type: "integer", minimum: 0 },
        limit: { type: "integer", maximum: 50 },
        tags: { type: "array", items: { type: "string" } },
        sort: { type: "array", items: { type: "string", enum: ["asc", "desc"] } },
      },
      required: { path: ["store"], header: ["X-Tenant"], query: ["limit"] },
    });
    expect(operations["POST /stores/{store}/items"]).toEqual({
      path: { store: { type: "integer", minimum: 1 } },
      header: { "X-Tenant": { type: "string", pattern: "^t-" } },
      required: { path: ["store"], header: ["X-Tenant"] },
      body: { $ref: "NewItem" },
      bodyRequired: true,
    });
    expect(operations["PUT /stores/{store}/items/{item}"]).toEqual({
      path: { item: { type: "string", maxLength: 8 } },
      required: { path: ["item"] },
      body: { type: "string", maxLength: 100 },
    });
    expect(operations["DELETE /stores/{store}/items/{item}"]).toEqual({ path: { item: { type: "string" } }, required: { path: ["item"] } });
    expect(operations["GET /report"]).toEqual({ header: { "X-Tenant": { type: "string", minLength: 3 } }, required: { header: ["X-Tenant"] } });
  });

  it("emits the schemas a request reaches, and only those, sorted, with boolean schemas where rules take them", () => {
    const { schemas } = extractRules(shopDoc());
    expect(Object.keys(schemas)).toEqual(["Kind", "NewItem", "Price"]);
    expect(schemas.Price).toEqual({ type: "number", minimum: 0, maximum: 1e6, enum: [1, 2] });
    expect(schemas.Kind).toEqual({ $ref: "Price" });
    expect(schemas.NewItem).toEqual({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 40 },
        price: { $ref: "Price" },
        tags: { type: "array", items: true, minItems: 0, maxItems: 5, uniqueItems: true },
        kind: { oneOf: [{ const: "a" }, { $ref: "Kind" }] },
        extra: { type: "object", additionalProperties: false, minProperties: 1, maxProperties: 3 },
        free: { additionalProperties: { type: "number", multipleOf: 0.5 } },
        never: { not: {} },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer", minimum: 2 }], items: false },
        not1: { not: { type: "null" } },
        not2: { not: {} },
        allOf1: { allOf: [{ exclusiveMinimum: 0 }], anyOf: [{ exclusiveMaximum: 9 }] },
      },
    });
  });

  it("follows schemas reached only through other schemas, and survives a cycle", () => {
    const doc = {
      paths: { "/a": { post: { operationId: "a", requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/A" } } } } } } },
      components: { schemas: { A: { items: { $ref: "#/components/schemas/B" } }, B: { properties: { a: { $ref: "#/components/schemas/A" }, c: { $ref: "#/components/schemas/C" } } }, C: { type: "null" } } },
    };
    const rules = extractRules(doc);
    expect(rules.schemas).toEqual({ A: { items: { $ref: "B" } }, B: { properties: { a: { $ref: "A" }, c: { $ref: "C" } } }, C: { type: "null" } });
    expect(rules.operations["POST /a"]).toEqual({ body: { $ref: "A" } });
    expect(extractRules({ paths: { "/b": { get: {} } } })).toEqual({ schemas: {}, operations: { "GET /b": {} } });
    expect(extractRules({ paths: { "/c": { get: { parameters: [{ name: "q", in: "query" }] } } } }).operations["GET /c"]).toEqual({ query: { q: {} } });
    expect(extractRules({ components: {}, paths: { "/e": { post: { requestBody: { content: { "a/b": { schema: { $ref: "#/components/schemas/Gone" } } } } } } } }).schemas).toEqual({ Gone: {} });
    expect(extractRules({ paths: { "/d": { post: { requestBody: { content: { "a/b": { schema: { $ref: "#/components/schemas/Gone" } } } } } } } })).toEqual({
      schemas: { Gone: {} },
      operations: { "POST /d": { body: { $ref: "Gone" } } },
    });
    // A reference into a schema (not to a whole one) is inlined.
    const inner = { ...doc, paths: { "/a": { post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/C/type" } } } } } } } };
    inner.components.schemas.C = { type: { minLength: 2 } } as any;
    expect(extractRules(inner)).toEqual({ schemas: {}, operations: { "POST /a": { body: { minLength: 2 } } } });
    expect(extractRules({ paths: { "/b": { post: { requestBody: { content: {} } } } } }).operations["POST /b"]).toEqual({});
  });

  it("writes them as a typed module", () => {
    const doc = { paths: { "/a/{id}": { get: { parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[a-z]+$" } }] } } } };
    expect(generateRules(service, doc)).toBe(
      "// Generated from openapi/shop-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.\n\n" +
        'import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";\n\n' +
        "/** The request rules the document states, checked before a request is sent. */\n" +
        `export const rules: ServiceRules = ${JSON.stringify(extractRules(doc))};\n\n` +
        "/** Throws an InputError for the first rule of this document the request breaks (the client loads this module on creation). */\n" +
        "export const check = (operation: string, request: RequestParts): void => checkRequest(rules.operations[operation], rules.schemas, request);\n",
    );
    expect(JSON.stringify(extractRules(doc))).toBe('{"schemas":{},"operations":{"GET /a/{id}":{"path":{"id":{"type":"string","pattern":"^[a-z]+$"}},"required":{"path":["id"]}}}}');
  });
});

describe("generate-rules: the helpers' module", () => {
  it("writes the helper rules as a typed constant of their own module", () => {
    const doc = {
      paths: { "/a": { get: { parameters: [{ name: "back", in: "query", schema: { type: "string", format: "uri" } }] } } },
      components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "T", "x-value-pattern": "^t-[0-9]+$" } } },
    };
    expect(generateHelperRules(service, doc)).toBe(
      "// Generated from openapi/shop-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.\n\n" +
        "/**\n" +
        " * What else the document states that the hand-written helpers (runtime/<family>) check: the named\n" +
        " * schemas no request reaches (their `$ref`s name schemas of this table or of rules.ts), the `format`\n" +
        " * and `x-required-when` of parameters, and the `x-value-pattern` of security schemes.\n" +
        " */\n" +
        `export const helperRules = ${JSON.stringify(extractHelperRules(doc))} as const;\n`,
    );
    expect(extractHelperRules(doc)).toMatchObject({ parameters: { "GET /a": { query: { back: { format: "uri" } } } } });
  });
});

describe("deprecation of a retired version", () => {
  it("marks every operation of a deprecated document, through path-item references, and nothing else", () => {
    const doc = shopDoc();
    doc.info["x-deprecated"] = { deprecated: true };
    const result = deprecateOperations(doc);
    expect(result).toBe(doc);
    expect(listOperations(doc).map((o) => o.operation.deprecated)).toEqual([true, true, true, true, true]);
    expect(doc.components.pathItems.Item.parameters[0].deprecated).toBeUndefined();
    expect(doc.paths["/stores/{store}/items"].parameters[0].deprecated).toBeUndefined();
  });

  it("leaves a current document alone, and refuses an external path-item reference", () => {
    for (const info of [{}, { "x-deprecated": { deprecated: false } }, { "x-deprecated": { deprecated: "true" } }, { "x-deprecated": {} }]) {
      const doc = shopDoc();
      doc.info = { ...doc.info, ...info };
      deprecateOperations(doc);
      expect(listOperations(doc).map((o) => o.operation.deprecated ?? false)).toEqual([false, false, false, false, false]);
    }
    expect(deprecateOperations({ paths: { "/a": { get: {} } } })).toEqual({ paths: { "/a": { get: {} } } });
    const tilde = { info: { "x-deprecated": { deprecated: true } }, paths: { "/a": { $ref: "#/x/a~1b~0c" } }, x: { "a/b~c": { head: {} } } };
    expect(deprecateOperations(tilde).x["a/b~c"]).toEqual({ head: { deprecated: true } });
    expect(deprecateOperations({ info: { "x-deprecated": { deprecated: true } } })).toEqual({ info: { "x-deprecated": { deprecated: true } } });
    expect(deprecateOperations({ info: { "x-deprecated": { deprecated: true } }, paths: { "/a": { $ref: "#/nowhere" } } }).paths).toEqual({ "/a": { $ref: "#/nowhere" } });
    expect(deprecateOperations({ info: { "x-deprecated": { deprecated: true } }, paths: { "/a": { $ref: "#/nowhere/deeper" } } }).paths).toEqual({ "/a": { $ref: "#/nowhere/deeper" } });
    expect(() => deprecateOperations({ info: { "x-deprecated": { deprecated: true } }, paths: { "/a": { $ref: "a.yaml" } } })).toThrow(
      '$ref "a.yaml" leaves the document: only local references ("#/...") are followed',
    );
  });
});

describe("x-assumed notes", () => {
  it("are collected in document order with their pointer and the operation they concern", () => {
    const doc = {
      info: { "x-assumed": "info note" },
      servers: [{ url: "u" }, { url: "v", "x-assumed": 42 }],
      paths: {
        "/a/{b}": {
          "x-assumed": "path note",
          parameters: [{ name: "b", "x-assumed": "parameter note" }],
          get: { "x-assumed": "get note", responses: { "200": { "x-assumed": "response note" } } },
          summary: { "x-assumed": "not an operation" },
        },
      },
      components: { schemas: { "a/b~c": { "x-assumed": "schema note" } } },
      "x-assumed": "root note",
    };
    expect(collectAssumptions(doc)).toEqual([
      { pointer: "#/info", operation: undefined, note: "info note" },
      { pointer: "#/servers/1", operation: undefined, note: "42" },
      { pointer: "#/paths/~1a~1{b}", operation: "* /a/{b}", note: "path note" },
      { pointer: "#/paths/~1a~1{b}/parameters/0", operation: "* /a/{b}", note: "parameter note" },
      { pointer: "#/paths/~1a~1{b}/get", operation: "GET /a/{b}", note: "get note" },
      { pointer: "#/paths/~1a~1{b}/get/responses/200", operation: "GET /a/{b}", note: "response note" },
      { pointer: "#/paths/~1a~1{b}/summary", operation: "* /a/{b}", note: "not an operation" },
      { pointer: "#/components/schemas/a~1b~0c", operation: undefined, note: "schema note" },
      { pointer: "#", operation: undefined, note: "root note" },
    ]);
    expect(collectAssumptions({ a: null, b: [null, 1, "x"] })).toEqual([]);
    expect(collectAssumptions({ components: { pathItems: { get: { "x-assumed": "n" } } } })).toEqual([{ pointer: "#/components/pathItems/get", operation: undefined, note: "n" }]);
  });
});

describe("registry", () => {
  it("without a selection, every service of the project's registry", () => {
    expect(selectServices().map((s) => s.id)).toEqual(readServices().map((s) => s.id));
    expect(selectServices().length).toBeGreaterThan(1);
  });
});

describe("package exports", () => {
  it("one entry per service plus core, mock, emulator, msw, verify, both document forms and the Arazzo workflows", () => {
    expect(expectedExports([{ id: "a", document: "a.yaml", seed: "" }, { id: "b-v2", document: "b.yaml", seed: "" }])).toEqual({
      "./package.json": "./package.json",
      "./core": { source: "./runtime/core/index.ts", types: "./dist/lib/runtime/core/index.d.ts", default: "./dist/lib/runtime/core/index.js" },
      "./mock": { source: "./runtime/mock/index.ts", types: "./dist/lib/runtime/mock/index.d.ts", default: "./dist/lib/runtime/mock/index.js" },
      "./emulator": { source: "./runtime/emulator/index.ts", types: "./dist/lib/runtime/emulator/index.d.ts", default: "./dist/lib/runtime/emulator/index.js" },
      "./msw": { source: "./runtime/msw/index.ts", types: "./dist/lib/runtime/msw/index.d.ts", default: "./dist/lib/runtime/msw/index.js" },
      "./verify": { source: "./runtime/verify/index.ts", types: "./dist/lib/runtime/verify/index.d.ts", default: "./dist/lib/runtime/verify/index.js" },
      "./a": { source: "./generated/a/index.ts", types: "./dist/lib/generated/a/index.d.ts", default: "./dist/lib/generated/a/index.js" },
      "./b-v2": { source: "./generated/b-v2/index.ts", types: "./dist/lib/generated/b-v2/index.d.ts", default: "./dist/lib/generated/b-v2/index.js" },
      "./openapi/a.json": "./dist/openapi/a.json",
      "./openapi/a.yaml": "./dist/openapi/a.yaml",
      "./openapi/b-v2.json": "./dist/openapi/b-v2.json",
      "./openapi/b-v2.yaml": "./dist/openapi/b-v2.yaml",
      "./openapi/*.arazzo.yaml": "./dist/openapi/*.arazzo.yaml",
    });
    expect(Object.keys(expectedExports([{ id: "a", document: "a.yaml", seed: "" }, { id: "b", document: "b.yaml", seed: "" }])).slice(6)).toEqual([
      "./a",
      "./b",
      "./openapi/a.json",
      "./openapi/a.yaml",
      "./openapi/b.json",
      "./openapi/b.yaml",
      "./openapi/*.arazzo.yaml",
    ]);
  });
});

describe("source locations: edges", () => {
  it("lines after leading comments, long lists, scalars, references that end the pointer or miss, deleted files", () => {
    const dir = mkdtempSync(join(tmpdir(), "locate-"));
    try {
      const write = (name: string, text: string) => {
        mkdirSync(join(dir, name, ".."), { recursive: true });
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const items = Array.from({ length: 12 }, (_, i) => `  - item${i}`).join("\n");
      const root = write("doc.yaml", `# a comment\n\nopenapi: 3.1.0\nlist:\n${items}\ncomponents:\n  schemas:\n    Key:\n      $ref: ./shared/Key.yaml\n    Other:\n      $ref: ./shared/Key.yaml#/nope/deeper\n`);
      const key = write("shared/Key.yaml", "# fragment comment\ntype: object\nproperties:\n  id:\n    type: string\n");
      expect(locate(root, [])).toEqual({ file: root, pointer: "#", line: 3 });
      expect(locate(root, ["list", "10"])).toEqual({ file: root, pointer: "#/list/10", line: 15 });
      expect(locate(root, ["openapi", "0"])).toEqual({ file: root, pointer: "#/openapi", line: 3 });
      // A pointer that ends on a reference stays in the referring file.
      expect(locate(root, ["components", "schemas", "Key"])).toEqual({ file: root, pointer: "#/components/schemas/Key", line: 19 });
      // One that goes on follows it, to the fragment's root when the key is not there.
      expect(locate(root, ["components", "schemas", "Key", "required"])).toEqual({ file: key, pointer: "#", line: 2 });
      expect(locate(root, ["components", "schemas", "Other", "x"])).toEqual({ file: key, pointer: "#", line: 2 });
      rmSync(key);
      expect(locate(root, ["components", "schemas", "Key", "required"])).toEqual({ file: root, pointer: "#/components/schemas/Key", line: 19 });
      rmSync(root);
      expect(locate(root, ["openapi"])).toEqual({ file: root, pointer: "#", line: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("small helpers of the build", () => {
  it("cache keys: a missing file differs from the same file empty; names and contents do not run together", () => {
    const dir = mkdtempSync(join(tmpdir(), "hash-"));
    try {
      const missing = hashFiles(["x"], dir);
      writeFileSync(join(dir, "x"), "");
      expect(hashFiles(["x"], dir)).not.toBe(missing);
      writeFileSync(join(dir, "a"), "bc");
      writeFileSync(join(dir, "ab"), "c");
      expect(hashFiles(["a"], dir)).not.toBe(hashFiles(["ab"], dir));
      writeFileSync(join(dir, "y"), "bc");
      expect(hashFiles(["a"], dir)).not.toBe(hashFiles(["y"], dir));
      expect(globalInputs(dir)).toEqual(["package-lock.json", "redocly.yaml", ".spectral.yaml", "openapi/services.json", "runtime/core/service-meta.ts", "runtime/core/media-type.ts", "runtime/core/pointer.ts", "runtime/core/router.ts", "runtime/core/query-style.ts"]);
      mkdirSync(join(dir, "scripts", "lib"), { recursive: true });
      for (const f of ["b.ts", "a.ts", "c.js"]) writeFileSync(join(dir, "scripts", "lib", f), "");
      expect(globalInputs(dir).slice(9).sort()).toEqual(["scripts/lib/a.ts", "scripts/lib/b.ts"]);
      // The generators read documents through runtime/openapi (and core's pointer and router, listed above): a change there rebuilds too.
      mkdirSync(join(dir, "runtime", "openapi"), { recursive: true });
      for (const f of ["router.ts", "pointer.ts", "notes.md"]) writeFileSync(join(dir, "runtime", "openapi", f), "");
      expect(globalInputs(dir).slice(9).sort()).toEqual(["runtime/openapi/pointer.ts", "runtime/openapi/router.ts", "scripts/lib/a.ts", "scripts/lib/b.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("registry errors name every unknown id and missing document; factory names skip leading and trailing separators", () => {
    const dir = mkdtempSync(join(tmpdir(), "registry-"));
    try {
      const services = ["a", "b", "c"].map((id) => ({ id, document: `${id}.yaml`, seed: "" }));
      writeFileSync(join(dir, "services.json"), JSON.stringify({ services }));
      writeFileSync(join(dir, "a.yaml"), "");
      expect(() => selectServices(["x", "y"], dir)).toThrow("Unknown service id(s): x, y. Known: a, b, c");
      expect(() => selectServices([], dir)).toThrow(
        new Error("Missing OpenAPI document(s): openapi/b.yaml (service b), openapi/c.yaml (service c). Every service listed in openapi/services.json must have its document."),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(pascalName("-billing-v2-")).toBe("BillingV2");
    // The package's compiled code and the site sit where package.json and the README say.
    expect(LIB_DIR).toBe(join(ROOT, "dist", "lib"));
    expect(SITE_DIR).toBe(join(ROOT, "dist", "site"));
  });

  it("findings: the same rule at the same place is one finding even when the messages differ", () => {
    const f = (message: string, pointer: string): Finding => ({ tool: "redocly", severity: "error", rule: "r", message, file: "/a.yaml", pointer, line: 1 });
    expect(dedupeFindings([f("one", "#/a"), f("two", "#/a/b")])).toEqual([f("two", "#/a/b")]);
  });
});
