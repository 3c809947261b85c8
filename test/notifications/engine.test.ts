/**
 * The resource engine follows the document alone: an operation added to a document with an
 * `x-resource` annotation is emulated with no code written (here `getSource`, which the
 * notifications document does not have), and a document of its own, served by the engine with
 * no plug-in at all, creates, lists, gets, replaces, counts and deletes what it declares.
 */
import { describe, expect, it } from "vitest";
import { createEmulator, loadBundledDocument } from "cloud-interfaces/emulator";
import { createServiceEmulator } from "../../runtime/emulator/app.js";
import { engineDefinition } from "../../runtime/emulator/engine.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";

const BASE = "https://us-south.event-notifications.example.com/event-notifications/v1/instances/0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const auth = { authorization: "Bearer t", "content-type": "application/json" };

describe("an annotated operation the document gains is emulated with no code", () => {
  const document = structuredClone(loadBundledDocument("notifications-v1")) as any;
  const item = document.paths["/v1/instances/{instance_id}/sources/{id}"];
  item.get = {
    operationId: "getSource",
    summary: "Get source",
    tags: ["Sources"],
    security: [{ bearerAuth: [] }],
    "x-resource": { name: "source", action: "get", partition: ["instance_id"], id: "id", derive: { topic_count: { count: "topic" }, topic_names: { referrers: "topic", field: "name" } } },
    responses: {
      "200": { description: "The source.", content: { "application/json": { schema: { $ref: "#/components/schemas/Source" } } } },
      "404": item.delete.responses["404"],
      "400": item.delete.responses["400"],
      "401": item.delete.responses["401"],
      "500": item.delete.responses["500"],
    },
  };

  it("gets a created source, the world's source with its topics, and answers the document's 404 for an unknown one", async () => {
    const emu = createEmulator("notifications-v1", { document });
    const created = await (await emu.handle(new Request(`${BASE}/sources`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Deploys", description: "d" }) }))).json();
    const got = await emu.handle(new Request(`${BASE}/sources/${created.id}`, { headers: auth }));
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual({ id: created.id, name: "Deploys", description: "d", enabled: true, type: "api", updated_at: expect.any(String), topic_count: 0, topic_names: [] });
    const world = await (await emu.handle(new Request(`${BASE}/sources/e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5`, { headers: auth }))).json();
    expect(world).toMatchObject({ name: "CI pipeline", topic_count: 1, topic_names: ["Build failures"] });
    const missing = await emu.handle(new Request(`${BASE}/sources/no-such-source`, { headers: auth }));
    expect(missing.status).toBe(404);
    expect((await missing.json()).errors[0]).toMatchObject({ code: "not_found", message: expect.stringContaining("no-such-source") });
    expect(emu.violations).toEqual([]);
  });
});

/** A document of its own: widgets in shelves, with a unique name, a count in a header and paging. */
const shelfDocument = {
  openapi: "3.1.0",
  "x-caps": { itemsPerShelf: { max: 1_000, description: "Items per shelf." } },
  jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
  info: { title: "shelves", version: "1" },
  servers: [{ url: "https://shelves.example.com" }],
  paths: {
    "/shelves/{shelf}/items": {
      parameters: [{ name: "shelf", in: "path", required: true, schema: { type: "string" } }],
      post: {
        operationId: "createItem",
        "x-resource": { name: "item", action: "create", partition: ["shelf"], set: { id: "uuid", created: "now" }, unique: ["name"], cap: "itemsPerShelf" },
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ItemInput" } } } },
        responses: { "201": { description: "made", content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } } }, "409": { $ref: "#/components/responses/Error" }, "400": { $ref: "#/components/responses/Error" } },
      },
      get: {
        operationId: "listItems",
        "x-resource": { name: "item", action: "list", partition: ["shelf"], sort: "name" },
        "x-pagination": { offsetParam: "offset", limitParam: "limit", items: "/items", total: "/total" },
        parameters: [
          { name: "offset", in: "query", schema: { type: "integer", minimum: 0, default: 0 } },
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, default: 2 } },
        ],
        responses: { "200": { description: "a page", content: { "application/json": { schema: { type: "object", required: ["total", "items"], properties: { total: { type: "integer" }, items: { type: "array", items: { $ref: "#/components/schemas/Item" } } } } } } }, "400": { $ref: "#/components/responses/Error" } },
      },
      head: {
        operationId: "countItems",
        "x-resource": { name: "item", action: "count", partition: ["shelf"] },
        responses: { "200": { description: "the count", headers: { "Item-Count": { required: true, schema: { type: "string", pattern: "^\\d+$" } } } }, "400": { description: "bad" } },
      },
    },
    "/shelves/{shelf}/items/{id}": {
      parameters: [
        { name: "shelf", in: "path", required: true, schema: { type: "string" } },
        { name: "id", in: "path", required: true, schema: { type: "string" } },
      ],
      put: {
        operationId: "replaceItem",
        "x-resource": { name: "item", action: "replace", partition: ["shelf"], id: "id", unique: ["name"] },
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/ItemInput" } } } },
        responses: { "200": { description: "replaced", content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } } }, "404": { $ref: "#/components/responses/Error" }, "409": { $ref: "#/components/responses/Error" }, "400": { $ref: "#/components/responses/Error" } },
      },
      delete: {
        operationId: "deleteItem",
        "x-resource": { name: "item", action: "delete", partition: ["shelf"], id: "id" },
        responses: { "204": { description: "gone" }, "404": { $ref: "#/components/responses/Error" }, "400": { $ref: "#/components/responses/Error" } },
      },
    },
  },
  components: {
    schemas: {
      ItemInput: { type: "object", required: ["name"], properties: { name: { type: "string", minLength: 1 }, colour: { type: "string" }, stock: { type: "integer", default: 1 } } },
      Item: { type: "object", required: ["id", "name"], properties: { id: { type: "string" }, name: { type: "string" }, colour: { type: "string" }, stock: { type: "integer" }, created: { type: "string" } } },
    },
    responses: {
      Error: { description: "an error", content: { "application/json": { schema: { type: "object", required: ["message"], properties: { message: { type: "string" } } }, examples: { error: { value: { message: "Something is wrong here" } } } } } },
    },
  },
};

