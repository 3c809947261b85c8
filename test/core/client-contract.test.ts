// The client's refusals by field and rule, validation on by default, and what middleware use/eject change on the wire.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { createServiceClient, resolveBaseUrl } from "../../runtime/core/create-client.js";
import { InputError } from "../../runtime/core/errors.js";
import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";
import { allCredentials, fakeFetch, meta, testClient, thrown, type TestClient } from "./harness.js";

const fields = (e: unknown) => {
  expect(e).toBeInstanceOf(InputError);
  const { field, rule, message } = e as InputError;
  return { field, rule, message };
};
const bodyText = (init: RequestInit) => (init.body === undefined ? undefined : new Response(init.body).text());

describe("refusals name field and rule", () => {
  it("an unknown server", () => {
    let error: unknown;
    try {
      resolveBaseUrl(meta, { server: "nope" });
    } catch (e) {
      error = e;
    }
    expect(fields(error)).toEqual({ field: "server", rule: "enum", message: "server: must be one of public, private, staging" });
  });

  it("a timeout that is not a positive number", () => {
    let error: unknown;
    try {
      testClient({ timeoutMs: 0 });
    } catch (e) {
      error = e;
    }
    expect(fields(error)).toEqual({ field: "timeoutMs", rule: "minimum", message: "timeoutMs: must be a positive number" });
  });

  it("a path that is not an operation", async () => {
    expect(fields(await thrown(() => testClient().GET!("/v1/nope")))).toEqual({ field: "path", rule: "operation", message: "GET /v1/nope is not an operation of test-v1" });
  });

  it("a per-call baseUrl of another origin on a protected operation", async () => {
    expect(fields(await thrown(() => testClient().GET!("/v1/either", { baseUrl: "https://other.example.com" })))).toEqual({
      field: "baseUrl",
      rule: "origin",
      message: "baseUrl: credentials are only sent to the configured service origin",
    });
  });

  it("an undocumented Content-Type", async () => {
    const error = await thrown(() => testClient().POST!("/v1/keys", { body: {}, headers: { "Content-Type": "text/plain" } }));
    expect(fields(error)).toEqual({ field: "Content-Type", rule: "enum", message: "Content-Type: must be one of application/json, application/vnd.test+json" });
  });

  it("paginate on an operation without x-pagination", () => {
    let error: unknown;
    try {
      (testClient() as unknown as { paginate: (p: string) => unknown }).paginate("/v1/open");
    } catch (e) {
      error = e;
    }
    expect(fields(error)).toEqual({ field: "path", rule: "paginated", message: "GET /v1/open is not a paginated operation of test-v1" });
  });
});

