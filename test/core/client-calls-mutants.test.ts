/**
 * What one call does on its way through the client (relay.ts, call-state.ts, request-guard.ts,
 * sender.ts), for the behaviours the mutation run found untested: the rule check's view of the
 * body, default labels, per-call fetch and bodySerializer, the router fallback after a middleware
 * replaced the Request, and the origin guard on what actually leaves. Counts, never times.
 */
import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../runtime/core/create-client.js";
import { InputError } from "../../runtime/core/errors.js";
import type { RequestChecker } from "../../runtime/core/request-guard.js";
import type { RequestParts } from "../../runtime/core/rules.js";
import type { Clock, RetryMeta } from "../../runtime/core/retry.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { allCredentials, fakeFetch, meta, testClient, thrown } from "./harness.js";

const instant: Clock = { sleep: async () => undefined, now: () => 0 };
const policy: RetryMeta = { statuses: [503], maxAttempts: 3, backoffMs: 10, maxWaitMs: 1000 };
const withRetry = (keys: string[]): ServiceMeta => ({
  ...meta,
  operations: Object.fromEntries(Object.entries(meta.operations).map(([key, op]) => [key, keys.includes(key) ? { ...op, retry: policy } : op])),
});
const base = { baseUrl: "https://api.example.com/base", bind: { instance_id: "inst-1" } };
const busyThenOk = () => {
  let count = 0;
  return fakeFetch(() => (++count === 1 ? new Response("busy", { status: 503 }) : Response.json({ ok: true })));
};

/** A client whose rule check records what it was given. */
function checkedClient(options: Record<string, unknown> = {}) {
  const checked: { operation: string; request: RequestParts }[] = [];
  const checker: RequestChecker = { check: (operation, request) => void checked.push({ operation, request }) };
  const { sent, fetch } = fakeFetch();
  const client = createServiceClient(meta, { ...base, credentials: allCredentials, fetch, ...options }, async () => checker) as any;
  return { client, checked, sent };
}

describe("the rule check's view of a call (request-guard.ts)", () => {
  it("sees the body as the caller gave it when our serializer wrote it", async () => {
    const { client, checked } = checkedClient();
    const body = { name: "k", when: new Date(0) };
    await client.POST("/v1/keys", { body });
    expect(checked[0]!.request.body).toBe(body);
  });

  it("sees the sent JSON when the caller brings a bodySerializer", async () => {
    const { client, checked, sent } = checkedClient();
    await client.POST("/v1/keys", { body: { name: "k" }, bodySerializer: (b: object) => JSON.stringify({ ...b, extra: true }) });
    expect(checked[0]!.request.body).toEqual({ name: "k", extra: true });
    expect(sent[0]!.init.body).toBe('{"name":"k","extra":true}');
  });

  it("sees the fields of a form or multipart body a caller's serializer wrote", async () => {
    const { client, checked } = checkedClient();
    const form = new URLSearchParams([["a", "1"], ["b", "2"], ["b", "3"]]);
    await client.POST("/v1/form", { body: {}, bodySerializer: () => form.toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const multipart = new FormData();
    multipart.append("file", "text");
    await client.POST("/v1/form", { body: multipart, bodySerializer: (b: FormData) => b });
    expect(checked.map((c) => c.request.body)).toEqual([{ a: "1", b: ["2", "3"] }, { file: "text" }]);
  });

  it("sees the bound header parameters with the call's own", async () => {
    const { client, checked } = checkedClient({ bind: { instance_id: "inst-1", "Tenant-Id": "t-1" } });
    await client.GET("/v1/open", { params: { header: { "X-Req": "r" } } });
    expect(checked[0]!.request.header).toEqual({ "Tenant-Id": "t-1", "X-Req": "r" });
  });

  it("sees the body as the caller gave it when the caller brings only a fetch", async () => {
    const { client, checked } = checkedClient();
    const own = fakeFetch();
    const body = { name: "k", when: new Date(0) };
    await client.POST("/v1/keys", { body, fetch: own.fetch });
    expect(checked[0]!.request.body).toBe(body);
    expect(own.sent).toHaveLength(1);
  });

  it("refuses a body without a Content-Type, naming the header", async () => {
    const { client, sent } = checkedClient();
    const error = await thrown(() => client.POST("/v1/keys", { body: "x", bodySerializer: () => new Uint8Array([1]), headers: { "Content-Type": null } }));
    expect([error?.constructor, error?.field]).toEqual([InputError, "Content-Type"]);
    expect(sent).toHaveLength(0);
  });

  it("sees the bound path parameters with the call's own", async () => {
    const { client, checked } = checkedClient();
    await client.GET("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t-1" } } });
    expect(checked[0]!.request.path).toEqual({ instance_id: "inst-1", id: "t-1" });
  });

  it("refuses a Content-Type the operation does not take, naming it", async () => {
    const { client, sent } = checkedClient();
    const error = await thrown(() => client.POST("/v1/keys", { body: "x", bodySerializer: (b: string) => b, headers: { "Content-Type": "text/plain" } }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.field).toBe("Content-Type");
    expect(sent).toHaveLength(0);
  });
});

