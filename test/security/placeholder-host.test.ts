/**
 * Issue 38, "a guessed host gets the user's token": the documents' hosts are placeholders (the
 * interface documents do not show them), marked `x-placeholder`. A client created without
 * `baseUrl` refuses such a host before anything is sent, and no credential leaves; code that
 * means the placeholder host (MSW, the try-it panel) passes the emulators' `placeholderBaseUrl`.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../runtime/core/errors.js";
import { placeholderBaseUrl, serverPatterns } from "../../runtime/emulator/servers.js";
import { authorizationUrl, publicKeysUrl } from "../../runtime/identity/urls.js";
import { readServices } from "../../scripts/lib/services.js";
import { generatedFactory } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { SECRETS, secretCredentials } from "./fixtures.js";

const services = readServices();
/** Host names RFC 2606 reserves for examples: a document's host of this kind is not the service's. */
const RESERVED = /(^|\.)(example\.(com|net|org)|[^.]+\.(example|test|invalid|localhost))$/i;

function spies(serviceId: string) {
  const sent: Request[] = [];
  let asked = 0;
  const fetch = async (request: Request) => (sent.push(request), new Response(null, { status: 204 }));
  // A provider for every token scheme, counting each time a credential is asked for (Basic credentials are static).
  const credentials = Object.fromEntries(
    Object.entries(secretCredentials(serviceId)).map(([name, value]) => [name, typeof value === "string" ? () => (asked++, value) : value]),
  );
  return { sent, fetch, credentials, asked: () => asked };
}

function thrownBy(create: () => unknown): unknown {
  try {
    create();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("the documents mark their hosts as placeholders", () => {
  it.each(services.map((s) => s.id))("%s: every server on an RFC 2606 host is x-placeholder, with the x-assumed reason", (id) => {
    const servers = bundledDocument(id).servers as Array<Record<string, unknown>>;
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      const host = new URL(String(server.url).replace(/\{[^}]+\}/g, "x")).hostname;
      if (!RESERVED.test(host)) continue;
      expect(server["x-placeholder"], String(server.url)).toBe(true);
      expect(server["x-assumed"], String(server.url)).toEqual(expect.stringMatching(/interface document/));
    }
  });
});

describe("a client created without baseUrl never sends to a placeholder host", () => {
  it.each(services.map((s) => s.id))("%s: refused at creation with an InputError naming baseUrl; nothing sent, no credential asked for", async (id) => {
    const factory = await generatedFactory(id);
    const doc = bundledDocument(id);
    const regions: Array<string | undefined> = [undefined, ...(doc.servers[0]?.variables?.region?.enum ?? [])];
    const names: Array<string | undefined> = [undefined, ...doc.servers.map((s: { "x-name"?: string }) => s["x-name"])];
    const { sent, fetch, credentials, asked } = spies(id);
    for (const region of regions) {
      for (const server of names) {
        const options = { fetch, credentials, ...(region ? { region } : {}), ...(server ? { server } : {}) };
        const error = thrownBy(() => factory(options));
        expect(error, `${region} ${server}`).toBeInstanceOf(InputError);
        expect(error).toMatchObject({ field: "baseUrl", rule: "required", message: expect.stringContaining("pass baseUrl") });
        expect(JSON.stringify(error) + String(error)).not.toContain(SECRETS.bearer);
      }
    }
    expect(sent).toEqual([]);
    expect(asked()).toBe(0);
  });

  it.each(services.map((s) => s.id))("%s: with baseUrl (even the placeholder host, given on purpose) the client sends there", async (id) => {
    const factory = await generatedFactory(id);
    const { sent, fetch, credentials } = spies(id);
    const client = factory({ baseUrl: placeholderBaseUrl(id), fetch, credentials, validate: false, retry: false }) as unknown as {
      request: (method: string, path: string, init: object) => Promise<unknown>;
    };
    // The document's first operation, each path parameter "x" (the client's rule check is off).
    const [path, item] = Object.entries<Record<string, unknown>>(bundledDocument(id).paths)[0]!;
    const method = Object.keys(item).find((k) => ["get", "post", "put", "delete", "head", "patch"].includes(k))!;
    const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], "x"]));
    await client.request(method.toUpperCase(), path, { params: { path: params } });
    expect(sent.map((r) => r.url)).toEqual([placeholderBaseUrl(id) + path.replace(/\{[^}]+\}/g, "x")]);
  });

  it("identity's browser URLs refuse a placeholder host too (no guessed host for the user's browser)", () => {
    for (const version of ["v3", "v4"] as const) {
      expect(thrownBy(() => authorizationUrl(version, { tenantId: "t" }, { response_type: "code", client_id: "c", redirect_uri: "https://app.example/cb" } as never))).toMatchObject({ field: "baseUrl", rule: "required" });
      expect(thrownBy(() => publicKeysUrl(version, { tenantId: "t" }))).toMatchObject({ field: "baseUrl", rule: "required" });
      expect(publicKeysUrl(version, { tenantId: "t", baseUrl: "https://id.test" }).href).toMatch(/^https:\/\/id\.test\//);
    }
  });
});

describe("placeholderBaseUrl: the host the emulators answer under MSW, from the document", () => {
  it.each(services.map((s) => s.id))("%s: the first server with its variables at their defaults, routed by the MSW handlers' patterns", (id) => {
    const [first] = bundledDocument(id).servers as Array<{ url: string; variables?: Record<string, { default: string }> }>;
    const expected = Object.entries(first!.variables ?? {}).reduce((url, [name, v]) => url.replaceAll(`{${name}}`, v.default), first!.url);
    expect(placeholderBaseUrl(id)).toBe(expected);
    expect(serverPatterns(id).some((pattern) => pattern.test(`${placeholderBaseUrl(id)}/x`))).toBe(true);
  });
});
