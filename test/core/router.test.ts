/** The one router over a bundle (runtime/core/router.ts): client meta, mock and emulator route through it. */
import { describe, expect, it } from "vitest";
import { HTTP_METHODS, listOperations, parametersOf, Router, serverPathPrefixes, stripServerPrefix } from "../../runtime/core/router.js";

const op = (id: string) => ({ operationId: id, responses: {} });
const doc = {
  servers: [{ url: "https://{region}.example.com/event-notifications" }, { url: "https://example.com" }, { url: "not a url" }],
  paths: {
    "/keys/{id}": { get: op("getKey"), delete: op("deleteKey"), parameters: [] },
    "/keys/count": { get: op("countKeys") },
    "/keys": { $ref: "#/components/pathItems/Keys" },
    "/files/{name}.json": { get: op("getFile") },
    "/a/{x}/c": { get: op("first") },
    "/a/b/{y}": { get: op("second") },
    "/odd/{p}": { summary: "no operations", "x-get": op("notAnOperation") },
  },
  components: { pathItems: { Keys: { get: op("listKeys"), post: op("createKey") } } },
};

describe("listOperations", () => {
  it("lists every operation in document order, methods in specification order, through path-item references", () => {
    expect(listOperations(doc).map((o) => `${o.method} ${o.path} ${o.operation.operationId} ${o.pointer}`)).toEqual([
      "get /keys/{id} getKey #/paths/~1keys~1{id}/get",
      "delete /keys/{id} deleteKey #/paths/~1keys~1{id}/delete",
      "get /keys/count countKeys #/paths/~1keys~1count/get",
      "get /keys listKeys #/components/pathItems/Keys/get",
      "post /keys createKey #/components/pathItems/Keys/post",
      "get /files/{name}.json getFile #/paths/~1files~1{name}.json/get",
      "get /a/{x}/c first #/paths/~1a~1{x}~1c/get",
      "get /a/b/{y} second #/paths/~1a~1b~1{y}/get",
    ]);
    expect(HTTP_METHODS).toEqual(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  });
});

describe("Router", () => {
  const router = new Router(listOperations(doc));
  const id = (method: string, path: string) => {
    const found = router.route(method, path);
    return found.kind === "operation" ? `${found.operation.operation.operationId} ${JSON.stringify(found.params)}` : found;
  };

  it("prefers a concrete path over a templated one, whatever the document order", () => {
    expect(id("GET", "/keys/count")).toBe("countKeys {}");
    expect(id("GET", "/keys/k1")).toBe('getKey {"id":"k1"}');
    // Equally concrete templates: document order decides.
    expect(id("GET", "/a/b/c")).toBe('first {"x":"b"}');
  });

  it("answers 405 with the methods the path has, and 404 for no path", () => {
    // A concrete path does not hide the templates it also matches: DELETE /keys/count is deleteKey("count").
    expect(router.route("POST", "/keys/count")).toEqual({ kind: "method-not-allowed", allow: ["GET", "DELETE"] });
    expect(id("DELETE", "/keys/count")).toBe('deleteKey {"id":"count"}');
    expect(router.route("PUT", "/keys/k1")).toEqual({ kind: "method-not-allowed", allow: ["GET", "DELETE"] });
    expect(router.route("GET", "/nothing")).toEqual({ kind: "not-found" });
    expect(router.route("GET", "/odd/1")).toEqual({ kind: "not-found" });
  });

  it("compares methods case-sensitively (RFC 9110 §9.1)", () => {
    expect(router.route("get", "/keys")).toEqual({ kind: "method-not-allowed", allow: ["GET", "POST"] });
  });

  it("treats a trailing slash, an empty segment or an extra segment as another path", () => {
    expect(id("GET", "/keys")).toBe("listKeys {}");
    expect(router.route("GET", "/keys/")).toEqual({ kind: "not-found" });
    expect(router.route("GET", "/keys//")).toEqual({ kind: "not-found" });
    expect(router.route("GET", "/keys/k1/")).toEqual({ kind: "not-found" });
    expect(router.route("GET", "/keys/k1/x")).toEqual({ kind: "not-found" });
  });

  it("matches percent-encoded segments as sent and decodes the parameters", () => {
    // An encoded slash stays inside its segment.
    expect(id("GET", "/keys/a%2Fb")).toBe('getKey {"id":"a/b"}');
    expect(id("GET", "/keys/caf%C3%A9")).toBe('getKey {"id":"café"}');
    // Bad percent-encoding still routes; the parameter is left as sent for the caller to refuse.
    expect(id("GET", "/keys/%zz")).toBe('getKey {"id":"%zz"}');
    // A literal segment is matched as sent: an encoded spelling of "count" is a key id.
    expect(id("GET", "/keys/%63ount")).toBe('getKey {"id":"count"}');
  });

  it("matches a template expression inside a segment, and escapes the literal rest", () => {
    expect(id("GET", "/files/report.json")).toBe('getFile {"name":"report"}');
    expect(router.route("GET", "/files/reportXjson")).toEqual({ kind: "not-found" });
    expect(router.route("GET", "/files/.json")).toEqual({ kind: "not-found" });
  });

  it("routes any operation type through a template accessor", () => {
    const own = new Router([{ method: "get", template: "/x/{a}", name: "mine" }], (o) => o.template);
    expect(own.route("GET", "/x/1")).toEqual({ kind: "operation", operation: { method: "get", template: "/x/{a}", name: "mine" }, params: { a: "1" } });
  });
});

describe("server path prefixes", () => {
  it("are the path parts of the documented servers, stripped only on a segment boundary", () => {
    const prefixes = serverPathPrefixes(doc);
    expect(prefixes).toEqual(["/event-notifications"]);
    expect(stripServerPrefix("/event-notifications/v1/x", prefixes)).toBe("/v1/x");
    expect(stripServerPrefix("/event-notifications", prefixes)).toBe("/");
    expect(stripServerPrefix("/event-notificationsX/v1", prefixes)).toBe("/event-notificationsX/v1");
    expect(stripServerPrefix("/v1/x", prefixes)).toBe("/v1/x");
  });
});

describe("one router for the mock and the emulator", () => {
  it("the mock's route and the emulator's Contract.match answer alike, concrete paths first", async () => {
    const { route } = await import("../../runtime/openapi/operations.js");
    const { operationTable } = await import("../../runtime/openapi/operation-table.js");
    const { Contract } = await import("../../runtime/emulator/contract.js");
    const { ajvValidators } = await import("../../runtime/emulator/ajv-validators.js");
    const contract = new Contract("router-test", doc, ajvValidators("router-test", doc));
    const mock = operationTable(doc).operations;
    const asked: [string, string][] = [["GET", "/keys/count"], ["GET", "/keys/k%2F1"], ["DELETE", "/keys/count"], ["POST", "/keys/count"], ["get", "/keys"], ["GET", "/keys/"], ["GET", "/files/a.json"]];
    for (const [method, path] of asked) {
      const m = route(mock, method, path);
      const e = contract.match(method, new URL(path, "https://h.example.com"));
      const mockSays = m.kind === "operation" ? `${m.operation.operationId} ${JSON.stringify(m.params)}` : m.kind === "not-found" ? "404" : `405 ${m.allow}`;
      const emulatorSays = "op" in e ? `${e.op.operationId} ${JSON.stringify(e.path)}` : `${e.status}${e.status === 405 ? ` ${e.allow}` : ""}`;
      expect(emulatorSays, `${method} ${path}`).toBe(mockSays);
    }
    expect(contract.match("GET", new URL("https://h.example.com/event-notifications/keys/count"))).toMatchObject({ op: { operationId: "countKeys" } });
  });
});

describe("parametersOf", () => {
  const withParams = {
    paths: {
      "/p/{id}": {
        parameters: [{ $ref: "#/components/parameters/Id" }, { name: "X-Trace", in: "header" }, { name: "q", in: "query", description: "item's" }],
        get: { parameters: [{ name: "x-trace", in: "header", required: true }, { name: "Q", in: "query" }, { name: "q", in: "query", description: "own" }] },
      },
    },
    components: { parameters: { Id: { name: "id", in: "path", required: true } } },
  };

  it("lists the path item's parameters then the operation's, the operation's replacing same location and name, with pointers", () => {
    const [op] = listOperations(withParams);
    expect(parametersOf(withParams, op!).map(({ parameter, pointer }) => `${parameter.in}:${parameter.name}${parameter.description ? ` (${parameter.description})` : ""} ${pointer}`)).toEqual([
      "path:id #/components/parameters/Id",
      // Header names are case-insensitive: the operation's x-trace replaces the item's X-Trace.
      "header:x-trace #/paths/~1p~1{id}/get/parameters/0",
      // Query names are not: Q and q are two parameters, and q is the operation's own.
      "query:q (own) #/paths/~1p~1{id}/get/parameters/2",
      "query:Q #/paths/~1p~1{id}/get/parameters/1",
    ]);
  });
});
