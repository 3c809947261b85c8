/**
 * Issue 24: OpenAPI's query parameter style is one module (runtime/core/query-style.ts). What
 * the client writes, the emulator reads back as the same values, for every style, explode and
 * shape; and the verifier, the tests' raw sender and the emulator, which each had their own
 * reading of the rule (form only), now carry deepObject and the delimited styles as the client does.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient } from "../../runtime/core/create-client.js";
import type { QueryParamMeta } from "../../runtime/core/service-meta.js";
import { createServiceEmulator, json } from "../../runtime/emulator/app.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";
import { parameterStyle, parseQuery, queryParamMeta, QueryStyleError, serializeQuery } from "../../runtime/core/query-style.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import { queryStyles } from "../../runtime/openapi/operation-table.js";
import { toWire } from "../../runtime/verify/raw-request.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { sendRaw } from "../negative/raw-request.js";

/** What a server receives: the query part after WHATWG URL parsing, as the emulator reads `url.search`. */
const received = (query: string) => new URL(`https://h.example.com/p${query ? `?${query}` : ""}`).search;

describe("defaults (OpenAPI 3.1 §4.8.12.4)", () => {
  it("style follows the location, explode follows the style", () => {
    expect(parameterStyle({ in: "query" })).toEqual({ style: "form", explode: true });
    expect(parameterStyle({ in: "cookie" })).toEqual({ style: "form", explode: true });
    expect(parameterStyle({ in: "path" })).toEqual({ style: "simple", explode: false });
    expect(parameterStyle({ in: "header" })).toEqual({ style: "simple", explode: false });
    expect(parameterStyle({ in: "query", style: "deepObject" })).toEqual({ style: "deepObject", explode: false });
    expect(parameterStyle({ in: "query", style: "pipeDelimited" })).toEqual({ style: "pipeDelimited", explode: false });
    expect(parameterStyle({ in: "query", explode: false })).toEqual({ style: "form", explode: false });
    expect(parameterStyle({ in: "header", style: "simple", explode: true })).toEqual({ style: "simple", explode: true });
  });

  it("a query style OpenAPI does not define is an error naming the parameter's pointer, never read as another", () => {
    const refused = (() => {
      try {
        queryParamMeta({ name: "q", style: "matrix" }, { type: "array" }, "#/paths/~1p/get/parameters/0");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(QueryStyleError);
    expect(refused).toMatchObject({
      pointer: "#/paths/~1p/get/parameters/0/style",
      rule: "query-style",
      message: '#/paths/~1p/get/parameters/0/style: query parameter q has style "matrix"; OpenAPI 3.1 defines form, deepObject, spaceDelimited, pipeDelimited for query parameters',
    });
    expect(queryParamMeta({ name: "q", style: "deepObject" }, { type: ["object", "null"] }, "#")).toEqual({ style: "deepObject", explode: false, shape: "object" });
    expect(queryParamMeta({ name: "q" }, { anyOf: [{ type: "string" }] }, "#")).toEqual({ style: "form", explode: true });
  });
});

/** Every style, explode and shape the serializer writes. */
const SUPPORTED: [QueryParamMeta["style"], boolean, NonNullable<QueryParamMeta["shape"]>][] = [
  ["form", true, "scalar"],
  ["form", false, "scalar"],
  ["form", true, "array"],
  ["form", false, "array"],
  ["form", true, "object"],
  ["form", false, "object"],
  ["spaceDelimited", false, "array"],
  ["spaceDelimited", false, "object"],
  ["pipeDelimited", false, "array"],
  ["pipeDelimited", false, "object"],
  ["deepObject", true, "object"],
  ["deepObject", false, "object"],
];

const TRICKY = ["&", "=", "+", "%", "%20", ",", "|", "[", "]", "][", " ", "é", "😀", "#", "?", "a=b&c", "__proto__", ""];
const text = fc.oneof(fc.string({ unit: "grapheme", maxLength: 6 }), fc.constantFrom(...TRICKY), fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 4 }));

describe("serializeQuery then parseQuery gives the values back", () => {
  it.each(SUPPORTED)("%s, explode %s, %s", (style, explode, shape) => {
    // A space inside a spaceDelimited item reads as the delimiter: OpenAPI's table cannot tell them apart.
    const item = style === "spaceDelimited" ? text.filter((s) => !s.includes(" ")) : text;
    // The neighbour is a second parameter, so keys of an exploded object must not be its name.
    const key = item.filter((s) => s !== "n");
    const scalar = fc.oneof(item, fc.integer(), fc.boolean());
    const value =
      shape === "scalar" ? scalar : shape === "array" ? fc.array(scalar, { maxLength: 5 }) : fc.uniqueArray(fc.tuple(key, scalar), { maxLength: 5, selector: ([k]) => k }).map((pairs) => Object.fromEntries(pairs));
    const params: Record<string, QueryParamMeta> = { v: { style, explode, shape }, n: { style: "form", explode: true, shape: "scalar" } };
    fc.assert(
      fc.property(value, fc.option(item, { nil: undefined }), (v, n) => {
        const expected: Record<string, unknown> = {};
        const asText = (x: unknown) => String(x);
        const sent = Array.isArray(v) ? v.map(asText) : typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asText(x)])) : asText(v);
        if (typeof sent === "string" || Object.keys(sent).length > 0) expected.v = sent;
        if (n !== undefined) expected.n = n;
        const wire = serializeQuery({ v, n }, params);
        expect(parseQuery(received(wire), params)).toEqual({ values: expected, problems: [] });
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseQuery", () => {
  const meta = (style: QueryParamMeta["style"], explode: boolean, shape?: QueryParamMeta["shape"]): QueryParamMeta => ({ style, explode, ...(shape ? { shape } : {}) });

  it("reads each style as OpenAPI's table writes it", () => {
    expect(parseQuery("?filter[a]=1&filter[b%5D]=x%20y", { filter: meta("deepObject", false, "object") }).values).toEqual({ filter: { a: "1", "b]": "x y" } });
    expect(parseQuery("?ids=1,2%2C3", { ids: meta("form", false, "array") }).values).toEqual({ ids: ["1", "2,3"] });
    expect(parseQuery("?ids=1|2%7C3", { ids: meta("pipeDelimited", false, "array") }).values).toEqual({ ids: ["1", "2|3"] });
    expect(parseQuery("?ids=1%202+3", { ids: meta("spaceDelimited", false, "array") }).values).toEqual({ ids: ["1", "2", "3"] });
    expect(parseQuery("?ids=1&ids=2", { ids: meta("form", true, "array") }).values).toEqual({ ids: ["1", "2"] });
    expect(parseQuery("?color=R,100,G,200", { color: meta("form", false, "object") }).values).toEqual({ color: { R: "100", G: "200" } });
    expect(parseQuery("?R=100&G=200&limit=3", { color: meta("form", true, "object"), limit: meta("form", true, "scalar") }).values).toEqual({ color: { R: "100", G: "200" }, limit: "3" });
    // Without a shape from the schema: one value is a value, repeated ones a list.
    expect(parseQuery("?x=1&y=1&y=2", { x: meta("form", true), y: meta("form", true) }).values).toEqual({ x: "1", y: ["1", "2"] });
  });

  it("names what the style cannot mean, instead of guessing", () => {
    const problems = (search: string, params: Record<string, QueryParamMeta>) => parseQuery(search, params).problems;
    expect(problems("?filter[a][b]=1", { filter: meta("deepObject", true, "object") })).toEqual(["query parameter filter: filter[a][b] nests an object, which style deepObject does not define"]);
    expect(problems("?filter=1", { filter: meta("deepObject", true, "object") })).toEqual(["query parameter filter is given without a [key]; style deepObject sends filter[key]=value"]);
    expect(problems("?filter[a]=1&filter[a]=2", { filter: meta("deepObject", true, "object") })).toEqual(["query parameter filter: key a is given twice"]);
    expect(problems("?limit=1&limit=2", { limit: meta("form", true, "scalar") })).toEqual(["query parameter limit is given 2 times; it is one value"]);
    expect(problems("?ids=1,2&ids=3", { ids: meta("form", false, "array") })).toEqual(["query parameter ids is given 2 times; style form without explode sends it once"]);
    expect(problems("?color=R,100,G", { color: meta("form", false, "object") })).toEqual(["query parameter color: style form sends an object as key and value items; got 3 items"]);
    expect(problems("?R=1", { a: meta("form", true, "object"), b: meta("form", true, "object") })).toEqual(["query parameters a, b are exploded objects: which of them R belongs to is not defined"]);
  });
});

/** An operation per style a document may give, with a plain neighbour; the client, the verifier and the emulator all read it. */
const doc = {
  openapi: "3.1.0",
  info: { title: "Query styles", version: "1" },
  servers: [{ url: "https://api.example.com/v1" }],
  paths: {
    "/items": {
      get: {
        operationId: "listItems",
        parameters: [
          { name: "filter", in: "query", style: "deepObject", explode: true, schema: { type: "object", properties: { a: { type: "string" }, n: { type: "integer" } }, additionalProperties: false } },
          { name: "ids", in: "query", style: "pipeDelimited", schema: { type: "array", items: { type: "integer" } } },
          { name: "tags", in: "query", style: "spaceDelimited", schema: { type: "array", items: { type: "string" } } },
          { name: "sort", in: "query", explode: false, schema: { type: "array", items: { type: "string" } } },
          { name: "limit", in: "query", schema: { type: "integer" } },
        ],
        responses: { "200": { description: "what the emulator read", content: { "application/json": { schema: {} } } }, "400": { description: "refused", content: { "application/json": { schema: {} } } } },
      },
    },
  },
};
const query = { filter: { a: "x&y=1", n: 2 }, ids: [1, 2], tags: ["p", "q|r"], sort: ["name", "-date"], limit: 5 };
const CLIENT_URL = "https://api.example.com/v1/items?filter[a]=x%26y%3D1&filter[n]=2&ids=1|2&tags=p%20q%7Cr&sort=name,-date&limit=5";

/** The URL the generated client sends for `query`. */
async function clientUrl(baseUrl: string): Promise<string> {
  const urls: string[] = [];
  const client = createServiceClient(extractMeta("styles", doc), { baseUrl, fetch: (async (request: Request) => (urls.push(request.url), Response.json({}))) as typeof fetch }) as any;
  await client.GET("/items", { params: { query } });
  return urls[0]!;
}

describe("the former copies carry every style as the client does", () => {
  it("the client's URL (the reference the others are held to)", async () => {
    expect(await clientUrl("https://api.example.com/v1")).toBe(CLIENT_URL);
  });

  it("verify (runtime/verify/operations.ts + raw-request.ts) sends what the client sends", () => {
    const op = documentOperations(doc).find((o) => o.operationId === "listItems")!;
    const wire = toWire("https://api.example.com/v1", { method: "GET", path: "/items", params: { path: {}, query, header: {} }, withCredentials: false }, { styles: queryStyles(op), mediaTypes: [], security: [], schemes: {} }, {});
    expect(wire.url).toBe(CLIENT_URL);
  });

  describe("the tests' raw sender (test/negative/raw-request.ts)", () => {
    const seen: string[] = [];
    const server = createServer((req, res) => (seen.push(req.url!), res.end("{}")));
    let base = "";
    beforeAll(async () => {
      await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it("sends what the client sends", async () => {
      await sendRaw(base, extractMeta("styles", doc), {}, { method: "GET", path: "/items", params: { path: {}, query, header: {} }, withCredentials: false });
      expect(seen).toEqual([new URL(await clientUrl(base)).pathname + new URL(await clientUrl(base)).search]);
    });
  });

  it("the emulator (runtime/emulator/contract.ts) reads what the client sends as the values the client was given", async () => {
    const emulator = createServiceEmulator(
      {
        serviceId: "styles",
        initialState: () => ({}),
        operations: { listItems: (ctx) => json(200, ctx.input.query) },
        reject: (failure) => json(400, failure.problems),
      },
      { document: doc, validators: ajvValidators("styles", doc) },
    );
    const read = async (url: string) => {
      const res = await emulator.handle(new Request(url));
      return { status: res.status, body: await res.json() };
    };
    expect(await read(CLIENT_URL)).toEqual({ status: 200, body: query });
    expect(await read("https://api.example.com/v1/items?filter[a]=1")).toEqual({ status: 200, body: { filter: { a: "1" } } });
    expect(await read("https://api.example.com/v1/items?filter[n]=x")).toEqual({ status: 400, body: ["query parameter filter/n must be integer"] });
    expect(await read("https://api.example.com/v1/items?filter[a][b]=1")).toEqual({ status: 400, body: ["query parameter filter: filter[a][b] nests an object, which style deepObject does not define"] });
    // One value given twice was read as the last one; Prism refuses it (400, "must be integer"), and so does the emulator now.
    expect(await read("https://api.example.com/v1/items?limit=1&limit=2")).toEqual({ status: 400, body: ["query parameter limit is given 2 times; it is one value"] });
  });
});
