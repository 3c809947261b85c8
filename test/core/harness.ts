/**
 * A small synthetic service for unit tests of runtime/core: every security scheme kind the
 * generator can emit, a bound path and header parameter, protected and open operations, and
 * a fetch double that records what the client would have sent.
 */
import { createServiceClient } from "../../runtime/core/create-client.js";
import type { OperationMeta, ServiceMeta } from "../../runtime/core/service-meta.js";

const op = (operationId: string, security: OperationMeta["security"], extra: Partial<OperationMeta> = {}): OperationMeta => ({
  operationId,
  security,
  requestMediaTypes: ["application/json"],
  parseAs: "json",
  redirect: "error",
  query: {},
  ...extra,
});

export const meta: ServiceMeta = {
  id: "test-v1",
  servers: [
    {
      name: "public",
      url: "https://{region}.api.example.com/base",
      variables: { region: { default: "us-south", enum: ["us-south", "eu-de"] } },
    },
    { name: "private", url: "https://private.{region}.api.example.com/base", variables: { region: { default: "eu-de" } } },
    {
      name: "staging",
      url: "https://{env}.{region}.example.com",
      variables: { env: { default: "stage" }, region: { default: "us-south" } },
    },
  ],
  bind: [
    { name: "instance_id", in: "path" },
    { name: "Tenant-Id", in: "header" },
  ],
  securitySchemes: {
    bearerAuth: { type: "http", scheme: "bearer" },
    basicAuth: { type: "http", scheme: "basic" },
    apiKey: { type: "apiKey", in: "header", name: "X-ApiKey" },
    userToken: { type: "apiKey", in: "header", name: "X-Auth-User-Token" },
    session: { type: "apiKey", in: "cookie", name: "sid" },
  },
  operations: {
    "GET /v1/instances/{instance_id}/topics/{id}": op("getTopic", [["bearerAuth"]]),
    "DELETE /v1/instances/{instance_id}/topics/{id}": op("deleteTopic", [["bearerAuth"]]),
    "GET /v1/instances/{instance_id}/topics": op("listTopics", [["bearerAuth"]], { query: { tags: { style: "form", explode: false }, ids: { style: "form", explode: true } } }),
    "POST /v1/keys": op("createKey", [["apiKey", "userToken", "session"]], { requestMediaTypes: ["application/json", "application/vnd.test+json"] }),
    "GET /v1/keys/{id}": op("getKey", [["apiKey", "userToken", "session"]], { redirect: "manual" }),
    "POST /v1/token": op("token", [["basicAuth"]]),
    "GET /v1/either": op("either", [["bearerAuth"], ["apiKey"]]),
    "GET /v1/open": op("open", []),
    "POST /v1/form": op("form", [], { requestMediaTypes: ["application/x-www-form-urlencoded", "application/json", "multipart/form-data"] }),
    "HEAD /v1/open": op("headOpen", []),
    "GET /v1/text": op("text", [], { parseAs: "text" }),
  },
};

export const SECRET = {
  bearer: "bearer-TOKEN-5b7e21",
  apiKey: "apikey-VALUE-c0ffee",
  userToken: "usertoken-VALUE-9a8b",
  session: "session-VALUE-77aa",
  username: "svc-user-31",
  password: "pass-WORD-e4d2",
};

export const allCredentials = {
  bearerAuth: SECRET.bearer,
  basicAuth: { username: SECRET.username, password: SECRET.password },
  apiKey: SECRET.apiKey,
  userToken: SECRET.userToken,
  session: SECRET.session,
};

export const secretsIn = (text: string) =>
  Object.values(SECRET).filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)));

export interface Sent {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

/** A fetch double: records each call and answers with `answer` (default 200 `{}`). */
export function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response> = () => Response.json({})) {
  const sent: Sent[] = [];
  const fetch = async (input: string | Request, given?: RequestInit) => {
    // The client hands fetch a Request and the call's deadline as init.signal; what they carry is recorded as url + init.
    const { url, init } = typeof input === "string" ? { url: input, init: given ?? {} } : await asInit(input, given);
    sent.push({ url, init, headers: Object.fromEntries(new Headers(init.headers)) });
    return answer(url, init);
  };
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** A Request (and the init beside it) as the (url, init) pair a test reads: headers, method, text body, signal and redirect mode. */
export async function asInit(request: Request, given?: RequestInit): Promise<{ url: string; init: RequestInit }> {
  const body = request.body === null ? undefined : await request.text();
  return { url: request.url, init: { method: request.method, headers: request.headers, body, signal: given?.signal ?? request.signal, redirect: request.redirect, cache: request.cache, keepalive: request.keepalive, credentials: request.credentials, mode: request.mode } };
}

export type TestClient = Record<string, (path: string, init?: any) => Promise<{ data?: any; error?: any; response: Response }>>;

export function testClient(options: Record<string, unknown> = {}): TestClient {
  return createServiceClient(meta, {
    baseUrl: "https://api.example.com/base",
    credentials: allCredentials,
    bind: { instance_id: "inst-1" },
    ...options,
  }) as unknown as TestClient;
}

/** Runs `fn` and returns what it threw (or undefined). */
export async function thrown(fn: () => unknown): Promise<any> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  return undefined;
}
