/**
 * Issue 17 item 2: whatever the per-call options say (`redirect: "follow"`, per-call headers),
 * credentials reach the configured origin only. fetch itself strips only Authorization on a
 * cross-origin redirect; X-ApiKey, X-Auth-User-Token and Cookie would follow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingServer } from "../harness/recording-server.js";
import { RedirectError } from "../../runtime/core/errors.js";
import { SECRET, asInit, secretsIn, testClient } from "../core/harness.js";

type Server = Awaited<ReturnType<typeof recordingServer>>;
let elsewhere: Server;
let service: Server;
/** What the service does for the next request; reset by each test. */
let answer: (url: string) => { status: number; location?: string };

beforeAll(async () => {
  elsewhere = await recordingServer();
  service = await recordingServer((req, res) => {
    const { status, location } = answer(req.url);
    res.writeHead(status, { "content-type": "application/json", ...(location ? { location } : {}) }).end(JSON.stringify({ at: req.url }));
  });
});
afterAll(async () => {
  await elsewhere.close();
  await service.close();
});

const client = () => testClient({ baseUrl: `${service.url}/base`, timeoutMs: 3000 });
const reset = () => {
  elsewhere.requests.length = 0;
  service.requests.length = 0;
};

describe("per-call redirect: follow", () => {
  it.each([
    ["X-ApiKey / X-Auth-User-Token / Cookie", "POST", "/v1/keys", { body: { name: "k" } }],
    ["Authorization", "GET", "/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t" } } }],
    ["Basic Authorization", "POST", "/v1/token", { body: {} }],
  ])("never carries %s to another origin", async (_name, method, path, init) => {
    reset();
    answer = () => ({ status: 307, location: `${elsewhere.url}/stolen` });
    const outcome = await client()[method]!(path, { ...init, redirect: "follow" }).then(
      (r) => r.response.status,
      (e: Error) => e,
    );
    expect(elsewhere.requests, "requests that reached the other origin").toEqual([]);
    expect(service.requests).toHaveLength(1);
    expect(outcome).toBeInstanceOf(RedirectError);
    expect((outcome as Error).message).toMatch(/redirect to another origin refused/);
    expect(secretsIn(String(outcome) + (outcome as Error).stack)).toEqual([]);
    expect((outcome as Error).message).not.toContain(elsewhere.url);
  });

  it("does not carry caller-supplied credential headers to another origin on an open operation either", async () => {
    reset();
    answer = () => ({ status: 302, location: `${elsewhere.url}/stolen` });
    const outcome = await client().GET!("/v1/open", { redirect: "follow", headers: { "X-Auth-User-Token": SECRET.userToken } }).then(
      () => "followed",
      (e: Error) => e.name,
    );
    expect(outcome).toBe("RedirectError");
    expect(elsewhere.requests).toEqual([]);
  });

  it("follows redirects within the configured origin, keeping method and credentials on 307/308", async () => {
    reset();
    answer = (url) =>
      url.endsWith("/v1/keys") ? { status: 307, location: "/base/v1/keys2" } : url.endsWith("/keys2") ? { status: 308, location: `${service.url}/final` } : { status: 201 };
    const result = await client().POST!("/v1/keys", { body: { name: "k" }, redirect: "follow" });
    expect(result.response.status).toBe(201);
    expect(result.data).toEqual({ at: "/final" });
    expect(service.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", "/base/v1/keys", '{"name":"k"}'],
      ["POST", "/base/v1/keys2", '{"name":"k"}'],
      ["POST", "/final", '{"name":"k"}'],
    ]);
    for (const r of service.requests) expect(r.headers["x-apikey"]).toBe(SECRET.apiKey);
  });

  it.each([301, 302, 303])("turns a POST into a GET without body on %i, as fetch does", async (status) => {
    reset();
    answer = (url) => (url === "/base/v1/keys" ? { status, location: "/next" } : { status: 200 });
    const result = await client().POST!("/v1/keys", { body: { name: "k" }, redirect: "follow" });
    expect(result.response.status).toBe(200);
    expect(service.requests.map((r) => [r.method, r.body, r.headers["content-type"]])).toEqual([
      ["POST", '{"name":"k"}', "application/json"],
      ["GET", "", undefined],
    ]);
  });

  it("keeps HEAD a HEAD on 303", async () => {
    reset();
    answer = (url) => (url === "/base/v1/open" ? { status: 303, location: "/next" } : { status: 200 });
    const result = await client().HEAD!("/v1/open", { redirect: "follow" });
    expect(result.response.status).toBe(200);
    expect(service.requests.map((r) => [r.method, r.url])).toEqual([
      ["HEAD", "/base/v1/open"],
      ["HEAD", "/next"],
    ]);
  });

  it("stops after 20 redirects like fetch, and says so", async () => {
    reset();
    answer = () => ({ status: 302, location: "/loop" });
    const error = await client().GET!("/v1/open", { redirect: "follow" }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(RedirectError);
    expect(error!.message).toMatch(/too many redirects/);
    expect(service.requests).toHaveLength(21);
  });

  it("returns a redirect without Location as the response", async () => {
    reset();
    answer = () => ({ status: 302 });
    const result = await client().GET!("/v1/open", { redirect: "follow" });
    expect(result.response.status).toBe(302);
    expect(service.requests).toHaveLength(1);
  });

  it("a documented redirect is still returned to the caller by default (manual)", async () => {
    reset();
    answer = () => ({ status: 302, location: `${elsewhere.url}/x` });
    const result = await client().GET!("/v1/keys/{id}", { params: { path: { id: "k" } } });
    expect(result.response.status).toBe(302);
    expect(result.response.headers.get("location")).toBe(`${elsewhere.url}/x`);
    expect(elsewhere.requests).toEqual([]);
  });
});

