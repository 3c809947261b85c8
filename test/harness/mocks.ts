import { inject } from "vitest";

/** Base URL of the Prism mock that global-setup started for a service id. */
export function mockUrl(serviceId: string): string {
  const url = inject("mockUrls")[serviceId];
  if (!url) throw new Error(`No mock running for ${serviceId} (is its document missing from openapi/?)`);
  return url;
}
