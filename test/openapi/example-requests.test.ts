/**
 * The one reader of example requests (runtime/openapi/example-requests.ts) on a small synthetic
 * document: which parameters a request carries, which bodies it is sent with, the options its
 * three callers differ by (every body and parameter variant for the emulator's world, a
 * placeholder for a code sample, cookies), and what is missing.
 */
import { describe, expect, it } from "vitest";
import { bindValues, exampleRequests } from "../../runtime/openapi/example-requests.js";
import { compileOperationTable, type TableOperation } from "../../runtime/openapi/operation-table.js";

const doc = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  "x-client": { bind: ["tenant", "X-Scope"] },
  components: { examples: { Named: { value: { name: "named" } } } },
  paths: {
    "/t/{tenant}/things": {
      parameters: [{ name: "tenant", in: "path", required: true, examples: { first: { value: "t-1" }, second: { value: "t-2" } } }],
      get: {
        operationId: "listThings",
        parameters: [
          { name: "X-Scope", in: "header", schema: { type: "string", example: "s-1" } },
          { name: "tenant", in: "query", schema: { type: "string", examples: ["q-1"] } },
          { name: "limit", in: "query", schema: { type: "integer", default: 10 } },
          { name: "sid", in: "cookie", required: true, example: "c-1" },
        ],
        responses: { "200": { description: "ok" } },
      },
      post: {
        operationId: "makeThing",
        parameters: [{ name: "size", in: "query", required: true, schema: { type: "integer" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": { example: { name: "json" } },
            "application/x-www-form-urlencoded": { examples: { first: { $ref: "#/components/examples/Named" }, second: { value: { name: "second" } } } },
          },
        },
        responses: { "201": { description: "made" } },
      },
    },
  },
};

const table = compileOperationTable(doc);
const op = (id: string) => table.operations.find((o) => o.operationId === id) as TableOperation;

describe("example requests", () => {
  it("carry required and bound (path, header) parameters; a query parameter of a bound name is not bound", () => {
    const { requests, missing } = exampleRequests(doc, op("listThings"));
    expect(missing).toEqual([]);
    expect(requests).toEqual([{ example: "parameters", params: { path: { tenant: "t-1" }, query: {}, header: { "X-Scope": "s-1" }, cookie: {} }, bound: op("listThings").parameters.filter((p) => p.in !== "query" && p.in !== "cookie") }]);
    expect(exampleRequests(doc, op("listThings"), { cookies: true }).requests[0]!.params.cookie).toEqual({ sid: "c-1" });
  });

  it("given values win over examples, by name and case-insensitively", () => {
    expect(exampleRequests(doc, op("listThings"), { bind: { TENANT: "mine" } }).requests[0]!.params.path).toEqual({ tenant: "mine" });
  });

  it("the standing body first, or every body of every media type; a required value without example is missing or a placeholder", () => {
    expect(exampleRequests(doc, op("makeThing"))).toEqual({ requests: [expect.objectContaining({ example: "example", body: { mediaType: "application/json", value: { name: "json" } } })], missing: ["query.size"] });
    const every = exampleRequests(doc, op("makeThing"), { bodies: "every", placeholder: true });
    expect(every.missing).toEqual([]);
    expect(every.requests.map((r) => [r.example, r.body?.mediaType, r.body?.value, r.params.query.size])).toEqual([
      ["example", "application/json", { name: "json" }, "<size>"],
      ["first", "application/x-www-form-urlencoded", { name: "named" }, "<size>"],
      ["second", "application/x-www-form-urlencoded", { name: "second" }, "<size>"],
    ]);
  });

  it("variants: each further named example, and every example of an optional parameter, but no default", () => {
    const variants = exampleRequests(doc, op("listThings"), { variants: true }).requests.filter((r) => r.variant);
    expect(variants.map((r) => r.example)).toEqual(["tenant=second", "tenant=schema"]);
    expect(variants[0]!.params.path).toEqual({ tenant: "t-2" });
    expect(variants[1]!.params.query).toEqual({ tenant: "q-1" });
    expect(variants[1]!.params.path).toEqual({ tenant: "t-1" });
  });

  it("a required body without any example is missing", () => {
    const bare = { paths: { "/a": { post: { operationId: "a", requestBody: { required: true, content: { "application/json": {} } }, responses: {} } } } };
    expect(exampleRequests(bare, compileOperationTable(bare).operations[0]!).missing).toEqual(["body"]);
  });

  it("bound values come from the first operation, in document order, that takes them", () => {
    expect(bindValues(doc, table.operations)).toEqual({ tenant: "t-1", "X-Scope": "s-1" });
    const none = { "x-client": { bind: ["tenant"] }, paths: { "/t/{tenant}": { get: { operationId: "g", parameters: [{ name: "tenant", in: "path", required: true }], responses: {} } } } };
    expect(bindValues(none, compileOperationTable(none).operations)).toEqual({});
    expect(bindValues(none, compileOperationTable(none).operations, { placeholder: true })).toEqual({ tenant: "<tenant>" });
  });
});