describe("labels and headers of a call (relay.ts, call-state.ts)", () => {
  it("drops a caller's multipart Content-Type (it lacks the boundary) and keeps the other headers, from Headers or a record", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch });
    const body = () => {
      const form = new FormData();
      form.append("a", "1");
      return form;
    };
    const headers = new Headers({ "Content-Type": "multipart/form-data", "X-Trace": "t-1" });
    await client.POST!("/v1/form", { body: body(), headers });
    await client.POST!("/v1/form", { body: body(), headers: { "content-type": "multipart/form-data", "X-Trace": "t-2" } });
    expect(sent.map((s) => [s.headers["content-type"]!.startsWith("multipart/form-data; boundary="), s.headers["x-trace"]])).toEqual([
      [true, "t-1"],
      [true, "t-2"],
    ]);
    expect(headers.get("content-type")).toBe("multipart/form-data");
  });

  it("drops a multipart Content-Type from a header record without sending its undefined values", async () => {
    const { sent, fetch } = fakeFetch();
    const form = new FormData();
    form.append("a", "1");
    await testClient({ fetch }).POST!("/v1/form", { body: form, headers: { "Content-Type": "multipart/form-data", "X-Optional": undefined } });
    expect(sent[0]!.headers).not.toHaveProperty("x-optional");
    expect(sent[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("labels an unlabelled body given Headers with the operation's first media type, keeping the caller's object", async () => {
    const { sent, fetch } = fakeFetch();
    const headers = new Headers({ "X-Trace": "t-1" });
    await testClient({ fetch }).POST!("/v1/form", { body: { a: "1" }, headers });
    expect([sent[0]!.headers["content-type"], sent[0]!.headers["x-trace"], sent[0]!.init.body]).toEqual(["application/x-www-form-urlencoded", "t-1", "a=1"]);
    expect(headers.has("content-type")).toBe(false);
  });

  it("a header record's undefined value is not sent when the body is labelled", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/form", { body: { a: "1" }, headers: { "X-Optional": undefined } });
    expect(sent[0]!.headers).not.toHaveProperty("x-optional");
  });

  it("labels an unlabelled body given a header record naming other headers", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/form", { body: { a: "1" }, headers: { "X-Trace": "t-1" } });
    expect([sent[0]!.headers["content-type"], sent[0]!.init.body]).toEqual(["application/x-www-form-urlencoded", "a=1"]);
  });

  it("a Content-Type unset with null names none: the operation's first media type labels the body", async () => {
    const { sent, fetch } = fakeFetch();
    await testClient({ fetch }).POST!("/v1/form", { body: { a: "1" }, headers: { "Content-Type": null } });
    expect([sent[0]!.headers["content-type"], sent[0]!.init.body]).toEqual(["application/x-www-form-urlencoded", "a=1"]);
  });

  it("a body to a path the document lacks is refused as an unknown operation", async () => {
    const error = await thrown(() => testClient({ fetch: fakeFetch().fetch }).POST!("/v1/nowhere", { body: { a: 1 } }));
    expect([error?.constructor, error?.field]).toEqual([InputError, "path"]);
  });
});

