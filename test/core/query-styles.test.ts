/**
 * Issue 24: query parameters travel as each operation's document says (OpenAPI 3.1 §4.8.12.4
 * style and explode), with the bytes bare openapi-fetch 0.17 writes for the same style and
 * explode, per operation (two operations may style one name differently), and a value the style
 * or schema cannot carry is an InputError naming the parameter, never "[object Object]".
 */
import createClient, { createQuerySerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../runtime/core/create-client.js";
import { serializeQuery } from "../../runtime/core/query-style.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { thrown } from "./harness.js";

const BASE = "https://api.example.com/v1";

const param = (name: string, schema: object, style?: string, explode?: boolean) => ({
  name,
  in: "query",
  ...(style === undefined ? {} : { style }),
  ...(explode === undefined ? {} : { explode }),
  schema,
});
const list = { type: "array", items: { type: "string" } };
const record = { type: "object", additionalProperties: { type: "string" } };
const op = (operationId: string, parameters: object[]) => ({ get: { operationId, parameters, responses: { "200": { description: "ok" } } } });

/** One operation per style and explode a document can give a query parameter, and two operations styling `ids` differently. */
const doc = {
  openapi: "3.1.0",
  info: { title: "Query styles", version: "1" },
  servers: [{ url: BASE }],
  paths: {
    "/form-explode": op("formExplode", [param("v", list), param("o", record), param("s", { type: "string" })]),
    "/form": op("form", [param("v", list, "form", false), param("o", record, "form", false), param("s", { type: "string" }, "form", false)]),
    "/space": op("space", [param("v", list, "spaceDelimited")]),
    "/pipe": op("pipe", [param("v", list, "pipeDelimited", false)]),
    "/deep": op("deep", [param("o", record, "deepObject", true)]),
    "/deep-default": op("deepDefault", [param("o", record, "deepObject")]),
    "/exploded-ids": op("explodedIds", [param("ids", list, "form", true)]),
    "/joined-ids": op("joinedIds", [param("ids", list, "form", false)]),
    "/any": op("any", [param("x", {})]),
  },
};
const meta = extractMeta("styles", doc);

/** What our client (styles from the document) and bare openapi-fetch (styles given per call) put in the URL. */
function clients() {
  const urls = { ours: [] as string[], bare: [] as string[] };
  const stub = (into: string[]) => async (request: Request) => (into.push(request.url), Response.json({}));
  const ours = createServiceClient(meta, { baseUrl: BASE, fetch: stub(urls.ours) as typeof fetch }) as any;
  const bare = createClient<any>({ baseUrl: BASE, fetch: stub(urls.bare) as typeof fetch }) as any;
  return { ours, bare, urls };
}

const tricky = ["a", "b/c", "x y", "1&z=2", "é", "p|q", "r,s", "t[u]"];

describe("query styles as the document says, byte-identical to openapi-fetch", () => {
  it.each([
    ["/form-explode", { v: tricky }, { array: { style: "form", explode: true } }, "v=a&v=b%2Fc&v=x%20y&v=1%26z%3D2&v=%C3%A9&v=p%7Cq&v=r%2Cs&v=t%5Bu%5D"],
    ["/form", { v: tricky }, { array: { style: "form", explode: false } }, "v=a,b%2Fc,x%20y,1%26z%3D2,%C3%A9,p%7Cq,r%2Cs,t%5Bu%5D"],
    ["/space", { v: ["a", "x y", "b"] }, { array: { style: "spaceDelimited", explode: false } }, "v=a%20x%20y%20b"],
    ["/pipe", { v: ["a", "p|q", "b"] }, { array: { style: "pipeDelimited", explode: false } }, "v=a|p%7Cq|b"],
    ["/form-explode", { o: { state: "on", kind: "x y" } }, { object: { style: "form", explode: true } }, "state=on&kind=x%20y"],
    ["/form", { o: { state: "on", kind: "x,y" } }, { object: { style: "form", explode: false } }, "o=state,on,kind,x%2Cy"],
    ["/deep", { o: { state: "on", kind: "a&b=c" } }, { object: { style: "deepObject", explode: true } }, "o[state]=on&o[kind]=a%26b%3Dc"],
    // deepObject without explode (OpenAPI's default false) is serialized as deepObject, as openapi-fetch does.
    ["/deep-default", { o: { state: "on", n: 1, t: true } }, { object: { style: "deepObject", explode: false } }, "o[state]=on&o[n]=1&o[t]=true"],
    ["/form-explode", { s: "a&b=c", v: [] }, {}, "s=a%26b%3Dc"],
    ["/form", { s: "1,2", v: [] }, { array: { style: "form", explode: false } }, "s=1%2C2"],
  ])("%s %j", async (path, query, styles, search) => {
    const { ours, bare, urls } = clients();
    await ours.GET(path, { params: { query } });
    await bare.GET(path, { params: { query }, querySerializer: styles });
    expect(urls.ours).toEqual([`${BASE}${path}?${search}`]);
    expect(urls.ours).toEqual(urls.bare);
  });

  it("a parameter named on two operations with different explode travels as each operation says", async () => {
    const { ours, urls } = clients();
    await ours.GET("/exploded-ids", { params: { query: { ids: ["1", "2"] } } });
    await ours.GET("/joined-ids", { params: { query: { ids: ["1", "2"] } } });
    // And in the other order, so no last-one-wins table could pass.
    await ours.GET("/exploded-ids", { params: { query: { ids: ["3", "4"] } } });
    expect(urls.ours).toEqual([`${BASE}/exploded-ids?ids=1&ids=2`, `${BASE}/joined-ids?ids=1,2`, `${BASE}/exploded-ids?ids=3&ids=4`]);
  });

  it("the meta carries style, explode (form's default true, others' false) and the schema's shape per operation", () => {
    expect(meta.operations["GET /deep-default"]!.query).toEqual({ o: { style: "deepObject", explode: false, shape: "object" } });
    expect(meta.operations["GET /space"]!.query).toEqual({ v: { style: "spaceDelimited", explode: false, shape: "array" } });
    expect(meta.operations["GET /form-explode"]!.query).toEqual({
      v: { style: "form", explode: true, shape: "array" },
      o: { style: "form", explode: true, shape: "object" },
      s: { style: "form", explode: true, shape: "scalar" },
    });
    expect(meta.operations["GET /any"]!.query).toEqual({ x: { style: "form", explode: true } });
  });

  it("a caller's own querySerializer is the one used, as openapi-fetch documents", async () => {
    const { ours, bare, urls } = clients();
    const init = { params: { query: { ids: ["1", "2"] } }, querySerializer: { array: { style: "pipeDelimited", explode: false } } };
    await ours.GET("/exploded-ids", init);
    await bare.GET("/exploded-ids", init);
    expect(urls.ours).toEqual([`${BASE}/exploded-ids?ids=1|2`]);
    expect(urls.ours).toEqual(urls.bare);
  });
});

describe("serializeQuery against openapi-fetch's createQuerySerializer, every style and explode it defines", () => {
  const arrays = [["a"], ["a", "b/c", "x y", "1&z=2", "%", "é", "p|q", "r,s", "t[u]", "+"], [1, 2.5, -3, true, false, 10n]];
  const objects = [{ a: "1" }, { state: "on", "k y": "a&b=c", n: 1, t: false, e: "é", p: "p|q" }];
  for (const style of ["form", "spaceDelimited", "pipeDelimited"] as const) {
    for (const explode of [true, false]) {
      it(`arrays, ${style}, explode ${explode}`, () => {
        for (const v of arrays) expect(serializeQuery({ v, s: "x&y" }, { v: { style, explode } })).toBe(createQuerySerializer({ array: { style, explode } })({ v, s: "x&y" }));
      });
    }
  }
  for (const [style, explode] of [["form", true], ["form", false], ["deepObject", true], ["deepObject", false]] as const) {
    it(`objects, ${style}, explode ${explode}`, () => {
      // Keys of unreserved characters only: openapi-fetch writes keys unencoded (see "nothing a caller passes adds a parameter").
      for (const o of objects.map((x) => Object.fromEntries(Object.entries(x).filter(([k]) => /^[\w-]+$/.test(k))))) {
        expect(serializeQuery({ o }, { o: { style, explode } })).toBe(createQuerySerializer({ object: { style, explode } })({ o }));
      }
    });
  }
});

describe("values a style cannot carry", () => {
  it.each([
    ["/form-explode", { o: { inner: { a: 1 } } }, "params.query.o", "type", "params.query.o: each property value must be a string, number or boolean"],
    ["/form", { o: { inner: { a: 1 } } }, "params.query.o", "type", "each property value must be a string, number or boolean"],
    ["/deep", { o: { inner: ["a"] } }, "params.query.o", "type", "each property value must be"],
    ["/form", { v: [{ a: 1 }] }, "params.query.v", "type", "params.query.v: each array item must be a string, number or boolean"],
    ["/form-explode", { v: [["a"]] }, "params.query.v", "type", "each array item must be"],
    ["/form-explode", { v: ["a", null] }, "params.query.v", "type", "each array item must be"],
    ["/form-explode", { s: { limit: 1000 } }, "params.query.s", "type", "params.query.s: must be a string, number or boolean, as the document's schema says"],
    ["/form-explode", { s: ["a"] }, "params.query.s", "type", "must be a string, number or boolean, as the document's schema says"],
    ["/form-explode", { v: "a" }, "params.query.v", "type", "must be an array, as the document's schema says"],
    ["/deep", { o: "a" }, "params.query.o", "type", "must be an object, as the document's schema says"],
    ["/any", { x: new Date(0) }, "params.query.x", "type", "params.query.x: must be a plain object"],
    ["/any", { x: () => 1 }, "params.query.x", "type", "params.query.x: the value must be a string, number or boolean"],
    ["/any", { x: "\uD800" }, "params.query.x", "unicode", "params.query.x: must be well-formed Unicode"],
    ["/any", { "\uDC00": "a" }, "params.query.\uDC00", "unicode", "must be well-formed Unicode"],
  ])("%s %o", async (path, query, field, rule, message) => {
    const { ours, urls } = clients();
    const error = await thrown(() => ours.GET(path, { params: { query } }));
    expect(error).toMatchObject({ name: "InputError", field, rule, message: expect.stringContaining(message) });
    expect(String(error.message)).not.toContain("object Object");
    expect(urls.ours).toEqual([]);
  });

  it("a style without a single-value form refuses one", () => {
    expect(() => serializeQuery({ v: "a" }, { v: { style: "pipeDelimited", explode: false } })).toThrow(
      expect.objectContaining({ field: "params.query.v", rule: "style", message: "params.query.v: style pipeDelimited cannot carry a string, number or boolean" }),
    );
    expect(() => serializeQuery({ v: "a" }, { v: { style: "spaceDelimited", explode: false } })).toThrow("params.query.v: style spaceDelimited cannot carry a string");
    expect(() => serializeQuery({ o: "a" }, { o: { style: "deepObject", explode: true } })).toThrow(expect.objectContaining({ field: "params.query.o", rule: "style" }));
    expect(() => serializeQuery({ o: ["a"] }, { o: { style: "deepObject", explode: true } })).toThrow("params.query.o: style deepObject cannot carry an array");
  });
});

describe("nothing a caller passes adds a parameter", () => {
  it("object keys are encoded too (openapi-fetch writes them as they are)", () => {
    const query = { o: { "a]=1&x[": "v", "k&admin=1": "w" } };
    expect(serializeQuery(query, { o: { style: "deepObject", explode: true } })).toBe("o[a%5D%3D1%26x%5B]=v&o[k%26admin%3D1]=w");
    expect(serializeQuery(query, { o: { style: "form", explode: true } })).toBe("a%5D%3D1%26x%5B=v&k%26admin%3D1=w");
    expect(serializeQuery(query, { o: { style: "form", explode: false } })).toBe("o=a%5D%3D1%26x%5B,v,k%26admin%3D1,w");
    // Read back, each key is the caller's whole key: none split off a parameter of its own.
    expect([...new URLSearchParams(serializeQuery(query, { o: { style: "deepObject", explode: true } })).keys()]).toEqual(["o[a]=1&x[]", "o[k&admin=1]"]);
    expect([...new URLSearchParams(serializeQuery(query, { o: { style: "form", explode: true } })).keys()]).toEqual(["a]=1&x[", "k&admin=1"]);
  });

  it("absent properties are left out, and empty arrays and objects send nothing", () => {
    expect(serializeQuery({ o: { a: undefined, b: null, c: "1" }, e: {}, v: [] }, { o: { style: "deepObject", explode: true } })).toBe("o[c]=1");
    expect(serializeQuery({ o: { a: undefined } }, { o: { style: "form", explode: false } })).toBe("");
  });
});
