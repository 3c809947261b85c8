import { bundledDocument, pointer } from "../harness/documents.js";
import { resolve } from "../harness/responses.js";
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ApiError, InputError } from "cloud-interfaces/core";
import { createMetricsClient } from "cloud-interfaces/metrics-v1";
import { UserToken, apikeyToken, iamToken, uaaToken } from "cloud-interfaces/metrics-v1";
import { mockUrl } from "../harness/mocks.js";

// The bundled document: the rules and examples as the package ships them, whichever file holds them.
const doc = bundledDocument("metrics-v1");
const examples = (path: string, method: string) => resolve(doc, pointer("paths", path, method, "responses", "200")).content["application/json"].examples;

const SECRET = "s3cr3t-IAM-token";
const SPACE = "s-667fadfc-1c2d-4e5f-9f0e-cf4123451095";

/** Records every request and can add headers (e.g. Prefer) the wrapper does not expose. */
function recorder(extra: Record<string, string> = {}) {
  const sent: Request[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    for (const [k, v] of Object.entries(extra)) request.headers.set(k, v);
    sent.push(request.clone());
    return globalThis.fetch(request);
  };
  return { sent, fetch };
}

function client(token: UserToken, extra?: Record<string, string>) {
  const rec = recorder(extra);
  return { rec, metrics: createMetricsClient({ token, baseUrl: mockUrl("metrics-v1"), fetch: rec.fetch as never }) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (e: unknown) => e,
  );
}

async function inputRejection(promise: Promise<unknown>): Promise<unknown> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(InputError);
  return error;
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e;
  }
  return expect.fail("expected an InputError");
}

describe("metrics client over the mock", () => {
  it("retrieves series with a well-formed token and repeated targets", async () => {
    const { rec, metrics } = client(iamToken(SECRET));
    const series = await metrics.retrieve({ targets: ["app.web01.requests", "sumSeries(app.{web01,web02}.requests)"], from: "-6h" });
    expect(series).toEqual(examples("/v1/metrics", "get").series.value);
    const request = rec.sent[0]!;
    expect(request.headers.get("X-Auth-User-Token")).toBe(`iam ${SECRET}`);
    expect(request.headers.has("X-Auth-Scope-Id")).toBe(false);
    const url = new URL(request.url);
    expect(url.searchParams.getAll("target")).toEqual(["app.web01.requests", "sumSeries(app.{web01,web02}.requests)"]);
    expect(url.searchParams.get("from")).toBe("-6h");
  });

  it("sends the space GUID of a uaa token on every operation", async () => {
    const { rec, metrics } = client(uaaToken(SECRET, SPACE));
    await metrics.retrieve({ targets: ["app.*"] });
    await metrics.send([{ name: "app.web01.requests", value: 1 }]);
    expect(await metrics.list()).toEqual(examples("/v1/metrics/list", "get").metricPaths.value);
    expect(await metrics.delete("app.web01.*")).toEqual(examples("/v1/metrics/list", "delete").deleted.value);
    expect(rec.sent.map((r) => r.method)).toEqual(["GET", "POST", "GET", "DELETE"]);
    for (const request of rec.sent) {
      expect(request.headers.get("X-Auth-Scope-Id")).toBe(SPACE);
      expect(request.headers.get("X-Auth-User-Token")).toBe(`uaa ${SECRET}`);
    }
  });

  it("refuses a uaa token without a space GUID and tokens not built by the helpers", () => {
    const baseUrl = mockUrl("metrics-v1");
    const forged = Object.assign(Object.create(UserToken.prototype), { kind: "uaa" }) as UserToken;
    expect(thrown(() => createMetricsClient({ token: forged, baseUrl }))).toMatchObject({ field: "X-Auth-Scope-Id", rule: "requiredWithUaa" });
    const plain = { kind: "iam", headerValue: () => "iam x" } as unknown as UserToken;
    expect(thrown(() => createMetricsClient({ token: plain, baseUrl }))).toMatchObject({ field: "X-Auth-User-Token", rule: "type" });
  });

  it("rejects 0 and 6 targets before sending", async () => {
    const { rec, metrics } = client(apikeyToken(SECRET));
    const six = ["a.1", "a.2", "a.3", "a.4", "a.5", "a.6"];
    expect(await inputRejection(metrics.retrieve({ targets: six }))).toMatchObject({ field: "target", rule: "maxItems" });
    expect(await inputRejection(metrics.retrieve({ targets: [] }))).toMatchObject({ field: "target", rule: "minItems" });
    expect(rec.sent).toHaveLength(0);
    await metrics.retrieve({ targets: six.slice(0, 5) });
    expect(rec.sent).toHaveLength(1);
    // A blank target is Graphite's to skip, not the client's to refuse (issue 37).
    await metrics.retrieve({ targets: ["a.1", ""] });
    expect(rec.sent).toHaveLength(2);
  });

  it("rejects missing or unusable parameters and bodies before sending", async () => {
    const { rec, metrics } = client(iamToken(SECRET));
    expect(await inputRejection(metrics.delete(undefined as unknown as string))).toMatchObject({ field: "query", rule: "required" });
    expect(await inputRejection(metrics.delete(""))).toMatchObject({ field: "query", rule: "minLength" });
    expect(await inputRejection(metrics.list(""))).toMatchObject({ field: "query", rule: "minLength" });
    expect(await inputRejection(metrics.send([]))).toMatchObject({ field: "body", rule: "minItems" });
    expect(await inputRejection(metrics.send([{ name: "a", value: Number.NaN }]))).toMatchObject({ field: "body[0].value", rule: "finiteNumber" });
    expect(await inputRejection(metrics.send([{ name: "a", value: 1, timestamp: 1.5 }]))).toMatchObject({ field: "body[0].timestamp", rule: "type" });
    expect(await inputRejection(metrics.retrieve({ targets: ["a"], until: "" }))).toMatchObject({ field: "until", rule: "minLength" });
    expect(rec.sent).toHaveLength(0);
  });

  it("reports a failed call as ApiError without the token", async () => {
    const { metrics } = client(iamToken(SECRET), { Prefer: "code=404, example=noMatch" });
    const error = await rejection(metrics.delete("app.web09.*"));
    expect(error).toBeInstanceOf(ApiError);
    expect(`${String(error)} ${inspect(error)} ${JSON.stringify(error)}`).not.toContain(SECRET);
  });
});

describe("options shape shared with every family helper", () => {
  it("passes validate through to the generated client: validate false sends what the checker would refuse", async () => {
    const sent: string[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
    };
    const checked = createMetricsClient({ token: apikeyToken("k-1"), baseUrl: "https://m.example", fetch: fetch as never });
    await expect(checked.retrieve({ targets: [] })).rejects.toBeInstanceOf(InputError);
    expect(sent).toEqual([]);
    const unchecked = createMetricsClient({ token: apikeyToken("k-1"), baseUrl: "https://m.example", fetch: fetch as never, validate: false });
    await unchecked.retrieve({ targets: [] }).catch(() => undefined);
    expect(sent).toHaveLength(1);
  });
});
