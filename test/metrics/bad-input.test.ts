// Bad input sent straight through the generated client: the mock must reject each one, and
// the metrics client (runtime/metrics) must reject the same input before sending where it can tell.
import { describe, expect, it } from "vitest";
import { createMetricsV1Client } from "cloud-interfaces/metrics-v1";
import { InputError } from "cloud-interfaces/core";
import { createMetricsClient } from "cloud-interfaces/metrics-v1";
import { iamToken, uaaToken } from "cloud-interfaces/metrics-v1";
import { mockUrl } from "../harness/mocks.js";

const GOOD_TOKEN = "iam eyJhbGciOiJSUzI1NiJ9.e30.c2ln";
const SPACE = "s-667fadfc-1c2d-4e5f-9f0e-cf4123451095";

function raw(userToken?: string) {
  return createMetricsV1Client({
    baseUrl: mockUrl("metrics-v1"),
    // These cases test the mock's verdict, so the client's own check is off.
    validate: false,
    ...(userToken === undefined ? {} : { credentials: { userToken } }),
  });
}

/** The mock's verdict: status plus the violation codes and locations it reported. */
function violations(response: Response): string {
  return response.headers.get("sl-violations") ?? "";
}

async function clientRejects(fn: () => unknown, field: string, rule: string) {
  const error = await Promise.resolve()
    .then(fn)
    .then(
      () => expect.fail(`expected an InputError on ${field}`),
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(InputError);
  expect(error).toMatchObject({ field, rule });
}

describe("bad input is rejected by the mock and by the client", () => {
  it("a good request passes, so the rejections below are about the bad part", async () => {
    const { response } = await raw(GOOD_TOKEN).GET("/v1/metrics", { params: { query: { target: ["a.b"] } } });
    expect(response.status).toBe(200);
    expect(violations(response)).toBe("");
  });

  // Issue 14 item 22: §5B makes a token the service cannot read the not-authorized case. The
  // mock cannot judge a token (it only checks that one is present), so the request must pass its
  // validation and the documented 401 must be reachable; the client refuses such values itself.
  it.each(["bearer abc", "iam", "iam ", "IAM abc", "apikeyabc"])("malformed token header %j: not a 400, the documented 401", async (value) => {
    const { response, error } = await raw(value).GET("/v1/metrics", { params: { query: { target: ["a.b"] } }, headers: { Prefer: "code=401" } });
    expect(violations(response)).toBe("");
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ status: 401, errors: [{ code: "unauthorized" }] });
  });

  it("malformed token header: the client cannot build one", async () => {
    // The helpers add the kind prefix themselves and refuse empty or prefixed secrets.
    await clientRejects(() => iamToken(""), "X-Auth-User-Token", "required");
    await clientRejects(() => iamToken("iam abc"), "X-Auth-User-Token", "noKindPrefix");
    await clientRejects(() => createMetricsClient({ token: "bearer abc" as never }), "X-Auth-User-Token", "type");
  });

  it("missing token: 401 (the not-authorized case, §5B)", async () => {
    const { response, error } = await raw().GET("/v1/metrics", { params: { query: { target: ["a.b"] } } });
    expect(response.status).toBe(401);
    expect(error).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  it("six targets: 400 from the mock, InputError from the client", async () => {
    const target = ["a.1", "a.2", "a.3", "a.4", "a.5", "a.6"];
    const { response } = await raw(GOOD_TOKEN).GET("/v1/metrics", { params: { query: { target } } });
    expect(response.status).toBe(400);
    expect(violations(response)).toContain("maxItems");
    const metrics = createMetricsClient({ token: iamToken("t0ken"), baseUrl: mockUrl("metrics-v1") });
    await clientRejects(() => metrics.retrieve({ targets: target }), "target", "maxItems");
  });

  it("missing target: 400 from the mock, InputError from the client", async () => {
    // @ts-expect-error target is required by the document, so the types refuse its absence too
    const { response } = await raw(GOOD_TOKEN).GET("/v1/metrics", { params: { query: {} } });
    expect(response.status).toBe(400);
    expect(violations(response)).toMatch(/required.*target/);
    const metrics = createMetricsClient({ token: iamToken("t0ken"), baseUrl: mockUrl("metrics-v1") });
    await clientRejects(() => metrics.retrieve({ targets: [] }), "target", "minItems");
  });

  it("missing delete pattern: 400 from the mock, InputError from the client", async () => {
    // @ts-expect-error query is required by the document
    const { response } = await raw(GOOD_TOKEN).DELETE("/v1/metrics/list", { params: { query: {} } });
    expect(response.status).toBe(400);
    expect(violations(response)).toMatch(/required.*query/);
    const metrics = createMetricsClient({ token: iamToken("t0ken"), baseUrl: mockUrl("metrics-v1") });
    await clientRejects(() => metrics.delete(undefined as unknown as string), "query", "required");
  });

  it("empty send body: 400 from the mock, InputError from the client", async () => {
    const { response } = await raw(GOOD_TOKEN).POST("/v1/metrics", { body: [] as never });
    expect(response.status).toBe(400);
    expect(violations(response)).toContain("minItems");
    const metrics = createMetricsClient({ token: iamToken("t0ken"), baseUrl: mockUrl("metrics-v1") });
    await clientRejects(() => metrics.send([]), "body", "minItems");
  });

  it("space GUID without the s- prefix: 400 from the mock, InputError from the client", async () => {
    const { response } = await raw(GOOD_TOKEN).GET("/v1/metrics/list", {
      params: { header: { "X-Auth-Scope-Id": SPACE.slice(2) } },
    });
    expect(response.status).toBe(400);
    expect(violations(response)).toMatch(/x-auth-scope-id.*pattern/i);
    await clientRejects(() => uaaToken("t0ken", SPACE.slice(2)), "X-Auth-Scope-Id", "pattern");
  });

  it("uaa token without a space GUID: only the client can tell (the document cannot tie a header to the token kind)", async () => {
    await clientRejects(() => uaaToken("t0ken", undefined as unknown as string), "X-Auth-Scope-Id", "requiredWithUaa");
  });
});