describe("validation against the document's rules", () => {
  const rules: ServiceRules = {
    schemas: {},
    operations: { "GET /v1/open": { query: { limit: { type: "integer", maximum: 5 } } } },
  };
  const client = (fetch: typeof globalThis.fetch, extra: object = {}) =>
    createServiceClient(meta, { baseUrl: "https://api.example.com/base", fetch, ...extra }, async () => ({
      check: (operation: string, request: RequestParts) => checkRequest(rules.operations[operation], rules.schemas, request),
    })) as unknown as TestClient;

  it("is on by default: a request breaking a rule is refused before it is sent", async () => {
    const { sent, fetch } = fakeFetch();
    expect(fields(await thrown(() => client(fetch).GET!("/v1/open", { params: { query: { limit: 9 } } })))).toMatchObject({ field: "limit", rule: "maximum" });
    expect(sent).toEqual([]);
    await client(fetch).GET!("/v1/open", { params: { query: { limit: 5 } } });
    expect(sent).toHaveLength(1);
  });

  it("can be turned off, leaving the rule to the service", async () => {
    const { sent, fetch } = fakeFetch();
    await client(fetch, { validate: false }).GET!("/v1/open", { params: { query: { limit: 9 } } });
    expect(sent.map((s) => new URL(s.url).search)).toEqual(["?limit=9"]);
  });

  it("is chosen per call too: validate: false on one call sends it, the client's other calls are still checked", async () => {
    const { sent, fetch } = fakeFetch();
    const checked = client(fetch);
    await checked.GET!("/v1/open", { params: { query: { limit: 9 } }, validate: false });
    expect(sent.map((s) => new URL(s.url).search)).toEqual(["?limit=9"]);
    expect(fields(await thrown(() => checked.GET!("/v1/open", { params: { query: { limit: 9 } } })))).toMatchObject({ field: "limit", rule: "maximum" });
    expect(sent).toHaveLength(1);
  });

  it("validate: true on one call of a client created without validation checks that call", async () => {
    const { sent, fetch } = fakeFetch();
    const unchecked = client(fetch, { validate: false });
    expect(fields(await thrown(() => unchecked.GET!("/v1/open", { params: { query: { limit: 9 } }, validate: true })))).toMatchObject({ field: "limit", rule: "maximum" });
    await unchecked.GET!("/v1/open", { params: { query: { limit: 9 } } });
    expect(sent).toHaveLength(1);
  });

  it("a per-call validate that is not a boolean is refused, naming the field", async () => {
    const { sent, fetch } = fakeFetch();
    expect(fields(await thrown(() => client(fetch).GET!("/v1/open", { validate: "no" })))).toEqual({ field: "validate", rule: "type", message: "validate: must be true or false" });
    expect(sent).toEqual([]);
    expect(fields(await thrown(() => client(fetch, { validate: "no" })))).toEqual({ field: "validate", rule: "type", message: "validate: must be true or false" });
  });

  it("a per-call validate is an option of the call, not a property of the Request sent", async () => {
    const requests: Request[] = [];
    const fetch = (async (request: Request) => (requests.push(request), Response.json({}))) as typeof globalThis.fetch;
    await client(fetch).GET!("/v1/open", { validate: false });
    expect(requests).toHaveLength(1);
    expect("validate" in requests[0]!).toBe(false);
  });
});

describe("headers and bodies on the wire", () => {
  it("a call without a body carries no Content-Type", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!("/v1/open");
    await testClient({ fetch }).DELETE!("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t" } } });
    expect(sent.map((s) => s.headers["content-type"])).toEqual([undefined, undefined]);
  });
});

describe("middleware on the wire", () => {
  const tag = (name: string): Middleware => ({ onRequest: ({ request }) => (request.headers.set(`X-${name}`, "1"), request) });

  it("passes a body through unchanged, and sends none for a call without one", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    client.use(tag("a"));
    await client.POST("/v1/form", { body: { a: 1 } });
    await client.GET("/v1/open");
    expect(await bodyText(sent[0]!.init)).toBe("a=1");
    expect(sent[1]!.init.body).toBeUndefined();
    expect(sent.map((s) => s.headers["x-a"])).toEqual(["1", "1"]);
  });

  it("eject of one middleware leaves the others in place", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    const a = tag("a");
    const b = tag("b");
    client.use(a, b);
    client.eject(a);
    await client.GET("/v1/open");
    expect([sent[0]!.headers["x-a"], sent[0]!.headers["x-b"]]).toEqual([undefined, "1"]);
  });

  it("eject before any use changes nothing", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    client.eject(tag("a"));
    await client.GET("/v1/open");
    expect(sent).toHaveLength(1);
  });

  it("refuses credentials sent to another origin even among other headers; an open call may go there", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: allCredentials, headers: { "X-Trace": "t1" } }) as any;
    client.use({ onRequest: ({ request }: { request: Request }) => new Request(request.url.replace("api.example.com", "elsewhere.example.net"), request) });
    expect(fields(await thrown(() => client.GET("/v1/either")))).toEqual({
      field: "middleware",
      rule: "origin",
      message: "middleware: sent credentials to another origin; credentials are only sent to the configured service origin",
    });
    expect(sent).toEqual([]);
    await client.GET("/v1/open");
    expect(sent.map((s) => new URL(s.url).host)).toEqual(["elsewhere.example.net"]);
  });
});