describe("per-call fetch and bodySerializer (request-guard.ts)", () => {
  it('follows redirects for a call carrying a credential header when the client\'s own fetch sends it, with or without a caller\'s bodySerializer', async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {}, headers: { "X-ApiKey": "lvl-KEY-1" } });
    await client.GET!("/v1/keys/{id}", { params: { path: { id: "k" } }, redirect: "follow" });
    await client.POST!("/v1/keys", { body: { a: 1 }, bodySerializer: JSON.stringify, redirect: "follow" });
    expect(sent.map((s) => [s.init.method, s.headers["x-apikey"]])).toEqual([
      ["GET", "lvl-KEY-1"],
      ["POST", "lvl-KEY-1"],
    ]);
  });

  it('refuses redirect: "follow" with credential headers through a per-call fetch, naming the option', async () => {
    const own = fakeFetch();
    const error = await thrown(() => testClient({ fetch: fakeFetch().fetch }).GET!("/v1/open", { fetch: own.fetch, redirect: "follow", headers: { "X-ApiKey": "mine" } }));
    expect([error?.constructor, error?.field]).toEqual([InputError, "redirect"]);
    expect(error.message).toMatch(/per-call fetch/);
    expect(own.sent).toHaveLength(0);
  });

  it("a per-call fetch sends a caller's credential header when the call does not follow redirects", async () => {
    const own = fakeFetch();
    await testClient({ fetch: fakeFetch().fetch, credentials: {} }).GET!("/v1/open", { fetch: own.fetch, headers: { "X-ApiKey": "mine" } });
    expect(own.sent.map((s) => s.headers["x-apikey"])).toEqual(["mine"]);
  });

  it("a caller's fetch and bodySerializer together send the call as openapi-fetch does, without our credentials", async () => {
    const ours = fakeFetch();
    const own = fakeFetch();
    const client = testClient({ fetch: ours.fetch });
    const result = await client.POST!("/v1/keys", { body: { a: 1 }, fetch: own.fetch, bodySerializer: (b: object) => JSON.stringify(b) });
    expect(result.response.status).toBe(200);
    expect([ours.sent.length, own.sent.length, own.sent[0]!.headers["x-apikey"]]).toEqual([0, 1, undefined]);
  });
});

describe("after a middleware replaced the Request (sender.ts)", () => {
  const replace = (client: any, to: (request: Request) => Request | Promise<Request>) => client.use({ onRequest: ({ request }: { request: Request }) => to(request) });

  it("refuses to send a protected call a middleware moved to another origin, without asking the token provider", async () => {
    let asked = 0;
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { bearerAuth: () => (asked++, "tok-12345678") } });
    replace(client, (r) => new Request(r.url.replace("api.example.com", "elsewhere.example.net"), { method: r.method, headers: r.headers }));
    const error = await thrown(() => client.GET!("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t" } } }));
    expect([error?.constructor, error?.field]).toEqual([InputError, "middleware"]);
    expect([asked, sent.length]).toEqual([0, 0]);
  });

  it("refuses to send an open call carrying a caller's credential header that a middleware moved to another origin", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: {} });
    replace(client, (r) => new Request(r.url.replace("api.example.com", "elsewhere.example.net"), { method: r.method, headers: r.headers }));
    const error = await thrown(() => client.GET!("/v1/open", { headers: { Authorization: "Token mine-1234" } }));
    expect([error?.constructor, error?.field]).toEqual([InputError, "middleware"]);
    expect(sent).toHaveLength(0);
  });

  it("sends a Request moved to a path the document lacks once, as it is", async () => {
    const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
    const client = createServiceClient(withRetry(["GET /v1/open"]), { ...base, fetch, clock: instant }) as any;
    replace(client, (r) => new Request(r.url.replace("/v1/open", "/v1/elsewhere"), { method: r.method, headers: r.headers }));
    const result = await client.GET("/v1/open");
    expect(result.response.status).toBe(503);
    expect(sent.map((s) => s.url)).toEqual(["https://api.example.com/base/v1/elsewhere"]);
  });

  it("retries a replaced bodiless Request of a retried operation", async () => {
    const { sent, fetch } = busyThenOk();
    const client = createServiceClient(withRetry(["GET /v1/open"]), { ...base, fetch, clock: instant }) as any;
    replace(client, (r) => new Request(r.url, { method: r.method, headers: { ...Object.fromEntries(r.headers), "X-Mw": "1" } }));
    const result = await client.GET("/v1/open");
    expect(result.data).toEqual({ ok: true });
    expect(sent.map((s) => [s.init.method, s.init.body, s.headers["x-mw"]])).toEqual([
      ["GET", undefined, "1"],
      ["GET", undefined, "1"],
    ]);
  });

  it("retries with the body a middleware wrote, and with the body a caller's bodySerializer wrote", async () => {
    const replaced = busyThenOk();
    const client = createServiceClient(withRetry(["POST /v1/form"]), { ...base, fetch: replaced.fetch, clock: instant }) as any;
    replace(client, async (r) => new Request(r.url, { method: r.method, headers: r.headers, body: `${await r.text()}&mw=1` }));
    await client.POST("/v1/form", { body: { a: "1" } });
    const serialized = busyThenOk();
    const other = createServiceClient(withRetry(["POST /v1/form"]), { ...base, fetch: serialized.fetch, clock: instant }) as any;
    await other.POST("/v1/form", { body: { a: "1" }, bodySerializer: () => "b=2", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect([...replaced.sent, ...serialized.sent].map((s) => s.init.body)).toEqual(["a=1&mw=1", "a=1&mw=1", "b=2", "b=2"]);
  });
});

