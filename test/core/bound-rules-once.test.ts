/**
 * Values bound at creation (`x-client.bind`) never change, so each operation checks them against
 * its rules on its first call and afterwards only counts them as given: the per-call check sees
 * the call's own values. A bad bound value still fails every call, and a call that replaced a
 * bound value with its own does not vouch for the bound one.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "cloud-interfaces/core";
import { createServiceClient } from "../../runtime/core/create-client.js";
import type { RequestChecker } from "../../runtime/core/request-guard.js";
import { checkRequest, type OperationRules, type RequestParts } from "../../runtime/core/rules.js";
import { fakeFetch, meta, thrown, type TestClient } from "./harness.js";

const TENANT: OperationRules = { header: { "Tenant-Id": { type: "string", pattern: "^t-[0-9]+$" } }, required: { header: ["Tenant-Id"] } };
const operations: Record<string, OperationRules> = { "GET /v1/open": TENANT, "HEAD /v1/open": TENANT };

/** The document's checker over `operations`, recording what each check was handed. */
function recordingRules() {
  const seen: RequestParts[] = [];
  const checker: RequestChecker = {
    check(operation, request) {
      seen.push(request);
      checkRequest(operations[operation], {}, request);
    },
  };
  return { seen, load: async () => checker };
}

function client(tenant: string) {
  const rules = recordingRules();
  const { sent, fetch } = fakeFetch();
  const c = createServiceClient(meta, { baseUrl: "https://api.example.com/base", bind: { "Tenant-Id": tenant }, fetch }, rules.load) as unknown as TestClient;
  return { c, sent, seen: rules.seen };
}

describe("bound values are checked once per operation", () => {
  it("the first call of an operation checks the bound value; later calls count it as given without checking it again", async () => {
    const { c, sent, seen } = client("t-1");
    for (let i = 0; i < 3; i++) expect((await c.GET!("/v1/open")).response.status).toBe(200);
    await c.HEAD!("/v1/open");
    expect(sent).toHaveLength(4);
    expect(sent.every((s) => s.headers["tenant-id"] === "t-1")).toBe(true);
    // GET: checked with the bound value in its headers once, then handed as bound only.
    expect(seen.map((r) => r.header?.["Tenant-Id"])).toEqual(["t-1", undefined, undefined, "t-1"]);
    expect(seen[1]!.bound?.header).toEqual({ "Tenant-Id": "t-1" });
  });

  it("a bad bound value fails every call, not only the first", async () => {
    const { c, sent } = client("bad");
    for (let i = 0; i < 2; i++) expect(await thrown(() => c.GET!("/v1/open"))).toMatchObject({ name: "InputError", field: "Tenant-Id", rule: "pattern" });
    expect(sent).toHaveLength(0);
  });

  it("a call that replaces a bound value with its own does not vouch for the bound one", async () => {
    const { c, sent } = client("bad");
    expect((await c.GET!("/v1/open", { params: { header: { "Tenant-Id": "t-2" } } })).response.status).toBe(200);
    expect(await thrown(() => c.GET!("/v1/open"))).toBeInstanceOf(InputError);
    expect(sent).toHaveLength(1);
  });

  it("a call's own value of a bound name is checked on every call", async () => {
    const { c } = client("t-1");
    await c.GET!("/v1/open");
    expect(await thrown(() => c.GET!("/v1/open", { params: { header: { "Tenant-Id": "bad" } } }))).toMatchObject({ field: "Tenant-Id", rule: "pattern" });
  });

  it("checkRequest: a bound name counts as given for required, and is not checked", () => {
    expect(() => checkRequest(TENANT, {}, { bound: { header: { "Tenant-Id": "t-1" } } })).not.toThrow();
    expect(() => checkRequest(TENANT, {}, {})).toThrow(/Tenant-Id \(header parameter\) is required/);
    expect(() => checkRequest(TENANT, {}, { bound: { header: { "Tenant-Id": undefined } } })).toThrow(/required/);
  });
});
