/**
 * One compiled table per document (runtime/openapi/operation-table.ts): what it holds, on a small
 * synthetic document, and that the readers share it: the build's table is the one the emulators
 * use (never compiled again at run time), and the verifier's operations are its own, in
 * document order.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, EMULATED_SERVICES, loadBundledDocument } from "cloud-interfaces/emulator";
import { compileOperationTable, inDocumentOrder, operationTable } from "../../runtime/openapi/operation-table.js";
import { documentOperations } from "../../runtime/verify/operations.js";
import { BUNDLED_SERVICES } from "../../generated/bundled.js";

const fixture = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  security: [{ key: [] }],
  "x-caps": { thingsPerShelf: { max: 7, description: "things" } },
  paths: {
    "/shelves/{shelf}/things/{id}": {
      parameters: [{ name: "shelf", in: "path", required: true, schema: { $ref: "#/components/schemas/Id" } }],
      get: {
        operationId: "getThing",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "X-Ring", in: "header", "x-refers": "ring", schema: { type: "string", default: "default" } },
          { name: "tags", in: "query", style: "form", explode: false, schema: { type: "array", items: { type: "string" } } },
        ],
        "x-resource": { name: "thing", action: "get", partition: ["shelf"], id: "id" },
        responses: {
          "200": { description: "ok", headers: { "X-Total": { schema: { type: "integer" } } }, content: { "application/json": { schema: {}, examples: { one: { value: {} } } } } },
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
    },
    "/shelves/{shelf}/things/count": {
      head: { operationId: "countThings", security: [], parameters: [{ name: "shelf", in: "path", required: true, schema: { type: "string" } }], responses: { "204": { description: "n" } } },
    },
    "/shelves/{shelf}/things": {
      post: {
        operationId: "createThing",
        parameters: [{ name: "shelf", in: "path", required: true, schema: { type: "string" } }],
        "x-resource": { plugin: "make" },
        "x-effect": "sends",
        "x-example-answer": { status: 409, why: "the example shelf is full" },
        requestBody: { required: true, "x-untyped-body": "application/json", content: { "application/json": { schema: {} }, "application/x-www-form-urlencoded": { schema: {} } } },
        responses: { "201": { description: "made", content: { "application/vnd.thing+json": { schema: {} } } } },
      },
    },
  },
  components: {
    schemas: { Id: { type: "string", minLength: 2 } },
    responses: { NotFound: { description: "no", content: { "application/json": { schema: {}, examples: { missing: { value: {} }, gone: { value: {} } } } } } },
  },
};

describe("the operation table", () => {
  const table = compileOperationTable(fixture);
  const byId = Object.fromEntries(table.operations.map((o) => [o.operationId, o]));

  it("is in routing order: more literal segments first, then document order", () => {
    expect(table.operations.map((o) => o.key)).toEqual(["HEAD /shelves/{shelf}/things/count", "GET /shelves/{shelf}/things/{id}", "POST /shelves/{shelf}/things"]);
  });

  it("keeps each operation's place in the document, and inDocumentOrder lists them so", () => {
    expect(table.operations.map((o) => o.order)).toEqual([1, 0, 2]);
    expect(inDocumentOrder(table).map((o) => o.operationId)).toEqual(["getThing", "countThings", "createThing"]);
  });

  it("holds what a documented request is answered instead of a success (x-example-answer)", () => {
    expect(byId.createThing!.exampleAnswer).toEqual({ status: 409, why: "the example shelf is full" });
    expect(byId.getThing!.exampleAnswer).toBeUndefined();
  });

  it("fixes each parameter's location, lower-cases header names, follows $refs to its schema, and keeps its default and x-refers", () => {
    expect(byId.getThing!.parameters).toEqual([
      { name: "shelf", in: "path", key: "shelf", required: true, pointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/parameters/0", schemaPointer: "#/components/schemas/Id" },
      { name: "id", in: "path", key: "id", required: true, pointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/get/parameters/0", schemaPointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/get/parameters/0/schema" },
      { name: "X-Ring", in: "header", key: "x-ring", required: false, pointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/get/parameters/1", schemaPointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/get/parameters/1/schema", refers: "ring", default: "default" },
      expect.objectContaining({ name: "tags", in: "query", query: { style: "form", explode: false, shape: "array" } }),
    ]);
  });

  it("holds responses with media types, lower-cased header names and example names, through $refs", () => {
    expect(byId.getThing!.responses).toEqual([
      { status: "200", pointer: "#/paths/~1shelves~1{shelf}~1things~1{id}/get/responses/200", mediaTypes: ["application/json"], headers: ["x-total"], examples: { "application/json": ["one"] }, headerExamples: [] },
      { status: "404", pointer: "#/components/responses/NotFound", mediaTypes: ["application/json"], headers: [], examples: { "application/json": ["missing", "gone"] }, headerExamples: [] },
    ]);
    expect(byId.createThing!.success).toEqual({ status: 201, mediaType: "application/vnd.thing+json" });
    expect(byId.countThings!.success).toEqual({ status: 204 });
  });

  it("holds the request body, security (the document's unless the operation's own) and every annotation normalised", () => {
    expect(byId.createThing!.request).toEqual({ pointer: "#/paths/~1shelves~1{shelf}~1things/post/requestBody", required: true, mediaTypes: ["application/json", "application/x-www-form-urlencoded"], untyped: "application/json" });
    expect(byId.createThing!.security).toEqual([["key"]]);
    expect(byId.countThings!.security).toEqual([]);
    expect(byId.createThing!.resource).toEqual({ plugin: "make" });
    expect(byId.createThing!.effect).toBe("sends");
    expect(byId.getThing!.resource).toEqual({ name: "thing", action: "get", partition: ["shelf"], id: "id", unique: [], where: [], check: [] });
    expect(table.caps).toEqual({ thingsPerShelf: 7 });
  });

  it("is plain data: what the build writes is what it compiled", () => {
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
  });
});

describe("every reader shares one table per document", () => {
  it.each(EMULATED_SERVICES)("%s: the emulators use the build's table; nothing compiles the bundled document again", (id) => {
    const built = BUNDLED_SERVICES[id]!.table;
    const emulator = createEmulator(id as never);
    expect(operationTable(emulator.document as object)).toBe(built);
    expect(built).toEqual(compileOperationTable(loadBundledDocument(id)));
  });

  it.each(EMULATED_SERVICES)("%s: the verifier's operations are the table's, in document order", (id) => {
    const doc = loadBundledDocument(id) as object;
    const built = BUNDLED_SERVICES[id]!.table;
    expect(documentOperations(doc).map((o) => o.key).sort()).toEqual(built.operations.map((o) => o.key).sort());
    expect(documentOperations(doc).map((o) => o.pointer).sort()).toEqual(built.operations.map((o) => o.pointer).sort());
  });
});
