/** Issue 17 item 1: a path parameter is one whole segment; it can never change which resource is addressed. */
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { serializePath } from "../../runtime/core/path.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

const TOPIC = "/v1/instances/{instance_id}/topics/{id}";

describe("path parameters through the client", () => {
  it.each([
    [".", "params.path.id: must not be '.' or '..'", "dotSegment"],
    ["..", "params.path.id: must not be '.' or '..'", "dotSegment"],
    ["", "params.path.id: must not be empty", "minLength"],
  ])("refuses %j as a path parameter, naming it, and sends nothing", async (id, rule, keyword) => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch }).DELETE!(TOPIC, { params: { path: { id } } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "params.path.id", message: rule, rule: keyword });
    expect(sent).toEqual([]);
  });

  it("refuses a missing path parameter instead of sending the literal template", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch }).GET!(TOPIC, { params: { path: {} } }));
    expect(error).toMatchObject({ name: "InputError", field: "params.path.id", message: expect.stringContaining("is required") });
    const noParams = await thrown(() => testClient({ fetch }).GET!(TOPIC));
    expect(noParams).toMatchObject({ name: "InputError", field: "params.path.id" });
    expect(sent).toEqual([]);
  });

  it("refuses a null path parameter and an object or array value", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    expect(await thrown(() => client.GET!(TOPIC, { params: { path: { id: null } } }))).toMatchObject({ field: "params.path.id", message: expect.stringContaining("is required") });
    expect(await thrown(() => client.GET!(TOPIC, { params: { path: { id: { a: 1 } } } }))).toMatchObject({
      field: "params.path.id",
      rule: "type",
      message: "params.path.id: must be a string, number or boolean",
    });
    expect(await thrown(() => client.GET!(TOPIC, { params: { path: { id: ["a", "b"] } } }))).toMatchObject({ field: "params.path.id" });
    expect(sent).toEqual([]);
  });

  it.each([
    ["a/b", "a%2Fb"],
    ["../x", "..%2Fx"],
    ["a?b=c#d", "a%3Fb%3Dc%23d"],
    ["%2e%2e", "%252e%252e"],
    ["x y", "x%20y"],
    ["ü", "%C3%BC"],
    ["...", "..."],
    [".x", ".x"],
  ])("encodes %j as one segment (%s)", async (id, encoded) => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!(TOPIC, { params: { path: { id } } });
    expect(sent.map((s) => s.url)).toEqual([`https://api.example.com/base/v1/instances/inst-1/topics/${encoded}`]);
  });

  it("sends numbers and booleans as their text", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!(TOPIC, { params: { path: { id: 42 } } });
    await testClient({ fetch }).GET!(TOPIC, { params: { path: { id: false } } });
    expect(sent.map((s) => s.url.split("/").pop())).toEqual(["42", "false"]);
  });

  it("leaves the base URL alone even if it looks like a template", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, baseUrl: "https://api.example.com/{id}" }).GET!(TOPIC, { params: { path: { id: "t1" } } });
    // fetch's Request writes the braces percent-encoded: the same URL (WHATWG URL path percent-encode set).
    expect(decodeURI(sent[0]!.url)).toBe("https://api.example.com/{id}/v1/instances/inst-1/topics/t1");
  });
});

describe("bound path parameters", () => {
  it.each([".", "..", ""])("refuses %j at client creation, naming bind.instance_id", (value) => {
    const { fetch } = fakeFetch();
    expect(() => testClient({ fetch, bind: { instance_id: value } })).toThrowError(
      expect.objectContaining({ name: "InputError", field: "bind.instance_id" }),
    );
  });

  it("refuses a bound path parameter that is an object", () => {
    expect(() => testClient({ bind: { instance_id: { a: 1 } } })).toThrowError(expect.objectContaining({ field: "bind.instance_id" }));
  });

  it("refuses a per-call override of a bound parameter that is '..'", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch }).GET!(TOPIC, { params: { path: { id: "t", instance_id: ".." } } }));
    expect(error).toMatchObject({ name: "InputError", field: "params.path.instance_id" });
    expect(sent).toEqual([]);
  });

  it("refuses a call without params on a client without bound values", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, bind: {} }).GET!(TOPIC));
    expect(error).toMatchObject({ name: "InputError", field: "params.path.instance_id", rule: "required" });
    await testClient({ fetch, bind: {} }).GET!("/v1/open");
    expect(sent.map((s) => s.url)).toEqual(["https://api.example.com/base/v1/open"]);
  });

  it("refuses a call when a bound path parameter was never given", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, bind: {} }).GET!(TOPIC, { params: { path: { id: "t" } } }));
    expect(error).toMatchObject({ field: "params.path.instance_id", message: expect.stringContaining("is required") });
    expect(sent).toEqual([]);
  });

  it("encodes a bound parameter as one segment", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, bind: { instance_id: "a/../b" } }).GET!(TOPIC, { params: { path: { id: "t" } } });
    expect(sent[0]!.url).toBe("https://api.example.com/base/v1/instances/a%2F..%2Fb/topics/t");
  });

  it("a header-bound parameter is sent as a header", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, bind: { instance_id: "i", "Tenant-Id": "t-9" } }).GET!("/v1/open");
    expect(sent[0]!.headers["tenant-id"]).toBe("t-9");
  });
});

describe("serializePath", () => {
  it("fills every occurrence, including a parameter used twice", () => {
    expect(serializePath("/a/{x}/b/{x}/{y}", { x: "1", y: "2" })).toBe("/a/1/b/1/2");
  });
  it("returns a template without parameters unchanged", () => {
    expect(serializePath("/plain", undefined)).toBe("/plain");
  });
  it("does not interpret a value as a further template", () => {
    expect(serializePath("/{a}/{b}", { a: "{b}", b: "z" })).toBe("/%7Bb%7D/z");
  });
});
