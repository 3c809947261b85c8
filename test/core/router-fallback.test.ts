// Defect found while classifying sender.ts:169 `state.request === request` -> false: after a middleware
// replaced the Request, the router fallback (sender.ts lateCall) tries the URL path's suffixes
// longest first, from the origin's root, so where the base URL's path plus the called template spell
// another operation's path, the call is taken for that other operation (its retry policy, security
// and operation name apply).
import { expect, it } from "vitest";
import { createServiceClient } from "../../runtime/core/create-client.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { fakeFetch } from "./harness.js";

it("a Request a middleware replaced is still the operation called, where the base URL's path and the template spell another operation's path", async () => {
  const plain = { security: [], requestMediaTypes: ["application/json"], parseAs: "json", redirect: "error", query: {} } as const;
  const nested: ServiceMeta = {
    id: "nested-v1",
    servers: [{ name: "public", url: "https://api.example.com/v1", variables: {} }],
    bind: [],
    securitySchemes: {},
    operations: {
      "GET /open": { ...plain, operationId: "open" },
      "GET /v1/open": { ...plain, operationId: "nestedOpen", retry: { statuses: [503], maxAttempts: 3, backoffMs: 0, maxWaitMs: 0 } },
    },
  };
  const { sent, fetch } = fakeFetch(() => new Response("busy", { status: 503 }));
  const client = createServiceClient(nested, { fetch, clock: { sleep: async () => undefined, now: () => 0 } }) as any;
  client.use({ onRequest: ({ request }: { request: Request }) => new Request(request.url, { method: request.method, headers: request.headers }) });
  expect((await client.GET("/open")).response.status).toBe(503);
  expect(sent).toHaveLength(1);
});
