// x-pagination and x-retry as the runtime applies them, on a synthetic service.
import { describe, expect, it } from "vitest";
import { ApiError } from "cloud-interfaces/core";
import { createServiceClient } from "../../runtime/core/create-client.js";
import { PaginationError } from "../../runtime/core/paginate.js";
import type { Clock } from "../../runtime/core/retry.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { fakeFetch } from "../core/harness.js";

const base = { security: [], requestMediaTypes: ["application/json"], parseAs: "json", redirect: "error", query: {} } as const;
const meta = (pagination: object, retry?: object): ServiceMeta => ({
  id: "paging-v1",
  servers: [{ name: "public", url: "https://api.example.com", variables: {} }],
  bind: [],
  securitySchemes: {},
  operations: {
    "GET /items": { ...base, operationId: "listItems", pagination: { offsetParam: "offset", limitParam: "limit", items: "/items", ...pagination } as any },
    "POST /items": { ...base, operationId: "createItem", ...(retry ? { retry: retry as any } : {}) },
  },
});
const client = (m: ServiceMeta, fetch: typeof globalThis.fetch, extra: object = {}) => createServiceClient(m, { fetch, ...extra }) as any;
const collect = async (it: AsyncIterable<unknown>) => {
  const out = [];
  for await (const x of it) out.push(x);
  return out;
};
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe("paginate", () => {
  it("follows offsets until the total, sending the caller's limit", async () => {
    const { sent, fetch } = fakeFetch((url) => {
      const offset = Number(query(url).offset ?? 0);
      return Response.json({ items: [offset, offset + 1].filter((n) => n < 5), total: 5 });
    });
    expect(await collect(client(meta({ total: "/total" }), fetch).paginate("/items", { params: { query: { limit: 2 } } }))).toEqual([0, 1, 2, 3, 4]);
    expect(sent.map((s) => query(s.url))).toEqual([{ limit: "2" }, { limit: "2", offset: "2" }, { limit: "2", offset: "4" }]);
  });

  it("follows next links and refuses one that does not advance", async () => {
    const { fetch } = fakeFetch((url) => {
      const offset = Number(query(url).offset ?? 0);
      return Response.json({ items: [offset], next: { href: `https://api.example.com/items?offset=${offset === 0 ? 1 : 1}` } });
    });
    const walk = client(meta({ next: "/next/href" }), fetch).paginate("/items");
    await expect(collect(walk)).rejects.toThrow(PaginationError);
  });

  it("stops on a short page, and refuses a page that repeats the previous one (a server ignoring offset)", async () => {
    const short = fakeFetch(() => Response.json({ items: [1] }));
    expect(await collect(client(meta({}), short.fetch).paginate("/items", { params: { query: { limit: 10 } } }))).toEqual([1]);
    const stuck = fakeFetch(() => Response.json({ items: [1, 2] }));
    await expect(collect(client(meta({}), stuck.fetch).paginate("/items"))).rejects.toThrow(/repeats the previous page/);
    expect(stuck.sent).toHaveLength(2);
  });

  it("throws the ApiError of a failed page, and refuses an operation without x-pagination", async () => {
    const { fetch } = fakeFetch(() => Response.json({ error: "no" }, { status: 500 }));
    await expect(collect(client(meta({}), fetch).paginate("/items"))).rejects.toBeInstanceOf(ApiError);
    expect(() => client(meta({}), fetch).paginate("/nope")).toThrow(/not a paginated operation/);
  });
});

