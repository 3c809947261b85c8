// Defect found while classifying sender.ts:69 `call?.op.operationId ?? ""` (its "" survives): a Request
// that a middleware moved to a path the document lacks is remembered with operation "", so unwrap's
// fallback to the URL path (unwrap.ts: `context?.operation ?? pathname`) never applies and the
// ApiError reads ' failed with status 404' with an empty operation.
import { expect, it } from "vitest";
import { unwrap } from "../../runtime/core/unwrap.js";
import { fakeFetch, testClient, thrown } from "./harness.js";

it("an error answer to a Request a middleware moved off the document names something, not an empty operation", async () => {
  const { fetch } = fakeFetch(() => new Response("no", { status: 404 }));
  const client: any = testClient({ fetch });
  client.use({ onRequest: ({ request }: { request: Request }) => new Request(request.url.replace("/v1/open", "/v1/elsewhere"), { method: request.method, headers: request.headers }) });
  const error = await thrown(async () => unwrap(await client.GET("/v1/open")));
  // A fetch double's Response has no url, so unwrap's fallback would name "/" here; a real fetch gives the URL path.
  expect(error.operation).not.toBe("");
  expect(error.message).not.toMatch(/^ /);
});
