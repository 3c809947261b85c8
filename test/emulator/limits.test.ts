/**
 * Issue 27, finding 4: the emulators share the edge's request limits on every path (WHATWG
 * handle as MSW uses it, serveHandler), and their state stops at documented caps
 * (runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps") with an answer in the document's shape.
 */
import { describe, expect, it } from "vitest";
import type { KmsState } from "cloud-interfaces/emulator";
import { serveHandler } from "cloud-interfaces/emulator";
import { limits } from "cloud-interfaces/mock";
import { emulator } from "./harness.js";

const KMS = "https://us-south.kms.example.com/api/v2/keys";
const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const kmsHeaders = (instance = INSTANCE) => ({ authorization: "Bearer t", "svc-instance": instance, "content-type": KEY_TYPE });
const keyBody = (name: string) => JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name }] });

describe("request limits on every path", () => {
  const big = "x".repeat(limits.MAX_BODY_BYTES + 1);

  it("handle (the MSW path): a body over the limit is 413 in the document's error shape, read no further", async () => {
    const { emu } = emulator("kms-v2");
    const response = await emu.handle(new Request(KMS, { method: "POST", headers: kmsHeaders(), body: big }));
    expect(response.status).toBe(413);
    expect(response.headers.get("x-mock-error")).toBe("body-too-large");
    expect(await response.json()).toMatchObject({ metadata: { collectionType: "application/vnd.svc.kms.error+json" }, resources: [{ errorMsg: expect.stringContaining(`${limits.MAX_BODY_BYTES} bytes`) }] });
  });

  it("handle: a streamed body without Content-Length stops at the limit", async () => {
    const { emu } = emulator("kms-v2");
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
        if (pulled > 1000) controller.close();
      },
    });
    const response = await emu.handle(new Request(KMS, { method: "POST", headers: kmsHeaders(), body: stream, duplex: "half" } as RequestInit));
    expect(response.status).toBe(413);
    // 64 MiB were on offer; reading stopped just past 1 MiB.
    expect(pulled).toBeLessThan(40);
  });

  it("handle: a URL over the limit is 414, JSON deeper than the limit is the document's 400", async () => {
    const { emu } = emulator("kms-v2");
    const long = await emu.handle(new Request(`${KMS}?search=${"a".repeat(limits.MAX_URL_BYTES + 10)}`, { headers: kmsHeaders() }));
    expect(long.status).toBe(414);
    expect(long.headers.get("x-mock-error")).toBe("uri-too-long");
    const deep = await emu.handle(new Request(KMS, { method: "POST", headers: kmsHeaders(), body: `${"[".repeat(limits.MAX_JSON_DEPTH + 1)}${"]".repeat(limits.MAX_JSON_DEPTH + 1)}` }));
    expect(deep.status).toBe(400);
    expect(JSON.stringify(await deep.json())).toContain("nested deeper");
  });

  it("serveHandler: a body over the limit is 413 and the connection closes, RSS does not take the body", async () => {
    const { emu } = emulator("kms-v2");
    const served = await serveHandler(emu);
    try {
      const response = await fetch(`${served.url}/api/v2/keys`, { method: "POST", headers: kmsHeaders(), body: big });
      expect(response.status).toBe(413);
      expect(response.headers.get("x-mock-error")).toBe("body-too-large");
      const plain = await serveHandler(async () => new Response("ok"));
      try {
        expect((await fetch(plain.url, { method: "POST", body: big })).status).toBe(413);
      } finally {
        await plain.close();
      }
    } finally {
      await served.close();
    }
  });
});