describe("retry", () => {
  const clock = (): Clock & { waits: number[] } => {
    const waits: number[] = [];
    return { waits, now: () => Date.parse("2026-11-23T00:00:00Z"), sleep: async (ms) => void waits.push(ms) };
  };
  const policy = { statuses: [409, 429], maxAttempts: 3, backoffMs: 100, maxWaitMs: 5000 };

  it("asks the token provider again for each attempt, and sends what it answered, with or without a body", async () => {
    const secured: ServiceMeta = {
      ...meta({}),
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      operations: {
        "GET /items": { ...base, operationId: "listItems", security: [["bearerAuth"]], retry: policy as any },
        "POST /items": { ...base, operationId: "createItem", security: [["bearerAuth"]], retry: policy as any },
      },
    };
    for (const method of ["GET", "POST"]) {
      let n = 0;
      const { sent, fetch } = fakeFetch(() => new Response("{}", { status: sent.length < 3 ? 429 : 200 }));
      const c = createServiceClient(secured, { fetch, clock: clock(), credentials: { bearerAuth: () => `tok-${++n}` } }) as any;
      await c[method]("/items", method === "POST" ? { body: {} } : {});
      expect(sent.map((s) => s.headers.authorization)).toEqual(["Bearer tok-1", "Bearer tok-2", "Bearer tok-3"]);
    }
  });

  it("retries only the documented statuses, honouring Retry-After, then hands the last answer over", async () => {
    const answers = [
      new Response("{}", { status: 429, headers: { "retry-after": "2" } }),
      new Response("{}", { status: 409 }),
      new Response("{}", { status: 409 }),
    ];
    const { sent, fetch } = fakeFetch(() => answers.shift()!);
    const c = clock();
    const result = await client(meta({}, policy), fetch, { clock: c }).POST("/items", { body: {} });
    expect(result.response.status).toBe(409);
    expect(sent).toHaveLength(3);
    expect(c.waits).toEqual([2000, 200]);
  });

  it("does not retry an undocumented status, a wait over maxWaitMs, or when the caller says retry: false", async () => {
    for (const [status, headers, extra] of [
      [500, {}, {}],
      [429, { "retry-after": "60" }, {}],
      [429, {}, { retry: false }],
    ] as const) {
      const { sent, fetch } = fakeFetch(() => new Response("{}", { status, headers }));
      await client(meta({}, policy), fetch, { clock: clock(), ...extra }).POST("/items", { body: {} });
      expect(sent, `${status}`).toHaveLength(1);
    }
  });

  it("refuses a retry option outside its range where it is given, at creation", () => {
    const { fetch } = fakeFetch();
    expect(() => client(meta({}, policy), fetch, { retry: { maxAttempts: 0 } })).toThrow(/retry.maxAttempts/);
  });
});

describe("retry as the KMS document declares it (409 on create except two reasons, 429 everywhere)", () => {
  const conflict = (code: string) =>
    Response.json({ metadata: { collectionType: "application/vnd.svc.kms.error+json", collectionTotal: 1 }, resources: [{ errorMsg: "Conflict", reasons: [{ code }] }] }, { status: 409, headers: { "content-type": "application/vnd.svc.kms.error+json" } });
  const create = async (answer: () => Response) => {
    const { createKmsV2Client } = await import("cloud-interfaces/kms-v2");
    const { sent, fetch } = fakeFetch(answer);
    const waits: number[] = [];
    const kms = createKmsV2Client({ baseUrl: "https://us-south.kms.example.com", fetch, credentials: { bearerAuth: "t" }, bind: { "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" }, clock: { now: () => 0, sleep: async (ms) => void waits.push(ms) } });
    const type = "application/vnd.svc.kms.key+json";
    const result = await kms.POST("/api/v2/keys", { body: { metadata: { collectionType: type, collectionTotal: 1 }, resources: [{ type, name: "k" }] } });
    return { sent: sent.length, waits, status: result.response.status };
  };

  it("retries an expired import token up to the policy's 5 attempts (the Go client's count, issue 37)", async () => {
    expect(await create(() => conflict("IMPORT_TOKEN_EXPIRED_ERR"))).toEqual({ sent: 5, waits: [1000, 2000, 4000, 8000], status: 409 });
  });

  it("hands a conflict no retry can cure to the caller at once", async () => {
    expect(await create(() => conflict("KEY_ALIAS_NOT_UNIQUE_ERR"))).toEqual({ sent: 1, waits: [], status: 409 });
  });
});
