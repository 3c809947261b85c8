/**
 * Every request of the documented case catalogues (test/cases), sent to the emulators through
 * the generated clients: answered naturally it must get a documented, non-5xx answer; forced with
 * `Prefer: code=, example=` it must get exactly that documented case. The harness fails any test
 * whose answers broke the document.
 */
import { describe, expect, it } from "vitest";
import { readServices } from "../../scripts/lib/services.js";
import { generatedFactory, loadCatalogue } from "../harness/clients.js";
import { TEST_ONLY_PRIVATE_JWK } from "../identity/fixtures/test-signing-key.js";
import { emulator } from "./harness.js";
import { placeholderBaseUrl } from "cloud-interfaces/emulator";

const services = readServices().map((s) => s.id);

describe.each(services)("%s", async (serviceId) => {
  const catalogue = await loadCatalogue(serviceId);
  const factory = await generatedFactory(serviceId);

  function call(fetch: typeof globalThis.fetch, c: (typeof catalogue.cases)[number], prefer?: string) {
    // Each documented case is asked for once: the document's retry policy would re-ask for 429 and 409.
    const client = factory({ baseUrl: placeholderBaseUrl(serviceId), ...catalogue.client, fetch, retry: false });
    const [method, path] = c.operation.split(" ");
    const headers: Record<string, string> = { ...(c.request?.contentType ? { "Content-Type": c.request.contentType } : {}), ...(prefer ? { Prefer: prefer } : {}) };
    return client[method!]!(path!, { params: c.request?.params, body: c.request?.body, headers, redirect: "manual", parseAs: "text" });
  }

  // The catalogue's client (and v4's audience) are registered, so identity runs its grants for real.
  const basic = (catalogue.client.credentials as any)?.basicAuth;
  const seed = basic
    ? { signingKey: TEST_ONLY_PRIVATE_JWK, clients: [{ client_id: basic.username, client_secret: basic.password }, { client_id: "5e9c1d7a-2b4f-4a8e-b3c6-0f1d2e3a4b5c", client_secret: "unused" }] }
    : undefined;

  it("answers every catalogued request with a documented, non-5xx case", async () => {
    const { fetch } = emulator(serviceId, seed ? { seed } : {}, Date.now());
    const seen = new Set<string>();
    for (const c of catalogue.cases) {
      const key = JSON.stringify([c.operation, c.request]);
      if (seen.has(key)) continue;
      seen.add(key);
      const { response } = await call(fetch, c);
      expect(response.status, `${c.operation} ${key}`).toBeLessThan(500);
    }
  });

  it("gives each documented case on demand (Prefer: code=, example=)", async () => {
    const { fetch } = emulator(serviceId, seed ? { seed } : {}, Date.now());
    for (const c of catalogue.cases) {
      const { response } = await call(fetch, c, `code=${c.status}${c.example ? `, example=${c.example}` : ""}`);
      expect(response.status, `${c.operation} ${c.status} ${c.example ?? ""}`).toBe(c.status);
    }
  });
});