describe("state caps", () => {
  it("KMS: keys per instance and instances stop at their caps with the document's 400 / 404", async () => {
    const { fetch, emu } = emulator("kms-v2", { seedFromExamples: false, caps: { kmsKeysPerInstance: 3, kmsInstances: 2 } });
    for (let i = 0; i < 3; i++) expect((await fetch(KMS, { method: "POST", headers: kmsHeaders(), body: keyBody(`k${i}`) })).status).toBe(201);
    const refused = await fetch(KMS, { method: "POST", headers: kmsHeaders(), body: keyBody("k3") });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("cap");
    expect((emu.state as KmsState).partitions.get(INSTANCE)!.records.get("key")!.size).toBe(3);
    expect((await fetch(KMS, { method: "POST", headers: kmsHeaders("11111111-1111-4111-8111-111111111111"), body: keyBody("a") })).status).toBe(201);
    const third = await fetch(KMS, { method: "POST", headers: kmsHeaders("22222222-2222-4222-8222-222222222222"), body: keyBody("a") });
    expect(third.status).toBe(404);
    expect((emu.state as KmsState).partitions.size).toBe(2);
  });

  it("notifications: stored notifications keep the newest within the cap; records per kind stop at theirs", async () => {
    const { fetch, emu } = emulator("notifications-v1", { seedFromExamples: false, caps: { storedNotifications: 3, notificationsRecordsPerKind: 2 } });
    const base = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}`;
    const headers = { authorization: "Bearer t", "content-type": "application/json" };
    for (let i = 0; i < 5; i++) {
      const body = { id: `b2198eb8-04b1-48ec-a78c-ee87694dd84${i}`, source: "apisource/ci", type: "build_failed", svcensourceid: "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5:api", svcendefaultshort: `n${i}`, svcendefaultlong: "x", specversion: "1.0" };
      expect((await fetch(`${base}/notifications`, { method: "POST", headers, body: JSON.stringify(body) })).status).toBe(202);
    }
    const sent = (emu.state as any).partitions.get(INSTANCE).sent;
    expect(sent.map((s: any) => s.notification.svcendefaultshort)).toEqual(["n2", "n3", "n4"]);
    for (const name of ["a", "b"]) expect((await fetch(`${base}/sources`, { method: "POST", headers, body: JSON.stringify({ name, description: "d" }) })).status).toBe(201);
    const refused = await fetch(`${base}/sources`, { method: "POST", headers, body: JSON.stringify({ name: "c", description: "d" }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: [{ code: "incorrect_json", message: expect.stringContaining("cap") }] });
  });

  it("metrics: paths, datapoints, domains and pattern length stop at their caps; a refused send stores nothing", async () => {
    const { fetch, emu } = emulator("metrics-v1", { seedFromExamples: false, caps: { metricsPathsPerDomain: 2, metricsDatapoints: 3, metricsDomains: 1, metricsPatternLength: 20 } });
    const send = (samples: unknown[], token = "iam token-1") => fetch("https://metrics.example.com/v1/metrics", { method: "POST", headers: { "X-Auth-User-Token": token, "content-type": "application/json" }, body: JSON.stringify(samples) });
    expect((await send([{ name: "a.b", value: 1, timestamp: 1 }])).status).toBe(200);
    expect((await send([{ name: "a.c", value: 1 }, { name: "a.d", value: 1 }])).status).toBe(400);
    expect((await send([{ name: "a.b", value: 1, timestamp: 2 }, { name: "a.b", value: 1, timestamp: 3 }, { name: "a.b", value: 1, timestamp: 4 }])).status).toBe(400);
    expect((emu.state as any).datapoints).toBe(1);
    expect((await send([{ name: "a.b", value: 1 }], "iam token-2")).status).toBe(400);
    const long = await fetch(`https://metrics.example.com/v1/metrics/list?query=${"a.".repeat(15)}b`, { headers: { "X-Auth-User-Token": "iam token-1" } });
    expect(long.status).toBe(400);
  });

  it("identity: tenants stop at their cap with the document's OAuth 400", async () => {
    const { fetch } = emulator("identity-v4", { caps: { identityTenants: 1 } });
    const auth = (tenant: string) => fetch(`https://us-south.appid.example.com/oauth/v4/${tenant}/authorization?response_type=code&client_id=emulator-client&redirect_uri=https://app.example.com/cb&scope=openid`, { redirect: "manual" });
    expect((await auth("t1")).status).toBe(302);
    const refused = await auth("t2");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("tenants") });
  });

  it("widget: remembered URLs stop at their cap, oldest first", async () => {
    const { fetch, emu } = emulator("widget", { caps: { widgetIssued: 2 } });
    for (const email of ["a@x.example", "b@x.example", "c@x.example"]) {
      const r = await fetch("https://api.widget.example.com/developers/flex-api/widget-url", { method: "POST", headers: { "x-apikey": "k", "content-type": "application/json" }, body: JSON.stringify({ key: "k", user_email: email, package_id: 1 }) });
      expect(r.status).toBe(200);
    }
    expect((emu.state as any).issued.size).toBe(2);
  });
});
