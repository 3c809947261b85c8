// The client is openapi-fetch's (issue 24): these are the parts of its calling convention users
// rely on, checked through a client over the synthetic service with the document's defaults.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { createServiceClient } from "../../runtime/core/create-client.js";
import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";
import { fakeFetch, meta, testClient, thrown, type TestClient } from "./harness.js";

const text = (body: string, init: ResponseInit = {}) => new Response(body, init);

describe("responses", () => {
  it("parses a JSON success, keeps an empty success body undefined, and HEAD and 204 never read a body", async () => {
    const answers = [Response.json({ a: 1 }), text(""), new Response(null, { status: 204 }), text("ignored", { headers: { "content-length": "7" } })];
    const { fetch } = fakeFetch(() => answers.shift()!);
    const client = testClient({ fetch });
    expect((await client.GET!("/v1/open")).data).toEqual({ a: 1 });
    expect((await client.GET!("/v1/open")).data).toBeUndefined();
    const noContent = await client.GET!("/v1/open");
    expect(noContent).toEqual({ data: undefined, response: noContent.response });
    const head = await client.HEAD!("/v1/open");
    expect(head.data).toBeUndefined();
    expect(head.response.bodyUsed).toBe(false);
  });

  it("a Content-Length of 0 means no body, on success and on error", async () => {
    const answers = [text("", { headers: { "content-length": "0" } }), text("", { status: 404, headers: { "content-length": "0" } })];
    const { fetch } = fakeFetch(() => answers.shift()!);
    const client = testClient({ fetch });
    const ok = await client.GET!("/v1/open");
    expect("data" in ok && ok.data === undefined).toBe(true);
    const missing = await client.GET!("/v1/open");
    expect("error" in missing && missing.error === undefined).toBe(true);
    expect(missing.data).toBeUndefined();
  });

  it("an error body is JSON when it parses and the text otherwise; parseAs applies to successes only", async () => {
    const answers = [Response.json({ code: "X" }, { status: 400 }), text("plain failure", { status: 500 }), text("hello"), Response.json({ n: 1 })];
    const { fetch } = fakeFetch(() => answers.shift()!);
    const client = testClient({ fetch });
    expect((await client.GET!("/v1/open")).error).toEqual({ code: "X" });
    expect((await client.GET!("/v1/open")).error).toBe("plain failure");
    expect((await client.GET!("/v1/text")).data).toBe("hello");
    const blob = await client.GET!("/v1/open", { parseAs: "blob" });
    expect(blob.data).toBeInstanceOf(Blob);
    expect(await (blob.data as Blob).text()).toBe('{"n":1}');
  });

  it("parseAs stream hands over the body unread", async () => {
    const { fetch } = fakeFetch(() => text("streamed"));
    const result = await testClient({ fetch }).GET!("/v1/open", { parseAs: "stream" });
    expect(result.data).toBeInstanceOf(ReadableStream);
    expect(await new Response(result.data as ReadableStream).text()).toBe("streamed");
  });
});

describe("request bodies and headers", () => {
  it("JSON bodies are serialized; URL-encoded form bodies become a query string; FormData passes through", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.POST!("/v1/form", { body: { grant_type: "client_credentials", scope: "a b" } });
    await client.POST!("/v1/form", { body: { a: 1 }, headers: { "Content-Type": "application/json" } });
    const form = new FormData();
    form.set("f", "v");
    await client.POST!("/v1/form", { body: form, bodySerializer: (b: unknown) => b });
    expect(sent[0]!.init.body).toBe("grant_type=client_credentials&scope=a+b");
    expect(sent[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent[1]!.init.body).toBe('{"a":1}');
    expect(sent[2]!.init.body).toContain('name="f"\r\n\r\nv');
  });

  it("a per-call bodySerializer is used, and sees the merged headers", async () => {
    const { sent, fetch } = fakeFetch();
    const seen: string[] = [];
    await testClient({ fetch }).POST!("/v1/form", {
      body: { x: 1 },
      bodySerializer: (body: unknown, headers: Headers) => (seen.push(headers.get("content-type")!), `custom:${JSON.stringify(body)}`),
    });
    // As openapi-fetch documents: the serializer sees the caller's merged headers (none here), not a default.
    expect(seen).toEqual([null]);
    expect(sent[0]!.init.body).toBe('custom:{"x":1}');
  });

  it("a header set to null is removed, an array is sent as a list, and later layers win", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, headers: { "X-Client": "c", "X-Drop": "d", "X-Layer": "client" } });
    await client.GET!("/v1/open", { headers: { "X-Drop": null, "X-Layer": "call", "X-Many": ["1", "2"] } });
    expect(sent[0]!.headers["x-client"]).toBe("c");
    expect(sent[0]!.headers["x-drop"]).toBeUndefined();
    expect(sent[0]!.headers["x-layer"]).toBe("call");
    expect(sent[0]!.headers["x-many"]).toBe("1, 2");
  });

  it("other RequestInit fields reach fetch; the client's own options do not", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).GET!("/v1/open", { cache: "no-store", keepalive: true, parseAs: "json", querySerializer: () => "" });
    expect(sent[0]!.init).toMatchObject({ cache: "no-store", keepalive: true, method: "GET" });
    expect(sent[0]!.init).not.toHaveProperty("parseAs");
    expect(sent[0]!.init).not.toHaveProperty("querySerializer");
    expect(sent[0]!.init).not.toHaveProperty("params");
  });

  it("request(method, path) is the same call as the method shortcut", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    await client.request("get", "/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t1" } } });
    expect(sent[0]!.url).toBe("https://api.example.com/base/v1/instances/inst-1/topics/t1");
    expect(sent[0]!.init.method).toBe("GET");
  });
});

