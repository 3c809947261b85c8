/**
 * Issue 45, "rules stated in prose": the documents state them as keywords (a time in seconds since
 * the epoch as a range, a KMS `errorMsg` as a pattern: a status name on one line), so the one
 * contract that judges answers (runtime/emulator/contract.ts) finds an answer that breaks them,
 * and the proxy and verify, which reuse it, report it. Here the proxy in front of an upstream that
 * answers each rule broken and kept; the zoo (zoo.e2e.test.ts) holds verify to the same rules.
 */
import { describe, expect, it } from "vitest";
import { startProxy } from "cloud-interfaces/verify";

const json = (status: number, body: unknown, type = "application/json") => new Response(JSON.stringify(body), { status, headers: { "content-type": type } });

async function responseProblems(serviceId: "metrics-v1" | "kms-v2" | "identity-v4", answer: Response, path: string, init: RequestInit): Promise<string[]> {
  const proxy = await startProxy(serviceId, { target: "http://upstream.test", fetch: async () => answer.clone(), write: () => undefined });
  try {
    await (await fetch(`${proxy.url}${path}`, init)).text();
    return proxy.violations.filter((v) => v.side === "response").flatMap((v) => v.problems);
  } finally {
    await proxy.close();
  }
}

const metrics = (timestamp: number) =>
  responseProblems("metrics-v1", json(200, [{ target: "a.b", datapoints: [[1.5, timestamp]] }]), "/v1/metrics?target=a.b", { headers: { "x-auth-user-token": "apikey k" } });
const kmsError = (errorMsg: string) =>
  responseProblems("kms-v2", json(401, { metadata: { collectionType: "application/vnd.svc.kms.error+json", collectionTotal: 1 }, resources: [{ errorMsg }] }, "application/vnd.svc.kms.error+json"), "/api/v2/keys", {
    headers: { authorization: "Bearer t", "svc-instance": "a2b6a2b6-0f3e-4bd2-9a51-7e1d0c4f5a6b" },
  });
const introspection = (exp: number) =>
  responseProblems("identity-v4", json(200, { active: true, exp, iat: exp - 3600 }), "/oauth/v4/tenant-1/introspect", {
    method: "POST",
    headers: { authorization: `Basic ${btoa("client:secret")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "token=abc",
  });

describe("prose rules the documents state, found in answers by the contract the proxy and verify share", () => {
  it("metrics: a datapoint time in seconds passes; the same time in milliseconds is past the range", async () => {
    expect(await metrics(1_700_000_000)).toEqual([]);
    expect((await metrics(1_700_000_000_000)).join("\n")).toMatch(/maximum|<= 253402300799/);
  });

  it("identity: introspection exp in seconds passes; in milliseconds is past the range", async () => {
    expect(await introspection(1_767_229_200)).toEqual([]);
    expect((await introspection(1_767_229_200_000)).join("\n")).toMatch(/<= 253402300799/);
  });

  it("kms: an errorMsg of one line starting with the status name passes; a stack trace or an exception name does not", async () => {
    expect(await kmsError("Unauthorized: the credentials are invalid")).toEqual([]);
    expect(await kmsError("Unauthorized")).toEqual([]);
    expect((await kmsError("Unauthorized: boom\n    at Object.handle (/srv/app/routes.js:88:11)")).join("\n")).toMatch(/pattern/);
    expect((await kmsError("TypeError: Cannot read properties of undefined (reading 'id')")).join("\n")).toMatch(/pattern/);
  });
});
