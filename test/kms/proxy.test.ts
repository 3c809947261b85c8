/**
 * The validating proxy in front of the KMS emulator (over HTTP), with the generated client
 * going through it: no violation when both sides follow the document; a planted server fault
 * is logged and summarised; `strict` refuses a request the document does not allow.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { startProxy } from "cloud-interfaces/verify";
import { hostileServers } from "../../scripts/lib/hostile-servers.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setup(options: { strict?: boolean; fault?: (next: (r: Request) => Promise<Response>) => (r: Request) => Promise<Response> } = {}) {
  const emulator = createEmulator("kms-v2");
  let forwarded = 0;
  const inner = options.fault ? options.fault(emulator.handle) : emulator.handle;
  const server = await serveHandler((r) => (forwarded++, inner(r)));
  const lines: string[] = [];
  const proxy = await startProxy("kms-v2", { target: server.url, strict: options.strict ?? false, write: (l) => lines.push(l) });
  closers.push(server.close, proxy.close);
  const client = createKmsV2Client({ baseUrl: proxy.url, retry: false, credentials: { bearerAuth: "proxy-test-token" }, bind: { "svc-instance": INSTANCE } });
  return { proxy, client, lines, forwarded: () => forwarded };
}

async function traffic(client: ReturnType<typeof createKmsV2Client>) {
  const created = await client.POST("/api/v2/keys", {
    params: { header: { Prefer: "return=representation" } },
    headers: { "content-type": KEY_TYPE },
    body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "through-the-proxy", extractable: true }] },
  });
  const listed = await client.GET("/api/v2/keys", { params: { query: { limit: 10 } } });
  const counted = await client.HEAD("/api/v2/keys", {});
  return { created, listed, counted };
}

describe("cloud-interfaces proxy in front of the kms-v2 emulator", () => {
  it("forwards a client's traffic with no violation when both sides follow the document", async () => {
    const { proxy, client, lines } = await setup();
    const { created, listed, counted } = await traffic(client);
    expect(created.response.status).toBe(201);
    expect((listed.data as any).resources.map((k: any) => k.name)).toContain("through-the-proxy");
    expect(counted.response.headers.get("key-total")).toBe(String((listed.data as any).resources.length));
    expect(proxy.violations).toEqual([]);
    expect(lines).toEqual([]);
    expect(proxy.summary()).toMatch(/no drift/);
  });

  it("logs and summarises a server answer that breaks the document", async () => {
    const { proxy, client, lines } = await setup({
      fault: (next) => async (r) => {
        const res = await next(r);
        if (r.method !== "GET" || res.status !== 200) return res;
        const body = await res.json();
        body.metadata.collectionTotal = "many";
        return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
      },
    });
    await traffic(client);
    expect(proxy.violations).toHaveLength(1);
    expect(proxy.violations[0]).toMatchObject({ side: "response", operation: "listKeys", status: 200 });
    expect(lines.join("\n")).toMatch(/server broke the document on listKeys .*collectionTotal must be integer/);
    expect(proxy.summary()).toMatch(/1 violation\(s\)\n {2}1× server listKeys: body\/metadata\/collectionTotal must be integer/);
  });

  it("logs a client request that breaks the document and still forwards it unless strict", async () => {
    const loose = await setup();
    const before = loose.forwarded();
    const res = await fetch(`${loose.proxy.url}/api/v2/keys?limit=99999`, { headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });
    expect(res.status).toBe(400);
    expect(loose.forwarded()).toBe(before + 1);
    expect(loose.proxy.violations[0]).toMatchObject({ side: "request", operation: "listKeys" });

    const strict = await setup({ strict: true });
    const refused = await fetch(`${strict.proxy.url}/api/v2/keys?limit=99999`, { headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/limit/);
    expect(strict.forwarded()).toBe(0);
    const misspelt = await fetch(`${strict.proxy.url}/api/v2/keys?limt=10`, { headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });
    expect(misspelt.status).toBe(400);
    expect(await misspelt.text()).toMatch(/undeclared query parameter \\"limt\\"/);
    const unknown = await fetch(`${strict.proxy.url}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(strict.forwarded()).toBe(0);
  });

  it("answers malformed traffic and keeps running (the mock's edge)", async () => {
    const { proxy } = await setup({ strict: true });
    const bad = await fetch(`${proxy.url}/api/v2/keys`, { method: "POST", headers: { "content-type": "a", authorization: "Bearer t" }, body: "{" });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const after = await fetch(`${proxy.url}/api/v2/keys`, { method: "HEAD", headers: { authorization: "Bearer t", "svc-instance": INSTANCE } });
    expect(after.status).toBe(200);
  });
});

describe("the proxy's limits on what it reads of the target", () => {
  const listKeys = (proxyUrl: string, signal?: AbortSignal) =>
    fetch(`${proxyUrl}/api/v2/keys`, { headers: { authorization: "Bearer proxy-test-token", "svc-instance": INSTANCE }, ...(signal ? { signal } : {}) });

  it("answers 502 for a target body over --max-body, read no further, and logs it", async () => {
    const server = await hostileServers.endless();
    const lines: string[] = [];
    const proxy = await startProxy("kms-v2", { target: server.url, maxBodyBytes: 64 * 1024, write: (l) => lines.push(l) });
    closers.push(server.close, proxy.close);
    const answer = await listKeys(proxy.url);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain("larger than 64 KiB (the proxy's byte limit, --max-body)");
    expect(lines.join("\n")).toMatch(/server broke the document on listKeys .*larger than 64 KiB/);
    expect(server.written).toBeLessThan(16 * 1024 * 1024);
  });

  it("stops reading the target when its own client is gone", async () => {
    const server = await hostileServers.drip(5);
    const proxy = await startProxy("kms-v2", { target: server.url, write: () => undefined });
    closers.push(server.close, proxy.close);
    const gone = new AbortController();
    const pending = listKeys(proxy.url, gone.signal).catch((e: Error) => e.name);
    // Once the target has been asked, the client leaves.
    while (server.requests === 0) await new Promise((r) => setTimeout(r, 5));
    gone.abort();
    expect(await pending).toBe("AbortError");
    // The proxy drops its upstream connection: the target's answer is closed before it ends.
    await new Promise<void>((resolve) => {
      const check = () => (server.open === 0 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(server.open).toBe(0);
  });
});