describe("middleware hooks", () => {
  it("onRequest may answer the request itself: nothing is sent and onResponse is skipped", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    const calls: string[] = [];
    client.use({ onRequest: () => (calls.push("request"), Response.json({ cached: true })), onResponse: () => void calls.push("response") } satisfies Middleware);
    const result = await client.GET("/v1/open");
    expect(result.data).toEqual({ cached: true });
    expect(calls).toEqual(["request"]);
    expect(sent).toEqual([]);
  });

  it("onResponse runs in reverse order of registration and may replace the response", async () => {
    const { fetch } = fakeFetch(() => Response.json({ from: "server" }));
    const client = testClient({ fetch }) as any;
    const order: string[] = [];
    client.use(
      { onResponse: () => void order.push("first") },
      { onResponse: () => (order.push("second"), Response.json({ from: "middleware" })) },
    );
    expect((await client.GET("/v1/open")).data).toEqual({ from: "middleware" });
    expect(order).toEqual(["second", "first"]);
  });

  it("onError may turn a network failure into a response, or replace the error", async () => {
    const fail = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof globalThis.fetch;
    const recovered = testClient({ fetch: fail }) as any;
    recovered.use({ onError: () => Response.json({ offline: true }) });
    expect((await recovered.GET("/v1/open")).data).toEqual({ offline: true });

    const replaced = testClient({ fetch: fail }) as any;
    replaced.use({ onError: ({ error }: { error: unknown }) => new Error(`wrapped: ${(error as Error).message}`) });
    // The hook sees the failure as the client reports it: a ConnectionError whose cause is what fetch threw.
    expect((await thrown(() => replaced.GET("/v1/open")))?.message).toBe("wrapped: open: no answer: fetch failed");

    const untouched = testClient({ fetch: fail }) as any;
    untouched.use({ onError: () => undefined });
    const error = await thrown(() => untouched.GET("/v1/open"));
    expect(error).toMatchObject({ name: "ConnectionError", message: "open: no answer: fetch failed", cause: expect.objectContaining({ message: "fetch failed" }) });
  });

  it("a hook returning something else is an Error naming the hook (openapi-fetch's own check)", async () => {
    const { fetch } = fakeFetch();
    for (const [hook, bad] of [["onRequest", { not: "a request" }], ["onResponse", "text"]] as const) {
      const client = testClient({ fetch }) as any;
      client.use({ [hook]: () => bad });
      const error = await thrown(() => client.GET("/v1/open"));
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain(hook);
    }
    const failing = testClient({ fetch: (async () => Promise.reject(new Error("down"))) as unknown as typeof globalThis.fetch }) as any;
    failing.use({ onError: () => 42 });
    expect((await thrown(() => failing.GET("/v1/open")))?.message).toContain("onError");
  });

  it("middleware sees the path template, the params and the call's options, and can change the body", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    let seen: any;
    client.use({
      async onRequest(p: any) {
        seen = { schemaPath: p.schemaPath, params: p.params, baseUrl: p.options.baseUrl, parseAs: p.options.parseAs, id: p.id };
        const body = JSON.parse(await p.request.text());
        return new Request(p.request.url, { method: p.request.method, headers: p.request.headers, body: JSON.stringify({ ...body, added: true }) });
      },
    });
    await client.POST("/v1/keys", { params: { query: { q: 1 } }, body: { name: "k" } });
    expect(seen).toMatchObject({ schemaPath: "/v1/keys", params: { query: { q: 1 } }, baseUrl: "https://api.example.com/base", parseAs: "json" });
    expect(seen.id).toMatch(/^[a-z0-9]+$/);
    expect(sent[0]!.init.body).toBe('{"name":"k","added":true}');
  });

  it("per-call middleware runs after the client's, for that call only", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    const tag = (value: string): Middleware => ({ onRequest: ({ request }) => (request.headers.append("X-Tag", value), request) });
    client.use(tag("client"));
    await client.GET("/v1/open", { middleware: [tag("call")] });
    await client.GET("/v1/open");
    expect(sent.map((s) => s.headers["x-tag"])).toEqual(["client, call", "client"]);
  });

  it("use() refuses an entry with no hook, ignores empty ones, and eject() of an unknown entry changes nothing", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    expect(() => client.use({ onSomething() {} })).toThrow(/Middleware must be an object/);
    expect(() => client.use("x")).toThrow(/Middleware must be an object/);
    const tag: Middleware = { onRequest: ({ request }) => (request.headers.set("X-Tag", "1"), request) };
    client.use(undefined, tag);
    client.eject({ onRequest: () => undefined });
    await client.GET("/v1/open");
    expect(sent[0]!.headers["x-tag"]).toBe("1");
  });

  it("use() and eject() work before and after openapi-fetch has loaded (it loads with the request path), and a bad entry is an InputError either way", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    const tag = (value: string): Middleware => ({ onRequest: ({ request }) => (request.headers.append("X-Tag", value), request) });
    const [a, b, c] = [tag("a"), tag("b"), tag("c")];
    // Before the request path has loaded: queued in order, and an ejected one is gone.
    client.use(a, b);
    client.eject(a);
    expect(await thrown(() => client.use({}))).toBeInstanceOf(InputError);
    await client.GET("/v1/open");
    // After: handed to openapi-fetch.
    client.use(c);
    await client.GET("/v1/open");
    client.eject(b);
    await client.GET("/v1/open");
    expect(() => client.use({ onSomething() {} })).toThrow(InputError);
    expect(sent.map((s) => s.headers["x-tag"])).toEqual(["b", "b, c", "c"]);
  });
});

