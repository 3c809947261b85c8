import { extractMeta } from "../../scripts/lib/client-meta.js";
import { readServices } from "../../scripts/lib/services.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument } from "../harness/documents.js";
import { baselineRequest } from "../negative/derive.js";

/** Known secrets, so every test can search its output for them. */
export const SECRETS = {
  bearer: "bearer-SECRET-7f3a9c",
  apiKey: "apikey-SECRET-41d2e8",
  username: "client-id-ü-9b1c",
  password: "client-SECRET-é:/?#[]@!$&'()*+,;=%",
};

/** Every registered service (each has its document and case catalogue; a missing one fails, never skipped). */
export const servicesWithCatalogues = readServices();

/** Credentials for every security scheme of a document, each carrying a known secret. */
export function secretCredentials(serviceId: string): Record<string, unknown> {
  const meta = extractMeta(serviceId, bundledDocument(serviceId));
  return Object.fromEntries(
    Object.entries(meta.securitySchemes).map(([name, s]) => [
      name,
      s.type === "http" && s.scheme === "basic"
        ? { username: SECRETS.username, password: SECRETS.password }
        : s.type === "http"
          ? SECRETS.bearer
          : SECRETS.apiKey,
    ]),
  );
}

/** Every operation of a service as a generated-client call built from its catalogue baseline. */
export async function operationCalls(serviceId: string) {
  const doc = bundledDocument(serviceId);
  const meta = extractMeta(serviceId, doc);
  const catalogue = await loadCatalogue(serviceId);
  return Object.keys(meta.operations).flatMap((operation) => {
    const base = baselineRequest(catalogue, meta, operation);
    if (!base) return [];
    return [{
      operation,
      method: base.method,
      path: base.path,
      init: { params: base.params, body: base.body, ...(base.contentType ? { headers: { "Content-Type": base.contentType } } : {}) },
      security: meta.operations[operation]!.security,
    }];
  });
}

export const allSecrets = (text: string) => Object.values(SECRETS).filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)));
