/**
 * One precedence for the documented example of a parameter or request body
 * (runtime/openapi/examples.ts): the verifier's starting request and the site's code sample of
 * each operation must be the same request, on the six documents and on one that exercises every
 * step of the precedence.
 */
import { describe, expect, it } from "vitest";
import { requestBodyExamples, schemaExample } from "../runtime/openapi/examples.js";
import { documentedRequests, documentOperations } from "../runtime/verify/operations.js";
import { bindValues, exampleCall } from "../scripts/lib/example-requests.js";
import { readServices } from "../scripts/lib/services.js";
import { bundledDocument } from "./harness/documents.js";

/** Every step of the precedence, each where the verifier and the site once chose differently. */
const precedenceDoc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "https://example.test" }],
  "x-client": { bind: ["tenant"] },
  components: {
    examples: { Named: { value: { name: "named" } } },
    schemas: { Thing: { type: "object", examples: [{ name: "schema" }] } },
  },
  paths: {
    "/t/{tenant}/things": {
      parameters: [{ name: "tenant", in: "path", required: true, schema: { type: "string", examples: ["t-1"], default: "t-default" } }],
      get: {
        operationId: "listThings",
        parameters: [
          { name: "size", in: "query", required: true, schema: { type: "integer", default: 10, examples: [25] } },
          { name: "kind", in: "query", required: true, schema: { type: "array", items: { enum: ["a", "b"] } } },
          { name: "mode", in: "header", required: true, examples: { first: { value: "fast" }, second: { value: "slow" } }, schema: { type: "string", example: "x" } },
        ],
        responses: { "200": { description: "ok" } },
      },
      post: {
        operationId: "makeThing",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/Thing" } },
            "application/x-www-form-urlencoded": { examples: { first: { $ref: "#/components/examples/Named" }, second: { value: { name: "second" } } } },
          },
        },
        responses: { "201": { description: "made" } },
      },
      put: {
        operationId: "replaceThing",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

/** The verifier's first documented request and the site's example call of each operation, side by side. */
function pairs(doc: any) {
  const bind = bindValues(doc);
  return documentOperations(doc).map((op) => {
    const { requests, missing } = documentedRequests(doc, op, bind);
    return { key: op.key, verifier: requests[0]?.request, missing, site: exampleCall(doc, op, bind) };
  });
}

describe("the documented example", () => {
  it("nearest the operation wins: own example, named examples in order, then the schema's examples before default and enum", () => {
    const byKey = new Map(pairs(precedenceDoc).map((p) => [p.key, p]));
    const [list, make, replace] = ["GET", "POST", "PUT"].map((m) => byKey.get(`${m} /t/{tenant}/things`));
    expect(list!.verifier!.params).toEqual({ path: { tenant: "t-1" }, query: { size: 25, kind: ["a"] }, header: { mode: "fast" } });
    expect(make!.site.body).toEqual({ mediaType: "application/x-www-form-urlencoded", value: { name: "named" } });
    expect(requestBodyExamples(precedenceDoc, precedenceDoc.paths["/t/{tenant}/things"].post).map((e) => e.name)).toEqual(["first", "second"]);
    expect(replace!.site.body).toEqual({ mediaType: "application/json", value: { name: "schema" } });
    expect(schemaExample(precedenceDoc, { default: 0, examples: [] })).toEqual({ found: true, value: 0 });
    expect(schemaExample(precedenceDoc, { const: null })).toEqual({ found: true, value: null });
    expect(schemaExample(precedenceDoc, { type: "array", items: {} })).toEqual({ found: false });
  });

  const documents: [string, () => any][] = [
    ["precedence", () => precedenceDoc],
    ...readServices().map((s): [string, () => any] => [s.id, () => bundledDocument(s.id)]),
  ];
  it.each(documents)("%s: the verifier's starting request is the site's code sample, operation by operation", (id, load) => {
    const all = pairs(load());
    expect(all.length).toBeGreaterThan(0);
    for (const { key, verifier, missing, site } of all) {
      expect(missing, key).toEqual([]);
      expect(verifier, key).toBeDefined();
      for (const loc of ["path", "query", "header"] as const) {
        for (const [name, value] of Object.entries(site.params[loc] ?? {})) expect(verifier!.params[loc][name], `${key} ${loc}.${name}`).toEqual(value);
      }
      for (const b of site.bound) expect(verifier!.params[b.in][b.name], `${key} bound ${b.name}`).toEqual(b.value);
      expect(verifier!.body === undefined ? undefined : { mediaType: verifier!.contentType, value: verifier!.body }, key).toEqual(site.body);
    }
  });
});
