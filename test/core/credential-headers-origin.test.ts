/**
 * Issue 23 defect 2: client-level and per-call headers that carry credentials (Authorization,
 * Proxy-Authorization, Cookie, the document's apiKey header names) follow the origin rule of
 * `credentials` on every operation, including those without a security requirement.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

const ELSEWHERE = "https://elsewhere.example.org/base";

describe.each(["Authorization", "authorization", "Proxy-Authorization", "Cookie", "X-ApiKey", "x-auth-user-token"])("a %s header", (name) => {
  it.each(["GET /v1/open", "GET /v1/either", "POST /v1/form"])("given at creation, is never sent to another origin by %s", async (key) => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {}, headers: { [name]: "cred-VALUE-1" } });
    const [method, path] = key.split(" ") as [string, string];
    const error = await thrown(() => client[method]!(path, { baseUrl: ELSEWHERE, body: method === "POST" ? { a: "1" } : undefined }));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "baseUrl", rule: "origin" });
    expect(sent).toEqual([]);
  });

  it("given per call, is never sent to another origin", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {} });
    const error = await thrown(() => client.GET!("/v1/open", { baseUrl: ELSEWHERE, headers: new Headers({ [name]: "cred-VALUE-2" }) }));
    expect(error).toMatchObject({ field: "baseUrl", rule: "origin" });
    expect(sent).toEqual([]);
  });

  it("is sent to the configured origin, also through a per-call baseUrl there", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {}, headers: { [name]: "cred-VALUE-3" } });
    await client.GET!("/v1/open", { baseUrl: "https://api.example.com/other" });
    expect(sent[0]!.headers[name.toLowerCase()]).toBe("cred-VALUE-3");
  });
});

describe("headers that carry no credential", () => {
  it("go with an open operation to another origin", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {}, headers: { "X-Trace": "1" } });
    await client.GET!("/v1/open", { baseUrl: ELSEWHERE, headers: { Accept: "application/json" } });
    expect(sent[0]!.url).toBe(`${ELSEWHERE}/v1/open`);
    expect(sent[0]!.headers["x-trace"]).toBe("1");
  });

  it("a credential header removed per call (null) no longer binds the call to the origin", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {}, headers: { Authorization: "Bearer abc" } });
    await client.GET!("/v1/open", { baseUrl: ELSEWHERE, headers: { Authorization: null } });
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });
});

describe("credential headers in every per-call form", () => {
  it.each([
    ["a record", { AUTHORIZATION: "Bearer abc" }],
    ["pairs", [["Cookie", "sid=1"]]],
  ])("as %s, bind the call to the configured origin", async (_form, headers) => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, credentials: {} }).GET!("/v1/open", { baseUrl: ELSEWHERE, headers }));
    expect(error).toMatchObject({ field: "baseUrl", rule: "origin" });
    expect(sent).toEqual([]);
  });

  it("as a header parameter named like an API-key header, bind the call too", async () => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, credentials: {}, validate: false }).GET!("/v1/open", { baseUrl: ELSEWHERE, params: { header: { "X-ApiKey": "k" } } }));
    expect(error).toMatchObject({ field: "baseUrl", rule: "origin" });
    expect(sent).toEqual([]);
  });

  it("an undefined credential header (client-level or per call) carries nothing and does not bind the call", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, credentials: {}, headers: { Authorization: undefined } }).GET!("/v1/open", { baseUrl: ELSEWHERE, headers: { Cookie: undefined } });
    expect(sent).toHaveLength(1);
  });
});
