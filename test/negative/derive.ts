/**
 * The negative-case derivation ships in the package (runtime/verify/negative.ts, from the
 * document's own examples); the tests use that one. What stays here is test-only: the case
 * catalogue's first successful request, which other test suites start from.
 */
import type { ServiceMeta } from "cloud-interfaces/core";
import { Contract } from "../../runtime/emulator/contract.js";
import { deriveNegativeCases as derive, MOCK_BLIND_SPOTS, type NegativeCase } from "../../runtime/verify/negative.js";
import type { CaseCatalogue } from "../harness/case-types.js";
import type { RawRequest } from "./raw-request.js";
import { ajvValidators } from "../../runtime/emulator/ajv-validators.js";

export { MOCK_BLIND_SPOTS, type BlindSpot, type NegativeCase, type Underivable } from "../../runtime/verify/negative.js";

/** The runtime derivation on a test's bundled document, with the catalogue's bound values. */
export function deriveNegativeCases(serviceId: string, doc: any, _meta: ServiceMeta, catalogue: CaseCatalogue) {
  const derived = derive(new Contract(serviceId, doc, ajvValidators(serviceId, doc)), catalogue.client.bind ?? {});
  // A credential's value is the server's to judge: the Prism mock these cases go to cannot (a blind spot, counted).
  const valueOnly = (c: NegativeCase) => c.request.malformed === "garbage" || c.request.malformed === "no-prefix";
  return {
    ...derived,
    cases: derived.cases.filter((c) => !valueOnly(c)),
    blindSpots: [...derived.blindSpots, ...derived.cases.filter(valueOnly).map((c) => ({ operation: c.operation, constraint: c.constraint, why: MOCK_BLIND_SPOTS.credentialValue }))],
  };
}

/** The catalogue's first successful case is the operation's known-valid request. */
export function baselineRequest(catalogue: CaseCatalogue, meta: ServiceMeta, operation: string): RawRequest | undefined {
  const cases = catalogue.cases.filter((c) => c.operation === operation);
  const ok = cases.find((c) => c.status >= 200 && c.status < 300) ?? cases[0];
  if (!ok) return undefined;
  const [method, path] = operation.split(" ") as [string, string];
  const bound = { path: {} as Record<string, unknown>, header: {} as Record<string, unknown> };
  for (const b of meta.bind) {
    const value = catalogue.client.bind?.[b.name];
    if (value !== undefined) bound[b.in][b.name] = value;
  }
  return {
    method,
    path,
    params: {
      path: { ...bound.path, ...(ok.request?.params?.path ?? {}) },
      query: { ...(ok.request?.params?.query ?? {}) },
      header: { ...bound.header, ...(ok.request?.params?.header ?? {}) },
    },
    body: ok.request?.body === undefined ? undefined : structuredClone(ok.request.body),
    contentType: ok.request?.contentType,
    withCredentials: true,
  };
}
