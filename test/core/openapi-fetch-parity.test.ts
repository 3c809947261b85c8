/**
 * Issue 24: the generated client is an openapi-fetch client. For each option openapi-fetch's
 * docs describe, our client and a bare openapi-fetch client on the same stubbed fetch send the
 * same request and hand back the same result. Open operations, so no credential is added.
 */
import createClient, { type Middleware } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { asInit, testClient } from "./harness.js";

const BASE = "https://api.example.com/base";
type Answer = () => Response;

/** Both clients on one fetch double each; what each one sent, as url + method + headers + body. */
function pair(answer: Answer = () => Response.json({ ok: true })) {
  const sent: { ours: unknown[]; bare: unknown[] } = { ours: [], bare: [] };
  const stub = (into: unknown[]) => async (request: Request) => {
    const { url, init } = await asInit(request);
    into.push({ url, method: init.method, body: init.body, contentType: new Headers(init.headers).get("content-type") });
    return answer();
  };
  const ours = testClient({ fetch: stub(sent.ours) }) as any;
  const bare = createClient<any>({ baseUrl: BASE, fetch: stub(sent.bare) as typeof fetch }) as any;
  return { ours, bare, sent };
}

const TOPIC = "/v1/instances/{instance_id}/topics/{id}";
const topicPath = { instance_id: "inst-1", id: "t 1" };

