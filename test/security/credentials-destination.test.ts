/**
 * Credentials go to the configured service origin only: never in a URL, never along a
 * redirect to another host, never to a per-call base URL or an environment proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedFactory } from "../harness/clients.js";
import { recordingServer } from "../harness/recording-server.js";
import { allSecrets, operationCalls, secretCredentials, servicesWithCatalogues } from "./fixtures.js";
import { loadCatalogue } from "../harness/clients.js";

type Server = Awaited<ReturnType<typeof recordingServer>>;
let service: Server;
let elsewhere: Server;

beforeAll(async () => {
  elsewhere = await recordingServer();
  service = await recordingServer();
});
afterAll(async () => {
  await service.close();
  await elsewhere.close();
});

async function clientFor(serviceId: string, baseUrl: string) {
  const catalogue = await loadCatalogue(serviceId);
  return (await generatedFactory(serviceId))({ baseUrl, bind: catalogue.client.bind, credentials: secretCredentials(serviceId) });
}

describe.each(servicesWithCatalogues.map((s) => s.id))("%s", (serviceId) => {
  it("sends credentials in headers only, never in the URL, and only where the operation asks for them", async () => {
    const client = await clientFor(serviceId, service.url);
    for (const call of await operationCalls(serviceId)) {
      service.requests.length = 0;
      await client[call.method]!(call.path, call.init);
      const [seen] = service.requests;
      expect(seen, call.operation).toBeDefined();
      expect(allSecrets(decodeURIComponent(seen!.url)), `${call.operation} URL`).toEqual([]);
      const headerText = JSON.stringify(seen!.headers);
      if (call.security.length === 0) expect(allSecrets(headerText), `${call.operation} is unprotected`).toEqual([]);
      else expect(seen!.headers.authorization ?? Object.values(seen!.headers).join(" "), call.operation).toBeTruthy();
    }
  });

  it("does not follow a redirect to another host with credentials", async () => {
    const redirecting = await recordingServer((_req, res) => res.writeHead(307, { location: `${elsewhere.url}/stolen` }).end());
    try {
      const client = await clientFor(serviceId, redirecting.url);
      elsewhere.requests.length = 0;
      for (const call of await operationCalls(serviceId)) {
        const outcome = await client[call.method]!(call.path, call.init).then(
          (r) => r.response.status,
          (e: Error) => e.name,
        );
        // Documented redirects are returned to the caller (307 here); any other redirect is an error
        // (fetch's own refusal, redirect: "error", reported as the transport's failure).
        expect([307, "ConnectionError"], call.operation).toContain(outcome);
      }
      expect(elsewhere.requests, "requests that reached the other host").toEqual([]);
    } finally {
      await redirecting.close();
    }
  });

  it("does not follow a redirect to another host even when the call asks for redirect: follow", async () => {
    const redirecting = await recordingServer((_req, res) => res.writeHead(307, { location: `${elsewhere.url}/stolen` }).end());
    try {
      const client = await clientFor(serviceId, redirecting.url);
      elsewhere.requests.length = 0;
      for (const call of await operationCalls(serviceId)) {
        const outcome = await client[call.method]!(call.path, { ...call.init, redirect: "follow" }).then(
          (r) => r.response.status,
          (e: Error) => e.message,
        );
        expect(outcome, call.operation).toMatch(/redirect to another origin refused/);
      }
      expect(elsewhere.requests, "requests that reached the other host").toEqual([]);
    } finally {
      await redirecting.close();
    }
  });

  it("refuses to send credentials to a per-call base URL", async () => {
    const client = await clientFor(serviceId, service.url);
    const protectedCall = (await operationCalls(serviceId)).find((c) => c.security.length > 0);
    if (!protectedCall) return expect(serviceId).toBe("a service without protected operations");
    elsewhere.requests.length = 0;
    await expect(client[protectedCall.method]!(protectedCall.path, { ...protectedCall.init, baseUrl: elsewhere.url })).rejects.toThrow(
      /credentials are only sent to the configured service origin/,
    );
    expect(elsewhere.requests).toEqual([]);
  });
});

it("ignores proxy environment variables the caller did not configure in code", async () => {
  const saved = { HTTP_PROXY: process.env.HTTP_PROXY, HTTPS_PROXY: process.env.HTTPS_PROXY };
  process.env.HTTP_PROXY = elsewhere.url;
  process.env.HTTPS_PROXY = elsewhere.url;
  try {
    const id = servicesWithCatalogues[0]!.id;
    const client = await clientFor(id, service.url);
    const [call] = await operationCalls(id);
    elsewhere.requests.length = 0;
    await client[call!.method]!(call!.path, call!.init);
    expect(elsewhere.requests).toEqual([]);
  } finally {
    Object.assign(process.env, saved);
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
  }
});
