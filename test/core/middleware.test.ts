// openapi-fetch middleware through the generated client: what use() promises, it does.
import type { Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { fakeFetch, testClient, thrown } from "./harness.js";

describe("middleware", () => {
  it("an auth-refresh middleware replaces an expired token and retries once", async () => {
    let token = "expired-1";
    const { sent, fetch } = fakeFetch((_url, init) =>
      new Headers(init.headers).get("authorization") === "Bearer fresh-2" ? Response.json({ ok: true }) : Response.json({ error: "expired" }, { status: 401 }),
    );
    const client = testClient({ fetch, credentials: {} }) as any;
    const refresh: Middleware = {
      onRequest({ request }) {
        request.headers.set("Authorization", `Bearer ${token}`);
        return request;
      },
      async onResponse({ request, response }) {
        if (response.status !== 401) return response;
        token = "fresh-2";
        const retried = new Request(request, { headers: new Headers(request.headers) });
        retried.headers.set("Authorization", `Bearer ${token}`);
        return fetch(retried.url, { method: retried.method, headers: retried.headers });
      },
    };
    client.use(refresh);
    const result = await client.GET("/v1/open");
    expect(result.response.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(sent.map((s) => s.headers.authorization)).toEqual(["Bearer expired-1", "Bearer fresh-2"]);
  });

  it("eject() returns the client to the plain path", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    const tag: Middleware = { onRequest: ({ request }) => (request.headers.set("X-Tag", "1"), request) };
    client.use(tag);
    await client.GET("/v1/open");
    client.eject(tag);
    await client.GET("/v1/open");
    expect(sent.map((s) => s.headers["x-tag"])).toEqual(["1", undefined]);
  });

  it("refuses a request a middleware sends with credentials to another origin", async () => {
    const { sent, fetch } = fakeFetch();
    const client = testClient({ fetch }) as any;
    client.use({ onRequest: ({ request }: { request: Request }) => new Request(request.url.replace("api.example.com", "evil.example.net"), request) });
    const error = await thrown(() => client.GET("/v1/either"));
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ field: "middleware", rule: "origin" });
    expect(sent).toEqual([]);
  });
});