describe("following within the origin (fetch double)", () => {
  const hops = (answers: Response[]) => {
    const seen: { url: string; init: RequestInit }[] = [];
    // openapi-fetch hands fetch one Request per hop.
    const fetch = async (request: Request) => (seen.push(await asInit(request)), answers.shift()!);
    return { seen, fetch };
  };

  it("refuses a Location that is not a URL, without echoing it", async () => {
    const { fetch } = hops([new Response(null, { status: 302, headers: { location: "http://[SECRET-loc" } })]);
    const error = await testClient({ fetch }).GET!("/v1/open", { redirect: "follow" }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toBe("redirect Location is not a URL");
  });

  it("drops the request-body headers when a 303 turns a POST into a GET, and keeps the others", async () => {
    const { seen, fetch } = hops([new Response(null, { status: 303, headers: { location: "/next" } }), new Response("{}")]);
    const bodyHeaders = { "Content-Language": "en", "Content-Encoding": "identity", "Content-Location": "/x", "Content-Length": "9", "X-Keep": "1" };
    await testClient({ fetch }).POST!("/v1/keys", { body: { a: 1 }, headers: bodyHeaders, redirect: "follow" });
    const [first, second] = seen.map((s) => Object.fromEntries(new Headers(s.init.headers)));
    expect(first).toMatchObject({ "content-language": "en", "content-type": "application/json", "x-keep": "1" });
    expect(Object.keys(second!).sort()).toEqual(["cookie", "x-apikey", "x-auth-user-token", "x-keep"]);
    expect(seen.map((s) => [s.init.method, s.init.body, s.init.redirect])).toEqual([
      ["POST", '{"a":1}', "manual"],
      ["GET", undefined, "manual"],
    ]);
  });

  it("keeps a DELETE a DELETE on 302, as fetch does", async () => {
    const { seen, fetch } = hops([new Response(null, { status: 302, headers: { location: "/next" } }), new Response(null, { status: 204 })]);
    await testClient({ fetch }).DELETE!("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "t" } }, redirect: "follow" });
    expect(seen.map((s) => [s.init.method, s.url])).toEqual([
      ["DELETE", "https://api.example.com/base/v1/instances/inst-1/topics/t"],
      ["DELETE", "https://api.example.com/next"],
    ]);
  });

  it("releases the body of each redirect it follows", async () => {
    let cancelled = 0;
    const body = () => new ReadableStream({ cancel: () => void cancelled++ });
    const { fetch } = hops([
      new Response(body(), { status: 301, headers: { location: "/a" } }),
      new Response(body(), { status: 307, headers: { location: "/b" } }),
      new Response("{}"),
    ]);
    await testClient({ fetch }).GET!("/v1/open", { redirect: "follow" });
    expect(cancelled).toBe(2);
  });

  it("does not treat a 3xx outside the redirect statuses as a redirect", async () => {
    const { seen, fetch } = hops([new Response(null, { status: 304, headers: { location: "/a" } })]);
    const result = await testClient({ fetch }).GET!("/v1/open", { redirect: "follow" });
    expect(result.response.status).toBe(304);
    expect(seen).toHaveLength(1);
  });
});
