/**
 * Issue 17 item 4: redaction by value as well as by key name. Every configured secret and
 * every credential header value is masked wherever it appears in an ApiError or InputError.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiError, InputError } from "../../runtime/core/errors.js";
import { maskSecrets, redact, REDACTED, secretsOf } from "../../runtime/core/redact.js";
import { unwrap } from "../../runtime/core/unwrap.js";
import { allCredentials, fakeFetch, SECRET, secretsIn, testClient, thrown } from "./harness.js";

const renderings = (e: unknown) => [String(e), (e as Error).message, (e as Error).stack ?? "", JSON.stringify(e), inspect(e, { depth: 20 })].join("\n");

describe("redact by key name", () => {
  it.each([
    "access_token", "refresh_token", "id_token", "token", "client_secret", "password", "assertion", "code_verifier",
    "apikey", "api_key", "key", "secret", "authorization", "Authorization", "payload", "x-auth-user-token", "X-ApiKey",
    "cookie", "set-cookie", "proxy-authorization",
  ])("masks a value under %s whatever it is", (name) => {
    expect(redact({ [name]: "not-a-known-secret", keep: "x" })).toEqual({ [name]: REDACTED, keep: "x" });
  });

  it("keeps keys that merely contain a secret-ish word", () => {
    const body = { tokens_left: 3, keyword: "k", passwordless: true, authorization_url: "https://x", monkey: "m", max_token: 5 };
    expect(redact(body)).toEqual(body);
  });

  it("walks arrays and nested objects, leaving other values as they are", () => {
    expect(redact([{ a: [{ token: "t", n: 1, b: true, z: null }] }, "s", 2])).toEqual([{ a: [{ token: REDACTED, n: 1, b: true, z: null }] }, "s", 2]);
  });

  it("stops at a depth limit instead of recursing forever", () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 30; i++) cursor = (cursor.next = {}) as Record<string, unknown>;
    cursor.password = "deep-SECRET";
    cursor.note = "also deep";
    const out = JSON.stringify(redact(deep));
    expect(out).not.toContain("deep-SECRET");
    expect(out).not.toContain("also deep");
    expect(out).toContain(REDACTED);
    const shallow = { a: { b: { token: "t" } } };
    expect(redact(shallow)).toEqual({ a: { b: { token: REDACTED } } });
  });
});

describe("redact by value", () => {
  const secrets = [SECRET.bearer, SECRET.password];

  it("masks a secret inside a message, under any key, nested, and in keys", () => {
    const body = {
      message: `token ${SECRET.bearer} is expired`,
      details: [{ hint: `pw=${encodeURIComponent(SECRET.password)}` }],
      [`k-${SECRET.bearer}`]: 1,
    };
    const out = JSON.stringify(redact(body, secrets));
    expect(secretsIn(out)).toEqual([]);
    expect(out).toContain(`token ${REDACTED} is expired`);
    expect(out).toContain(`k-${REDACTED}`);
  });

  it("masks every occurrence, and leaves text without secrets unchanged", () => {
    expect(maskSecrets(`${SECRET.bearer}/${SECRET.bearer}`, secrets)).toBe(`${REDACTED}/${REDACTED}`);
    expect(maskSecrets("plain", secrets)).toBe("plain");
    expect(maskSecrets("plain", [])).toBe("plain");
  });

  it("masks a longer secret before a shorter one it contains", () => {
    expect(maskSecrets("abc-def", ["abc", "abc-def"])).toBe(REDACTED);
  });

  it("masks a secret with regular-expression characters literally", () => {
    expect(maskSecrets("x a.b*c y axbbc", ["a.b*c"])).toBe(`x ${REDACTED} y axbbc`);
  });

  it("masks Bearer and Basic credentials even when the secret is not known", () => {
    expect(maskSecrets("got Authorization: Bearer abc.DEF-123_~+/= ok", [])).toBe(`got Authorization: Bearer ${REDACTED} ok`);
    expect(maskSecrets("basic QWxhZGRpbjpvcGVu==", [])).toBe(`basic ${REDACTED}`);
    expect(maskSecrets("Bearer", [])).toBe("Bearer");
    expect(maskSecrets("Bearer short", [])).toBe("Bearer short");
    expect(maskSecrets("Bearer \t abcdefghij", [])).toBe("Bearer [redacted]");
    expect(maskSecrets("xBearer abcdefghij", [])).toBe("xBearer abcdefghij");
  });

  it("ignores empty secrets, and masks a secret only as a whole token (issue 23)", () => {
    expect(maskSecrets("abc", ["", "b"])).toBe("abc");
    expect(maskSecrets("a b c", ["", "b"])).toBe(`a ${REDACTED} c`);
  });
});

describe("ApiError", () => {
  it("masks the given secrets in body, message and correlation id, in every rendering", () => {
    const body = { errors: [{ message: `bad token ${SECRET.bearer}`, "x-auth-user-token": SECRET.userToken }], code: 401 };
    const error = new ApiError(`GET /x ${SECRET.apiKey}`, 401, body, `corr-${SECRET.password}`, [SECRET.bearer, SECRET.apiKey, SECRET.password]);
    expect(secretsIn(renderings(error))).toEqual([]);
    expect(error.body).toEqual({ errors: [{ message: `bad token ${REDACTED}`, "x-auth-user-token": REDACTED }], code: 401 });
    expect(error.correlationId).toBe(`corr-${REDACTED}`);
    expect(error.toJSON()).toMatchObject({ name: "ApiError", status: 401, operation: `GET /x ${REDACTED}` });
    expect(error.message).toBe(`GET /x ${REDACTED} failed with status 401 (correlation id corr-${REDACTED})`);
  });

  it("keeps a plain message and omits an absent correlation id", () => {
    const error = new ApiError("getTopic", 404, "not found");
    expect(error.message).toBe("getTopic failed with status 404");
    expect(error.body).toBe("not found");
    expect(error.name).toBe("ApiError");
    expect(error).toBeInstanceOf(Error);
  });

  it("finds the secrets of the call that produced the body", async () => {
    const { fetch } = fakeFetch((_url, init) =>
      Response.json({ message: `token ${new Headers(init.headers).get("x-auth-user-token")} refused`, cookie: "x" }, { status: 403 }),
    );
    const result = await testClient({ fetch }).POST!("/v1/keys", { body: {} });
    const error = new ApiError("createKey", 403, result.error);
    expect(secretsIn(renderings(error))).toEqual([]);
    expect(error.body).toEqual({ message: `token ${REDACTED} refused`, cookie: REDACTED });
  });
});

describe("errors from a client call", () => {
  const echo = () =>
    fakeFetch((url, init) => {
      const headers = Object.fromEntries(new Headers(init.headers));
      return new Response(JSON.stringify({ message: `you sent ${JSON.stringify(headers)} to ${url}`, echo: headers }), {
        status: 401,
        headers: { "content-type": "application/json", "correlation-id": headers.authorization ?? headers["x-apikey"] ?? "c" },
      });
    });

  it.each([
    ["header API keys and a cookie", "POST", "/v1/keys", { body: {} }],
    ["a bearer token", "GET", "/v1/either", {}],
    ["Basic credentials", "POST", "/v1/token", { body: {} }],
  ])("unwrap masks %s echoed anywhere in the body", async (_name, method, path, init) => {
    const { fetch } = echo();
    const result = await testClient({ fetch })[method]!(path, init);
    const error = await thrown(() => unwrap(result as never, "op"));
    expect(error).toBeInstanceOf(ApiError);
    expect(secretsIn(renderings(error))).toEqual([]);
    expect(renderings(error)).not.toContain(Buffer.from(`${SECRET.username}:${SECRET.password}`).toString("base64"));
  });

  it("unwrap masks a token resolved from a provider", async () => {
    const { fetch } = echo();
    const token = "provided-TOKEN-0042";
    const result = await testClient({ fetch, credentials: { bearerAuth: async () => token } }).GET!("/v1/either");
    const error = await thrown(() => unwrap(result as never, "either"));
    expect(renderings(error)).not.toContain(token);
    expect(JSON.stringify(error)).toContain(REDACTED);
  });

  it("unwrap masks a credential the caller put in per-call headers", async () => {
    const { fetch } = echo();
    const result = await testClient({ fetch, credentials: {} }).GET!("/v1/open", { headers: { Authorization: "Token custom-SECRET-88", "X-ApiKey": "caller-KEY-99" } });
    const error = await thrown(() => unwrap(result as never, "open"));
    expect(renderings(error)).not.toMatch(/custom-SECRET-88|caller-KEY-99/);
  });

  it("unwrap masks a secret echoed in a text body", async () => {
    const { fetch } = fakeFetch((_u, init) => new Response(`bad ${new Headers(init.headers).get("authorization")}!`, { status: 400 }));
    const result = await testClient({ fetch, credentials: { bearerAuth: "tok-TEXT-1" } }).GET!("/v1/either");
    const error = await thrown(() => unwrap(result as never));
    expect(renderings(error)).not.toContain("tok-TEXT-1");
    expect(error.body).toBe(`bad ${REDACTED}!`);
  });

  it("unwrap returns the data of a success and names the call's operation when none is given", async () => {
    const { fetch } = fakeFetch((url) => (url.endsWith("open") ? Response.json({ ok: 1 }) : Response.json({}, { status: 500 })));
    const client = testClient({ fetch });
    expect(unwrap((await client.GET!("/v1/open")) as never)).toEqual({ ok: 1 });
    const error = await thrown(async () => unwrap((await client.GET!("/v1/either")) as never));
    expect(error).toMatchObject({ operation: "either", status: 500 });
  });

  it("unwrap of a result from elsewhere names the URL path, and reads the correlation id", () => {
    const response = new Response("{}", { status: 502, headers: { "Correlation-ID": "c-1" } });
    Object.defineProperty(response, "url", { value: "https://h.example/base/v1/x?q=1" });
    expect(() => unwrap({ response, error: {} })).toThrowError(expect.objectContaining({ operation: "/base/v1/x", correlationId: "c-1" }));
    expect(() => unwrap({ response: new Response("", { status: 500 }) })).toThrowError(expect.objectContaining({ operation: "/", correlationId: undefined }));
  });

  it("an InputError never carries a configured secret", async () => {
    const error = new InputError(`credentials.${SECRET.bearer}`, `rule ${SECRET.bearer}`, undefined, [SECRET.bearer]);
    expect(renderings(error)).not.toContain(SECRET.bearer);
    // The field is data and stays exact (issue 23); only its renderings are masked.
    expect(error.field).toBe(`credentials.${SECRET.bearer}`);
  });
});

describe("secretsOf", () => {
  it("knows nothing about values the client never produced", () => {
    expect(secretsOf({})).toEqual([]);
    expect(secretsOf("text")).toEqual([]);
    expect(secretsOf(undefined)).toEqual([]);
  });
});

describe("secrets a client call knows", () => {
  const echoing = (text: (headers: Headers) => string) => fakeFetch((_u, init) => new Response(text(new Headers(init.headers)), { status: 400 }));
  const bodyOf = async (client: ReturnType<typeof testClient>, method: string, path: string, init = {}) =>
    (await thrown(async () => unwrap((await client[method]!(path, init)) as never))).body as string;

  it("masks a Basic user name and password echoed on their own", async () => {
    const { fetch } = echoing(() => `user ${SECRET.username} password ${SECRET.password}`);
    expect(await bodyOf(testClient({ fetch }), "POST", "/v1/token", { body: {} })).toBe(`user ${REDACTED} password ${REDACTED}`);
  });

  it("masks a provider's cookie value echoed without its name", async () => {
    const { fetch } = echoing((h) => `session ${h.get("cookie")!.split("=")[1]} expired`);
    const client = testClient({ fetch, credentials: { apiKey: "k-12345678", userToken: "u-12345678", session: () => "prov-SESSION-1" } });
    expect(await bodyOf(client, "POST", "/v1/keys", { body: {} })).toBe(`session ${REDACTED} expired`);
  });

  it("masks each value of a caller's multi-cookie header", async () => {
    const { fetch } = echoing(() => "a=first-COOKIE b=second-COOKIE");
    const client = testClient({ fetch, credentials: {} });
    expect(await bodyOf(client, "GET", "/v1/open", { headers: { Cookie: "a=first-COOKIE; b=second-COOKIE" } })).toBe(`a=${REDACTED} b=${REDACTED}`);
  });

  it("masks a provider's token echoed without its scheme, and a caller's Proxy-Authorization", async () => {
    const { fetch } = echoing((h) => `token ${h.get("authorization")!.slice(7)} / ${h.get("proxy-authorization")}`);
    const client = testClient({ fetch, credentials: { bearerAuth: () => "prov-TOKEN-7" } });
    expect(await bodyOf(client, "GET", "/v1/either", { headers: { "Proxy-Authorization": "pxy-SECRET-1" } })).toBe(`token ${REDACTED} / ${REDACTED}`);
  });

  it("masks credential headers given as client-level headers", async () => {
    const { fetch } = echoing((h) => `key ${h.get("x-apikey")}`);
    const client = testClient({ fetch, credentials: {}, headers: { "X-ApiKey": "lvl-KEY-1", "X-Other": "plain" } });
    expect(await bodyOf(client, "GET", "/v1/open")).toBe(`key ${REDACTED}`);
  });

  it("takes an undefined credential header as absent", async () => {
    const { fetch } = echoing(() => "fine");
    expect(await bodyOf(testClient({ fetch, credentials: {} }), "GET", "/v1/open", { headers: { Authorization: undefined } })).toBe("fine");
  });

  it("leaves other caller headers alone, including one named like a cookie API key", async () => {
    const { fetch } = echoing((h) => `trace ${h.get("x-trace")} ${h.get("sid")}`);
    expect(await bodyOf(testClient({ fetch }), "GET", "/v1/open", { headers: { "X-Trace": "trace-1234", sid: "sid-5678" } })).toBe("trace trace-1234 sid-5678");
  });

  it("masks the percent-encoded form of a secret", () => {
    expect(maskSecrets(`q=${encodeURIComponent("a b/c?")}`, ["a b/c?"])).toBe(`q=${REDACTED}`);
  });

  it("walks exactly 20 levels deep and replaces what is deeper", () => {
    const nest = (levels: number) => {
      const top: Record<string, unknown> = {};
      let cursor = top;
      for (let i = 1; i < levels; i++) cursor = (cursor.n = {}) as Record<string, unknown>;
      cursor.note = "kept";
      return top;
    };
    expect(JSON.stringify(redact(nest(21)))).toContain("kept");
    expect(JSON.stringify(redact(nest(22)))).not.toContain("kept");
    let arrays: unknown = ["deep"];
    for (let i = 0; i < 25; i++) arrays = [arrays];
    expect(JSON.stringify(redact(arrays))).not.toContain("deep");
  });

  it("masks a configured credential the call did not send", async () => {
    const { fetch } = echoing(() => `other key ${SECRET.apiKey} and ${SECRET.session}`);
    expect(await bodyOf(testClient({ fetch }), "GET", "/v1/either")).toBe("other key [redacted] and [redacted]");
  });

  it("a provider credential adds nothing but what it returned", async () => {
    const { fetch } = echoing(() => "value undefined, null and [object Object]");
    const client = testClient({ fetch, credentials: { bearerAuth: () => "tok-PROV-5" } });
    expect(await bodyOf(client, "GET", "/v1/either")).toBe("value undefined, null and [object Object]");
  });

  it("an InputError keeps a given message, masked", () => {
    const error = new InputError("f", "r", `custom ${SECRET.apiKey}`, [SECRET.apiKey]);
    expect(error.message).toBe(`custom ${REDACTED}`);
    expect(new InputError("f", "r").message).toBe("f: r");
  });
});
