/**
 * The base URL of every server form comes from the listening socket, never from the request's
 * `Host` header: a stateful identity mock announces its real URL as issuer (so openid-client's
 * discovery accepts it), and a hostile Host changes neither the route nor the issuer.
 */
import { request as httpRequest } from "node:http";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMock, type RunningMock } from "cloud-interfaces/mock";
import { createEmulator, serveHandler } from "cloud-interfaces/emulator";

const TENANT = "my-tenant";
const CLIENT = { id: "emulator-client", secret: "emulator-secret" };

/** GET with a Host header of the caller's choosing (fetch would not send one). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path: `${u.pathname}${u.search}`, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const HOSTILE = ["evil.example", "127.0.0.1:4722/oauth/v3/OTHER/publickeys?", "evil.example/x#"];

const servers: Record<string, () => Promise<RunningMock>> = {
  "startMock(..., { stateful: true })": () => startMock("identity-v3", { stateful: true }),
  serveHandler: () => serveHandler(createEmulator("identity-v3")),
  "serveHandler(emulator.handle)": () => serveHandler(createEmulator("identity-v3").handle),
};

describe.each(Object.keys(servers))("%s", (name) => {
  let server: RunningMock;
  beforeAll(async () => {
    server = await servers[name]!();
  });
  afterAll(() => server.close());

  it("announces its listening URL as issuer, and openid-client's discovery accepts it", async () => {
    const issuer = new URL(`${server.url}/oauth/v3/${TENANT}`);
    const config = await oidc.discovery(issuer, CLIENT.id, undefined, oidc.ClientSecretBasic(CLIENT.secret), { execute: [oidc.allowInsecureRequests] });
    expect(config.serverMetadata().issuer).toBe(issuer.href);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "read" });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });

  it.each(HOSTILE)("Host: %s changes neither the route nor the issuer", async (host) => {
    const discovery = `${server.url}/oauth/v3/${TENANT}/.well-known/openid-configuration`;
    const honest = await getWithHost(discovery, new URL(server.url).host);
    const hostile = await getWithHost(discovery, host);
    expect(honest.status).toBe(200);
    expect(hostile).toEqual(honest);
    expect(JSON.parse(hostile.body).issuer).toBe(`${server.url}/oauth/v3/${TENANT}`);
  });
});

describe("identity-v4 (no discovery): openid-client with explicit server metadata against startMock", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock("identity-v4", { stateful: true });
  });
  afterAll(() => mock.close());

  it("client_credentials, then introspection", async () => {
    const base = `${mock.url}/oauth/v4/${TENANT}`;
    const config = new oidc.Configuration(
      { issuer: base, token_endpoint: `${base}/token`, introspection_endpoint: `${base}/introspect`, jwks_uri: `${base}/publickeys` },
      CLIENT.id,
      undefined,
      oidc.ClientSecretBasic(CLIENT.secret),
    );
    oidc.allowInsecureRequests(config);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: "read" });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
  });
});
