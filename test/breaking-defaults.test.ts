/**
 * The gate reports a changed `default` of a request parameter or of a request schema property
 * (issue 26), with the levels of oasdiff's published checks list (`oasdiff checks`, its rule
 * registry checker/rules.go): request-parameter-default-value-added / -removed / -changed are
 * errors (a client that leaves the parameter out now gets other behaviour), while
 * request-property-default-value-added / -removed / -changed are info. oasdiff skips required
 * parameters, whose default never applies; so does the gate.
 */
import { describe, expect, it } from "vitest";
import { diffDocuments } from "../scripts/lib/breaking.js";
import { onePostApi } from "./harness/one-post-api.js";

const changes = (base: any, head: any) => diffDocuments(base, head).map((c) => `${c.level} ${c.rule} ${c.where} | ${c.change}`);

function listApi(limit: Record<string, unknown>, required = false): any {
  return {
    openapi: "3.1.0",
    paths: {
      "/keys": {
        get: {
          operationId: "listKeys",
          parameters: [{ name: "limit", in: "query", required, schema: { type: "integer", minimum: 1, maximum: 5000, ...limit } }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: { parameters: { Limit: { name: "limit", in: "query", schema: { type: "integer", ...limit } } } },
  };
}

describe("a request parameter's default", () => {
  it("changed (a list limit from 200 to 100) is an error", () => {
    expect(changes(listApi({ default: 200 }), listApi({ default: 100 }))).toEqual([
      "error request-parameter-default-value-changed GET /keys query.limit | default changed: 200 → 100",
    ]);
  });

  it("added or removed is an error too", () => {
    expect(changes(listApi({}), listApi({ default: 100 }))).toEqual(["error request-parameter-default-value-added GET /keys query.limit | default added: 100"]);
    expect(changes(listApi({ default: 200 }), listApi({}))).toEqual(["error request-parameter-default-value-removed GET /keys query.limit | default removed: 200"]);
  });

  it("unchanged, or on a required parameter, is no change", () => {
    expect(changes(listApi({ default: 200 }), listApi({ default: 200 }))).toEqual([]);
    expect(changes(listApi({ default: 200 }, true), listApi({ default: 100 }, true))).toEqual([]);
  });

  it("is read through a $ref and compared as JSON (an array default in another order is a change)", () => {
    const ref = (d: unknown) => {
      const doc = listApi({});
      doc.paths["/keys"].get.parameters = [{ $ref: "#/components/parameters/State" }];
      doc.components.parameters = { State: { name: "state", in: "query", schema: { $ref: "#/components/schemas/S" } } };
      doc.components.schemas = { S: { type: "array", items: { type: "integer" }, default: d } };
      return doc;
    };
    expect(changes(ref([0, 1, 2, 3]), ref([0, 1, 2, 3]))).toEqual([]);
    expect(changes(ref([0, 1, 2, 3]), ref([0, 1]))).toEqual(["error request-parameter-default-value-changed GET /keys query.state | default changed: [0,1,2,3] → [0,1]"]);
  });
});

describe("a request schema property's default", () => {
  const body = (d?: unknown) => onePostApi({ type: "object", properties: { enabled: { type: "boolean", ...(d === undefined ? {} : { default: d }) } } }, {});

  it("changed, added or removed is info (oasdiff request-property-default-value-*)", () => {
    expect(changes(body(true), body(false))).toEqual(["info request-property-default-value-changed POST /x body.enabled | default changed: true → false"]);
    expect(changes(body(), body(true))).toEqual(["info request-property-default-value-added POST /x body.enabled | default added: true"]);
    expect(changes(body(true), body())).toEqual(["info request-property-default-value-removed POST /x body.enabled | default removed: true"]);
  });

  it("of a nested property is found where it is", () => {
    const nested = (d: string) => onePostApi({ type: "object", properties: { rule: { type: "object", properties: { mode: { type: "string", default: d } } } } }, {});
    expect(changes(nested("a"), nested("b"))).toEqual(['info request-property-default-value-changed POST /x body.rule.mode | default changed: "a" → "b"']);
  });

  it("in a response is not a request default and is not reported", () => {
    const response = (d: unknown) => onePostApi({}, { type: "object", properties: { n: { type: "integer", default: d } } });
    expect(changes(response(1), response(2))).toEqual([]);
  });
});