describe("which operation a call is (request-guard.ts, sender.ts)", () => {
  const plain = { security: [], requestMediaTypes: ["application/json"], parseAs: "json", redirect: "error", query: {} } as const;
  // https://api.example.com/v1/open is "GET /open" on the base URL, and the path of "GET /v1/open" too.
  const nested: ServiceMeta = {
    id: "nested-v1",
    servers: [{ name: "public", url: "https://api.example.com/v1", variables: {} }],
    bind: [],
    securitySchemes: {},
    operations: { "GET /open": { ...plain, operationId: "open" }, "GET /v1/open": { ...plain, operationId: "nestedOpen", retry: policy } },
  };

  it("is the one called, even where the base URL's path and the template spell another operation's path", async () => {
    const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
    const client = createServiceClient(nested, { fetch, clock: instant }) as any;
    expect((await client.GET("/open")).response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it("is still the one called when a middleware replaced the Request (the router then reads the path under the base URL first)", async () => {
    const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
    const client = createServiceClient(nested, { fetch, clock: instant }) as any;
    client.use({ onRequest: ({ request }: { request: Request }) => new Request(request.url, { method: request.method, headers: request.headers }) });
    expect((await client.GET("/open")).response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });
});

describe("the token provider's signal (sender.ts)", () => {
  it("is one signal per attempt, however often the provider reads it", async () => {
    const seen: AbortSignal[] = [];
    const { fetch } = fakeFetch();
    const client = testClient({ fetch, credentials: { bearerAuth: (context: { signal: AbortSignal }) => (seen.push(context.signal, context.signal, context.signal), "tok-12345678") } });
    await client.GET!("/v1/either");
    expect(new Set(seen).size).toBe(1);
  });

  it("is let go once the provider has answered: a later abort of the call does not reach it", async () => {
    let providerSignal: AbortSignal | undefined;
    const controller = new AbortController();
    const { fetch } = fakeFetch(() => {
      controller.abort(new Error("stop"));
      return Response.json({});
    });
    const client = testClient({ fetch, credentials: { bearerAuth: ({ signal }: { signal: AbortSignal }) => ((providerSignal = signal), "tok-12345678") } });
    // The call ends with the caller's abort, as fetch's would (the deadline ends a call whatever its transport does).
    await expect(client.GET!("/v1/either", { signal: controller.signal })).rejects.toThrow("stop");
    expect(providerSignal!.aborted).toBe(false);
  });
});
