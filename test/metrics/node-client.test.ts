/**
 * Metrics requests shaped as the service's Node client sends them, and its recorded error body
 * (jthomas/ibm-cloud-monitoring, test/index.js): headers `X-Auth-Scope-Id: <scope>` and
 * `X-Auth-User-Token: apikey <key>` on every call; retrieve `GET /v1/metrics?target=<path>`
 * (with `from` and `until` only when given), list `GET /v1/metrics/list?query=*` by default,
 * save `POST /v1/metrics` with a JSON array of `{name, value}` and no Content-Type set by the
 * client. The service's error, as the client's tests record it, is
 * `{"errors":[{"code":"BXNMSRI01E","message":"Token is expired"}]}` (issue 26, metrics).
 */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";
import { loopback } from "../real-clients/loopback.js";

const ID = "metrics-v1";
const headers = { "X-Auth-Scope-Id": "s-5e9c1d7a-2b4f-4a8e-b3c6-0f1d2e3a4b5c", "X-Auth-User-Token": "apikey test-api-key" };
const base = () => loopback(mockUrl(ID));
const RECORDED_ERROR = { errors: [{ code: "BXNMSRI01E", message: "Token is expired" }] };

describe("metrics-v1: the Node client's requests", () => {
  it.each([
    ["retrieve without time parameters", "/v1/metrics?target=metric.name"],
    ["retrieve with from and until", "/v1/metrics?target=metric.name&from=-24H&until=now"],
    ["list with the default query", "/v1/metrics/list?query=*"],
    ["list with a custom query", "/v1/metrics/list?query=metric.name.*"],
  ])("%s → 200 without violations", async (_, path) => {
    const response = await fetch(`${base()}${path}`, { headers });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(200);
  });

  it("save sends the JSON array of {name, value}; accepted", async () => {
    const body = JSON.stringify([{ name: "metric.a.label", value: 1.05 }, { name: "metric.b.label", value: 2.05 }]);
    // fetch labels a string body text/plain unless told otherwise; the client's fetch wrapper passes JSON.
    const response = await fetch(`${base()}/v1/metrics`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBeLessThan(300);
  });
});

describe("metrics-v1: what the Node client and the vendor's examples send (issue 37)", () => {
  const samples = () => JSON.stringify([{ name: "metric.a.label", value: 1.05 }]);

  it("save exactly as src/index.js sends it: node-fetch 1.x adds no Content-Type to a string body → accepted as JSON (x-untyped-body)", async () => {
    const response = await fetch(`${base()}/v1/metrics`, { method: "POST", headers, body: new TextEncoder().encode(samples()) });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
  });

  it("the same JSON labelled as a form (curl -d without -H) stays refused: the rule covers a missing Content-Type only", async () => {
    const response = await fetch(`${base()}/v1/metrics`, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: samples() });
    expect(response.status).toBe(400);
  });

  it("a blank target beside a real one is accepted, as Graphite's render API skips it", async () => {
    const response = await fetch(`${base()}/v1/metrics?target=metric.name&target=`, { headers });
    expect(response.status).toBe(200);
    const target = "#/paths/~1v1~1metrics/get/parameters/1/schema";
    expect(validateAt(ID, target, ["metric.name", ""])).toEqual([]);
    expect(validateAt(ID, target, [])).not.toEqual([]);
  });
});

describe("metrics-v1: the service's error body as the Node client's tests record it", () => {
  const doc = (op: string, status: string) => `#/paths/${op}/responses/${status}/content/application~1json/schema`;
  it.each([
    ["send", doc("~1v1~1metrics/post", "401")],
    ["list", doc("~1v1~1metrics~1list/get", "401")],
    ["retrieve", doc("~1v1~1metrics/get", "401")],
    ["delete", doc("~1v1~1metrics~1list/delete", "401")],
  ])("%s 401 as application/json {errors:[{code, message}]} is a documented body", (_, pointer) => {
    expect(validateAt(ID, pointer, RECORDED_ERROR)).toEqual([]);
  });

  it("a body without errors is still refused by that schema", () => {
    expect(validateAt(ID, doc("~1v1~1metrics/post", "401"), { message: "x" })).not.toEqual([]);
  });
});
