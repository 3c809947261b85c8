/** How credentials become headers: per scheme kind, per alternative, checked before anything is sent. */
import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { checkCredentials, createCredentialResolver } from "../../runtime/core/credentials.js";
import { InputError } from "../../runtime/core/errors.js";
import { allCredentials, fakeFetch, meta, SECRET, testClient, thrown } from "./harness.js";

const schemes = meta.securitySchemes;
const render = (e: unknown) => [String(e), (e as Error).stack, JSON.stringify(e), inspect(e)].join("\n");

describe("headers per scheme", () => {
  it("sends header API keys and a cookie for an AND alternative", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/keys", { body: { a: 1 } });
    expect(sent[0]!.headers).toMatchObject({
      "x-apikey": SECRET.apiKey,
      "x-auth-user-token": SECRET.userToken,
      cookie: `sid=${SECRET.session}`,
      "content-type": "application/json",
    });
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(sent[0]!.init.body).toBe('{"a":1}');
  });

  it("joins two cookie schemes into one Cookie header", async () => {
    const two = { ...schemes, other: { type: "apiKey", in: "cookie", name: "o" } } as const;
    const headers = await createCredentialResolver(two, { session: "s1", other: "o1" })([["session", "other"]]);
    expect(headers).toEqual({ Cookie: "sid=s1; o=o1" });
  });

  it("sends Bearer and Basic as Authorization", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.GET!("/v1/either");
    await client.POST!("/v1/token", { body: {} });
    expect(sent.map((s) => s.headers.authorization)).toEqual([
      `Bearer ${SECRET.bearer}`,
      `Basic ${Buffer.from(`${SECRET.username}:${SECRET.password}`).toString("base64")}`,
    ]);
  });

  it("uses the first alternative whose schemes all have credentials", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch, credentials: { apiKey: SECRET.apiKey } }).GET!("/v1/either");
    expect(sent[0]!.headers["x-apikey"]).toBe(SECRET.apiKey);
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it("sends no credential headers when no alternative is complete, and none on open operations", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { apiKey: SECRET.apiKey } });
    await client.POST!("/v1/keys", { body: {} });
    await testClient({ fetch }).GET!("/v1/open");
    for (const s of sent) expect(Object.keys(s.headers).sort()).toEqual(s.init.method === "POST" ? ["content-type"] : []);
  });

  it("lets an explicit per-call header win over a credential", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!("/v1/either", { headers: new Headers({ Authorization: "Bearer mine" }) });
    expect(sent[0]!.headers.authorization).toBe("Bearer mine");
  });

  it("calls a provider per request, and turns static credentials into headers once", async () => {
    let n = 0;
    const provider = vi.fn(async () => `tok-${++n}`);
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { bearerAuth: provider } });
    await client.GET!("/v1/either");
    await client.GET!("/v1/either");
    expect(sent.map((s) => s.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-2"]);
    const resolver = createCredentialResolver(schemes, { apiKey: "k" });
    const security = [["apiKey"]];
    const first = await resolver(security);
    expect(resolver(security)).toBe(first);
  });

  it("skips a scheme the document does not define", async () => {
    expect(await createCredentialResolver({}, { ghost: "g" })([["ghost"]])).toEqual({});
  });
});

describe("provider results", () => {
  it.each([
    ["CR/LF", `${SECRET.bearer}\r\nX-Injected: 1`],
    ["LF", `${SECRET.bearer}\nX: 1`],
    ["NUL", `${SECRET.bearer}\0`],
  ])("a provider returning %s is refused by an InputError naming the scheme, never echoing the token", async (_n, token) => {
    const { sent, fetch } = fakeFetch();
    const error = await thrown(() => testClient({ fetch, credentials: { bearerAuth: async () => token } }).GET!("/v1/either"));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "credentials.bearerAuth", message: expect.stringContaining("must not contain CR, LF or NUL") });
    expect(render(error)).not.toContain(SECRET.bearer);
    expect(sent).toEqual([]);
  });

  it("a header API key provider is checked the same way", async () => {
    const error = await thrown(() =>
      testClient({ credentials: { ...allCredentials, apiKey: () => `${SECRET.apiKey}\r\n` } }).POST!("/v1/keys", { body: {} }),
    );
    expect(error).toMatchObject({ field: "credentials.apiKey", message: expect.stringContaining("must not contain CR, LF or NUL") });
    expect(render(error)).not.toContain(SECRET.apiKey);
  });

  it.each([
    ["an empty string", ""],
    ["blanks", "   "],
  ])("a provider returning %s is refused", async (_n, token) => {
    const error = await thrown(() => testClient({ credentials: { bearerAuth: () => token } }).GET!("/v1/either"));
    expect(error).toMatchObject({ field: "credentials.bearerAuth", message: expect.stringContaining("must not be empty") });
  });

  it("a provider returning something other than a string is refused", async () => {
    const error = await thrown(() => testClient({ credentials: { bearerAuth: () => 42 } }).GET!("/v1/either"));
    expect(error).toMatchObject({ field: "credentials.bearerAuth", message: expect.stringContaining("credential provider must return a string") });
  });
});

describe("checks at creation", () => {
  it("refuses an unknown scheme, naming the known ones", () => {
    expect(() => checkCredentials(schemes, { nope: "x" })).toThrowError(
      expect.objectContaining({ field: "credentials.nope", message: expect.stringContaining("unknown security scheme; expected one of bearerAuth, basicAuth, apiKey, userToken, session") }),
    );
    expect(() => checkCredentials({}, { nope: "x" })).toThrowError(expect.objectContaining({ message: expect.stringContaining("unknown security scheme; expected one of (none)") }));
  });

  it("accepts undefined for a known scheme and a provider function", () => {
    expect(() => checkCredentials(schemes, { bearerAuth: undefined, apiKey: () => "k" })).not.toThrow();
  });

  it.each([
    [{ bearerAuth: 5 }, "credentials.bearerAuth", "must be a string or a function returning one"],
    [{ bearerAuth: "" }, "credentials.bearerAuth", "must not be empty"],
    [{ bearerAuth: " \t" }, "credentials.bearerAuth", "must not be empty"],
    [{ apiKey: "a\rb" }, "credentials.apiKey", "must not contain CR, LF or NUL"],
    [{ basicAuth: null }, "credentials.basicAuth", "must be { username: string, password: string }"],
    [{ basicAuth: { username: "u" } }, "credentials.basicAuth", "must be { username: string, password: string }"],
    [{ basicAuth: { password: "p" } }, "credentials.basicAuth", "must be { username: string, password: string }"],
    [{ basicAuth: { username: "u\n", password: "p" } }, "credentials.basicAuth", "must not contain CR, LF or NUL"],
    [{ basicAuth: { username: "u", password: "p\0" } }, "credentials.basicAuth", "must not contain CR, LF or NUL"],
    [{ basicAuth: { username: "", password: "p" } }, "credentials.basicAuth.username", "must not be empty"],
  ])("refuses %j", (credentials, field, rule) => {
    expect(() => checkCredentials(schemes, credentials)).toThrowError(expect.objectContaining({ name: "InputError", field, message: expect.stringContaining(rule) }));
  });

  it("accepts an empty Basic password", () => {
    expect(() => checkCredentials(schemes, { basicAuth: { username: "u", password: "" } })).not.toThrow();
  });
});
