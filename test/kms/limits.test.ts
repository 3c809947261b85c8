/**
 * Issue 27, finding 4: the emulators share the edge's request limits on every path (WHATWG
 * handle as MSW uses it, serveHandler), and their state stops at documented caps
 * (runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps") with an answer in the document's shape.
 */
import { describe, expect, it } from "vitest";
import type { KmsState } from "cloud-interfaces/emulator";
import { serveHandler } from "cloud-interfaces/emulator";
import { limits } from "cloud-interfaces/mock";
import { emulator } from "../emulator/harness.js";

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




});