describe("openapi-fetch parity", () => {
  it.each([
    ["array form, explode", { array: { style: "form", explode: true } }],
    ["array form, no explode", { array: { style: "form", explode: false } }],
    ["array spaceDelimited", { array: { style: "spaceDelimited", explode: false } }],
    ["array pipeDelimited", { array: { style: "pipeDelimited", explode: false } }],
    ["object deepObject", { object: { style: "deepObject", explode: true } }],
    ["object form, no explode", { object: { style: "form", explode: false } }],
    ["allowReserved", { allowReserved: true }],
  ])("querySerializer object form: %s", async (_name, querySerializer) => {
    const { ours, bare, sent } = pair();
    const init = { params: { query: { tags: ["a", "b/c"], filter: { state: "on", kind: "x" }, q: "a&b" } }, querySerializer };
    await ours.GET("/v1/open", init);
    await bare.GET("/v1/open", init);
    expect(sent.ours).toEqual(sent.bare);
    expect(sent.ours).toHaveLength(1);
  });

  it("querySerializer function form", async () => {
    const { ours, bare, sent } = pair();
    const init = { params: { query: { a: 1 } }, querySerializer: (q: Record<string, unknown>) => `custom=${Object.keys(q).join(",")}` };
    await ours.GET("/v1/open", init);
    await bare.GET("/v1/open", init);
    expect(sent.ours).toEqual(sent.bare);
    expect((sent.ours[0] as { url: string }).url).toBe(`${BASE}/v1/open?custom=a`);
  });

  it("pathSerializer per call", async () => {
    const { ours, bare, sent } = pair();
    const pathSerializer = (path: string, params: Record<string, unknown>) => path.replace(/\{(\w+)\}/g, (_, n: string) => `:${String(params[n])}`);
    await ours.GET(TOPIC, { params: { path: topicPath }, pathSerializer });
    await bare.GET(TOPIC, { params: { path: topicPath }, pathSerializer });
    expect(sent.ours).toEqual(sent.bare);
    expect((sent.ours[0] as { url: string }).url).toContain("/topics/:t%201");
  });

  it.each(["text", "blob", "arrayBuffer", "stream", "json"] as const)("parseAs %s", async (parseAs) => {
    const { ours, bare } = pair(() => new Response('{"a":"b"}', { headers: { "content-type": "application/json" } }));
    const read = async (data: unknown) =>
      data instanceof Blob ? await data.text() : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : data instanceof ReadableStream ? await new Response(data).text() : data;
    const a = await ours.GET("/v1/open", { parseAs });
    const b = await bare.GET("/v1/open", { parseAs });
    expect(await read(a.data)).toEqual(await read(b.data));
    expect(a.response.status).toBe(b.response.status);
  });

  it("bodySerializer per call", async () => {
    const { ours, bare, sent } = pair();
    const init = { body: { a: 1 }, bodySerializer: (body: unknown) => `wrapped:${JSON.stringify(body)}`, headers: { "Content-Type": "application/json" } };
    await ours.POST("/v1/form", init);
    await bare.POST("/v1/form", init);
    expect(sent.ours).toEqual(sent.bare);
    expect((sent.ours[0] as { body: string }).body).toBe('wrapped:{"a":1}');
  });

  it("middleware: onRequest in order, onResponse and onError in reverse, a Response from onRequest short-circuits", async () => {
    const run = async (client: any) => {
      const log: string[] = [];
      const mw = (name: string): Middleware => ({
        onRequest: ({ request, schemaPath }) => void log.push(`req ${name} ${request.method} ${schemaPath}`),
        onResponse: ({ response }) => void log.push(`res ${name} ${response.status}`),
        onError: ({ error }) => {
          // Ours reports a failed transport as a ConnectionError whose cause is what the transport threw.
          const failure = (error as Error).name === "ConnectionError" ? ((error as Error).cause as Error) : (error as Error);
          log.push(`err ${name} ${failure.message}`);
          return name === "a" ? new Response("recovered", { status: 299 }) : undefined;
        },
      });
      client.use(mw("a"), mw("b"));
      const result = await client.GET("/v1/open", { parseAs: "text" });
      log.push(`data ${String(result.data)}`);
      return log;
    };
    const failing = () => {
      throw new TypeError("network down");
    };
    const { ours, bare } = pair(failing);
    expect(await run(ours)).toEqual(await run(bare));
    expect(await run(pair().ours)).toEqual(await run(pair().bare));

    const short: Middleware = { onRequest: () => new Response("short", { status: 202 }) };
    const both = pair();
    both.ours.use(short);
    both.bare.use(short);
    const a = await both.ours.GET("/v1/open", { parseAs: "text" });
    const b = await both.bare.GET("/v1/open", { parseAs: "text" });
    expect([a.data, a.response.status]).toEqual([b.data, b.response.status]);
    expect(both.sent.ours).toEqual([]);
  });

  it("per-call middleware runs after the client's", async () => {
    const { ours, bare } = pair();
    const log: unknown[][] = [[], []];
    const mw = (i: number, name: string): Middleware => ({ onRequest: () => void log[i]!.push(name) });
    ours.use(mw(0, "client"));
    bare.use(mw(1, "client"));
    await ours.GET("/v1/open", { middleware: [mw(0, "call")] });
    await bare.GET("/v1/open", { middleware: [mw(1, "call")] });
    expect(log[0]).toEqual(log[1]);
    expect(log[0]).toEqual(["client", "call"]);
  });

  it("client.request takes the method in any case", async () => {
    const { ours, bare, sent } = pair();
    await ours.request("get", "/v1/open", { params: { query: { a: "1" } } });
    await bare.request("get", "/v1/open", { params: { query: { a: "1" } } });
    expect(sent.ours).toEqual(sent.bare);
  });

  it("a per-call fetch is the fetch used", async () => {
    const { ours, bare, sent } = pair();
    const seen: string[][] = [[], []];
    const perCall = (i: number) => async (request: Request) => (seen[i]!.push(`${request.method} ${request.url}`), Response.json({ from: "per-call" }));
    const a = await ours.GET("/v1/open", { fetch: perCall(0) });
    const b = await bare.GET("/v1/open", { fetch: perCall(1) });
    expect(seen[0]).toEqual(seen[1]);
    expect(a.data).toEqual(b.data);
    expect(sent.ours).toEqual([]);
  });

  it("a per-call baseUrl on the same origin", async () => {
    const { ours, bare, sent } = pair();
    await ours.GET("/v1/open", { baseUrl: "https://api.example.com/other/" });
    await bare.GET("/v1/open", { baseUrl: "https://api.example.com/other/" });
    expect(sent.ours).toEqual(sent.bare);
    expect((sent.ours[0] as { url: string }).url).toBe("https://api.example.com/other/v1/open");
  });

  it("error bodies: JSON parsed, text kept", async () => {
    for (const body of ['{"code":"x"}', "plain"]) {
      const { ours, bare } = pair(() => new Response(body, { status: 418 }));
      const a = await ours.GET("/v1/open");
      const b = await bare.GET("/v1/open");
      expect(a.error).toEqual(b.error);
    }
  });
});

describe("a per-call fetch (openapi-fetch's transport, not ours)", () => {
  it("gets no credentials, and is refused redirect: follow with credential headers", async () => {
    const seen: Request[] = [];
    const perCall = async (request: Request) => (seen.push(request), Response.json({}));
    const client = testClient({ fetch: async () => Response.json({}) }) as any;
    await client.GET("/v1/either", { fetch: perCall });
    expect(seen[0]!.headers.has("authorization")).toBe(false);
    const refused = await client.GET("/v1/open", { fetch: perCall, redirect: "follow", headers: { "X-ApiKey": "k-1" } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "InputError", field: "redirect", rule: "origin" });
    expect(seen).toHaveLength(1);
  });
});