describe("a document served by the engine alone, no plug-in", () => {
  const emu = createServiceEmulator(engineDefinition("shelves", shelfDocument), { document: shelfDocument, validators: ajvValidators("shelves", shelfDocument) });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await emu.handle(new Request(`https://shelves.example.com${path}`, { method, ...(body ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}) }));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };

  it("creates with the service's fields and the schema's defaults, refuses a duplicate, pages, counts, replaces, deletes, per partition", async () => {
    const a = await call("POST", "/shelves/s1/items", { name: "b-item", colour: "red" });
    expect(a).toMatchObject({ status: 201, body: { id: expect.any(String), name: "b-item", colour: "red", stock: 1, created: expect.any(String) } });
    expect((await call("POST", "/shelves/s1/items", { name: "b-item" })).status).toBe(409);
    await call("POST", "/shelves/s1/items", { name: "a-item" });
    await call("POST", "/shelves/s1/items", { name: "c-item" });
    expect((await call("POST", "/shelves/s2/items", { name: "b-item" })).status).toBe(201);
    expect((await call("GET", "/shelves/s1/items")).body).toEqual({ total: 3, items: [expect.objectContaining({ name: "a-item" }), expect.objectContaining({ name: "b-item" })] });
    expect((await call("GET", "/shelves/s1/items?offset=2")).body.items.map((i: any) => i.name)).toEqual(["c-item"]);
    expect((await call("HEAD", "/shelves/s1/items")).headers.get("item-count")).toBe("3");
    const replaced = await call("PUT", `/shelves/s1/items/${a.body.id}`, { name: "b-item" });
    expect(replaced.body).toEqual({ id: a.body.id, name: "b-item", created: a.body.created });
    expect((await call("PUT", `/shelves/s1/items/${a.body.id}`, { name: "a-item" })).status).toBe(409);
    expect((await call("DELETE", `/shelves/s1/items/${a.body.id}`)).status).toBe(204);
    expect((await call("DELETE", `/shelves/s1/items/${a.body.id}`)).status).toBe(404);
    expect((await call("HEAD", "/shelves/s1/items")).headers.get("item-count")).toBe("2");
    expect(emu.violations).toEqual([]);
  });
});
