/** The generic client over a synthetic service: options, operation lookup, bodies, queries, headers, parsing. */
import { describe, expect, it, vi } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { serializeQuery } from "../../runtime/core/query-style.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

const LIST = "/v1/instances/{instance_id}/topics";

describe("client creation", () => {
  it("refuses an unknown bound parameter, naming the known ones", () => {
    expect(() => testClient({ bind: { nope: 1 } })).toThrowError(
      expect.objectContaining({ field: "bind.nope", message: expect.stringContaining("not a bound parameter; expected one of instance_id, Tenant-Id") }),
    );
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])("refuses timeoutMs %s", (timeoutMs) => {
    expect(() => testClient({ timeoutMs })).toThrowError(expect.objectContaining({ field: "timeoutMs", message: expect.stringContaining("must be a positive number") }));
  });

  it("uses the documented server when no baseUrl is given", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, baseUrl: undefined, region: "eu-de" }).GET!("/v1/open");
    expect(sent[0]!.url).toBe("https://eu-de.api.example.com/base/v1/open");
  });

  it("sends client-level headers on every call", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, headers: { "X-Trace": "t1" } }).GET!("/v1/open");
    expect(sent[0]!.headers["x-trace"]).toBe("t1");
  });

  it("checks credentials at creation, before any call", () => {
    expect(() => testClient({ credentials: { bearerAuth: 5 } })).toThrowError(expect.objectContaining({ field: "credentials.bearerAuth" }));
  });

  it("uses globalThis.fetch when no fetch is given", async () => {
    const saved = globalThis.fetch;
    const { sent, fetch } = fakeFetch();
    globalThis.fetch = fetch;
    try {
      await testClient().GET!("/v1/open");
    } finally {
      globalThis.fetch = saved;
    }
    expect(sent).toHaveLength(1);
  });
});

describe("calls", () => {
  it("refuses a path that is not an operation of the service", async () => {
    const error = await thrown(() => testClient().GET!("/v1/nope"));
    expect(error).toMatchObject({ field: "path", message: expect.stringContaining("GET /v1/nope is not an operation of test-v1") });
    expect(await thrown(() => testClient().PUT!("/v1/open"))).toBeInstanceOf(InputError);
  });

  it("sends each method as itself", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.DELETE!("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t" } } });
    await client.HEAD!("/v1/open");
    expect(sent.map((s) => s.init.method)).toEqual(["DELETE", "HEAD"]);
  });

  it("defaults a body's Content-Type to the first documented media type", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/keys", { body: { a: 1 } });
    await testClient({ fetch }).POST!("/v1/form", { body: { a: "1 2", b: "x&y" } });
    expect(sent.map((s) => [s.headers["content-type"], s.init.body])).toEqual([
      ["application/json", '{"a":1}'],
      ["application/x-www-form-urlencoded", "a=1+2&b=x%26y"],
    ]);
  });

  it("a caller's Content-Type replaces the default rather than joining it", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/form", { body: { a: 1 }, headers: { "content-type": "application/json" } });
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(sent[0]!.init.body).toBe('{"a":1}');
  });

  it("a null Content-Type counts as none", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/form", { body: { a: 1 }, headers: { "Content-Type": null } });
    expect(sent).toHaveLength(1);
  });

  it("accepts a documented vendor Content-Type, in any header spelling or a Headers object", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.POST!("/v1/keys", { body: { a: 1 }, headers: { "content-type": "application/vnd.test+json" } });
    await client.POST!("/v1/keys", { body: { a: 1 }, headers: new Headers({ "Content-Type": "application/vnd.test+json" }) });
    expect(sent.map((s) => s.headers["content-type"])).toEqual(["application/vnd.test+json", "application/vnd.test+json"]);
  });

  it("refuses an undocumented Content-Type, listing the documented ones", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    const error = await thrown(() => client.POST!("/v1/keys", { body: {}, headers: { "Content-Type": "text/plain" } }));
    expect(error).toMatchObject({ field: "Content-Type", message: expect.stringContaining("must be one of application/json, application/vnd.test+json") });
    const viaHeaders = await thrown(() => client.POST!("/v1/keys", { body: {}, headers: new Headers({ "Content-Type": "text/plain" }) }));
    expect(viaHeaders).toMatchObject({ field: "Content-Type" });
    expect(sent).toEqual([]);
  });

  it("ignores a Content-Type on a call without a body, and non-string header values", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!("/v1/open", { headers: { "Content-Type": "text/plain", "X-Empty": undefined } });
    await testClient({ fetch }).POST!("/v1/keys", { body: {}, headers: { "Content-Type": undefined, "X-A": "1" } });
    expect(sent[1]!.headers["content-type"]).toBe("application/json");
  });

  it("parses text responses as the document says, and the caller may override parseAs", async () => {
    const { fetch } = fakeFetch(() => new Response("plain text", { headers: { "content-type": "text/plain" } }));
    const client = testClient({ fetch });
    expect((await client.GET!("/v1/text")).data).toBe("plain text");
    const { fetch: jsonFetch } = fakeFetch(() => new Response('{"a":1}'));
    expect((await testClient({ fetch: jsonFetch }).GET!("/v1/text", { parseAs: "json" })).data).toEqual({ a: 1 });
  });

  it("passes the documented redirect mode to fetch unless the caller chooses one", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.GET!("/v1/open");
    await client.GET!("/v1/keys/{id}", { params: { path: { id: "k" } } });
    await client.GET!("/v1/open", { redirect: "manual" });
    expect(sent.map((s) => s.init.redirect)).toEqual(["error", "manual", "manual"]);
  });

  it("serializes queries as the operation declares them, and keeps reusing it", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    for (let i = 0; i < 2; i++) await client.GET!(LIST, { params: { query: { tags: ["a", "b c"], ids: [1, 2], q: "x&y=z", skip: undefined } } });
    expect(sent.map((s) => new URL(s.url).search)).toEqual(Array(2).fill("?tags=a,b%20c&ids=1&ids=2&q=x%26y%3Dz"));
  });

  it("a per-call bound header overrides the bound one", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, bind: { instance_id: "i", "Tenant-Id": "t-1" } }).GET!("/v1/open", { params: { header: { "Tenant-Id": "t-2" } } });
    expect(sent[0]!.headers["tenant-id"]).toBe("t-2");
  });
});

