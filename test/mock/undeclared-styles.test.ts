/**
 * What the mock calls undeclared follows the query styles the client writes (runtime/core/query-style.ts):
 * a deepObject parameter's `name[key]` and an exploded form object's properties are declared,
 * not "undeclared query parameters".
 */
import { describe, expect, it } from "vitest";
import { undeclaredInputs } from "../../runtime/http/undeclared.js";
import { compileOperationTable, type TableOperation } from "../../runtime/openapi/operation-table.js";

const components = { schemas: { Window: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } } } } };
const operation = (parameters: unknown[]) => {
  const doc = { components, paths: { "/things": { get: { operationId: "listThings", parameters, responses: {} } } } };
  return { doc, op: compileOperationTable(doc).operations[0]! };
};
const keys = async ({ doc, op }: { doc: object; op: TableOperation }, query: string) => (await undeclaredInputs(doc, op, new Request(`https://mock.example/things?${query}`))).map((u) => u.name);

describe("undeclared query keys by style", () => {
  it("takes a deepObject parameter's name[key] as declared, and still names a stranger", async () => {
    const op = operation([{ in: "query", name: "filter", style: "deepObject", schema: { type: "object", additionalProperties: { type: "string" } } }]);
    expect(await keys(op, "filter%5Bstate%5D=1&filter[name]=k&filtr[x]=1")).toEqual(["filtr[x]"]);
  });

  it("takes an exploded form object's declared properties as declared, through a $ref", async () => {
    const op = operation([{ in: "query", name: "window", schema: { $ref: "#/components/schemas/Window" } }]);
    expect(await keys(op, "from=a&to=b&too=c")).toEqual(["too"]);
  });

  it("names nothing for an exploded form object whose properties are open", async () => {
    const op = operation([{ in: "query", name: "labels", schema: { type: "object", additionalProperties: { type: "string" } } }]);
    expect(await keys(op, "team=a&tier=b")).toEqual([]);
  });

  it("keeps a non-exploded object to its own name", async () => {
    const op = operation([{ in: "query", name: "window", explode: false, schema: { $ref: "#/components/schemas/Window" } }]);
    expect(await keys(op, "window=from,a&from=a")).toEqual(["from"]);
  });
});
