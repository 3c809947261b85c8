import { pascalName } from "../../scripts/lib/services.js";
import type { CaseCatalogue } from "./case-types.js";
import { mockUrl } from "./mocks.js";

export type AnyClient = Record<string, (path: string, init?: any) => Promise<{ data?: any; error?: any; response: Response }>>;

/** The generated factory of a service, found by the naming rule the generator follows. */
export async function generatedFactory(serviceId: string): Promise<(options: any) => AnyClient> {
  const module = await import(/* @vite-ignore */ `cloud-interfaces/${serviceId}`);
  const factory = module[`create${pascalName(serviceId)}Client`];
  if (typeof factory !== "function") throw new Error(`cloud-interfaces/${serviceId} has no create${pascalName(serviceId)}Client`);
  return factory;
}

export async function loadCatalogue(serviceId: string): Promise<CaseCatalogue> {
  const module = await import(`../cases/${serviceId}.ts`);
  return module.default as CaseCatalogue;
}

/** A generated client pointed at the service's mock, with the catalogue's credentials and bound parameters. */
export async function mockClient(serviceId: string, overrides: Record<string, unknown> = {}): Promise<AnyClient> {
  const catalogue = await loadCatalogue(serviceId);
  const factory = await generatedFactory(serviceId);
  // A replayed case is one request and its documented answer; the retry policy would re-send 429 and 409.
  return factory({ baseUrl: mockUrl(serviceId), ...catalogue.client, retry: false, ...overrides });
}