describe("serializeQuery", () => {
  it("returns nothing for no query", () => {
    expect(serializeQuery(undefined, {})).toBe("");
    expect(serializeQuery({ a: undefined, b: null }, {})).toBe("");
  });
  it("encodes names and values, so a value cannot add a parameter", () => {
    expect(serializeQuery({ "a b": "1&c=2", n: 3, t: true }, {})).toBe("a%20b=1%26c%3D2&n=3&t=true");
  });
  it("explodes arrays unless the parameter says explode: false", () => {
    expect(serializeQuery({ a: ["x", "y"], b: ["x,", "y"] }, { b: { style: "form", explode: false } })).toBe("a=x&a=y&b=x%2C,y");
    expect(serializeQuery({ a: ["x"] }, { a: { style: "form", explode: true } })).toBe("a=x");
  });
});

describe("edge cases the runtime must keep", () => {
  it("a service without bound parameters says so when one is given", async () => {
    const { createServiceClient } = await import("../../runtime/core/create-client.js");
    const { meta } = await import("./harness.js");
    expect(() => createServiceClient({ ...meta, bind: [] }, { baseUrl: "https://h.example", bind: { x: 1 } })).toThrowError(
      expect.objectContaining({ field: "bind.x", rule: "unknown", message: expect.stringContaining("not a bound parameter; expected one of (none)") }),
    );
  });

  it("a HEAD response is not parsed as a body", async () => {
    const { fetch } = fakeFetch(() => new Response('{"a":1}', { headers: { "content-type": "application/json" } }));
    const result = await testClient({ fetch }).HEAD!("/v1/open");
    expect(result.data).toBeUndefined();
    expect(result.response.status).toBe(200);
  });

  it("an error response whose JSON body is null is returned as such", async () => {
    const { fetch } = fakeFetch(() => new Response("null", { status: 404, headers: { "content-type": "application/json" } }));
    const result = await testClient({ fetch }).GET!("/v1/open");
    expect(result.error).toBeNull();
    expect(result.response.status).toBe(404);
  });

  it("a provider in an alternative with static credentials is still asked on every call", async () => {
    const provider = vi.fn(async () => "u-token");
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { apiKey: "k", userToken: provider, session: "s" } });
    for (let i = 0; i < 3; i++) await client.POST!("/v1/keys", { body: {} });
    expect(provider).toHaveBeenCalledTimes(3);
    expect(sent.map((s) => s.headers["x-auth-user-token"])).toEqual(Array(3).fill("u-token"));
  });

  it("static credentials are reused from the first call on later calls", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    for (let i = 0; i < 3; i++) await client.GET!("/v1/either");
    expect(sent.map((s) => s.headers.authorization)).toEqual(Array(3).fill("Bearer bearer-TOKEN-5b7e21"));
  });
});