describe("media types", () => {
  it("a Content-Type with parameters is the documented type it names: accepted, and serialized as that type", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    await client.POST!("/v1/form", { body: { a: "1 2" }, headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" } });
    await client.POST!("/v1/keys", { body: { a: 1 }, headers: { "Content-Type": "Application/JSON; charset=utf-8" } });
    expect(sent.map((s) => [s.headers["content-type"], s.init.body])).toEqual([
      ["application/x-www-form-urlencoded; charset=UTF-8", "a=1+2"],
      ["Application/JSON; charset=utf-8", '{"a":1}'],
    ]);
  });

  it("a FormData body goes as multipart/form-data with the boundary fetch chooses, where the document allows it", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    const form = new FormData();
    form.set("token", "t");
    await client.POST!("/v1/form", { body: form });
    await client.POST!("/v1/form", { body: form, headers: { "Content-Type": "multipart/form-data" } });
    for (const s of sent) {
      // A caller's Content-Type would lack the boundary: the one fetch writes from the FormData is sent.
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(s.headers["content-type"]!)?.[1];
      expect(boundary).toBeDefined();
      expect(s.init.body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\nt`);
    }
    const refused = await thrown(() => client.POST!("/v1/keys", { body: form }));
    expect(refused).toMatchObject({ field: "Content-Type", rule: "enum" });
    expect(refused.message).toBe("Content-Type: must be one of application/json, application/vnd.test+json");
  });
});

describe("per-call options of openapi-fetch's RequestOptions", () => {
  const rules: ServiceRules = {
    schemas: {},
    operations: { "POST /v1/form": { body: { type: "object", required: ["token"], properties: { token: { type: "string", minLength: 1 } } } } },
  };
  const client = (fetch: typeof globalThis.fetch) =>
    createServiceClient(meta, { baseUrl: "https://api.example.com/base", fetch }, async () => ({
      check: (operation: string, request: RequestParts) => checkRequest(rules.operations[operation], rules.schemas, request),
    })) as unknown as TestClient;

  it("a per-call fetch sends that call, and only that call", async () => {
    const client = fakeFetch();
    const perCall = fakeFetch(() => Response.json({ via: "per-call" }));
    const c = testClient({ fetch: client.fetch });
    expect((await c.GET!("/v1/open", { fetch: perCall.fetch })).data).toEqual({ via: "per-call" });
    await c.GET!("/v1/open");
    expect([perCall.sent.length, client.sent.length]).toEqual([1, 1]);
  });

  it("checks a FormData or URLSearchParams body by its fields, as it checks an object", async () => {
    const { sent, fetch } = fakeFetch();
    const form = new FormData();
    form.set("token", "abc");
    await client(fetch).POST!("/v1/form", { body: form });
    await client(fetch).POST!("/v1/form", { body: new URLSearchParams({ token: "abc" }) });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.init.body).toBe("token=abc");
    expect(sent[1]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const empty = new FormData();
    empty.set("token", "");
    expect(await thrown(() => client(fetch).POST!("/v1/form", { body: new FormData() }))).toMatchObject({ field: "body.token", rule: "required" });
    expect(await thrown(() => client(fetch).POST!("/v1/form", { body: empty }))).toMatchObject({ field: "body.token", rule: "minLength" });
    expect(sent).toHaveLength(2);
  });
});
