import { BASE_URLS } from "../../generated/loaders.js";
import { defaultServerUrl } from "../openapi/server-url.js";
import { SERVICE_SERVERS, unknownService } from "./registry.js";

/**
 * The documented server URLs of a service as one pattern each (`{region}` and other variables
 * match one host label or path segment), for routing intercepted requests to the emulator.
 */
export function serverPatterns(serviceId: string, document?: unknown): RegExp[] {
  const listed = document === undefined ? SERVICE_SERVERS[serviceId] : ((document as { servers?: Array<{ url: string }> }).servers ?? []).map((s) => s.url);
  if (!listed) throw unknownService(serviceId);
  return listed.map((raw) => {
    const source = raw
      .replace(/\/$/, "")
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "[^./?#]+" : part.replace(/[.*+?^$()|[\]\\/]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}(?:[/?#].*)?$`);
  });
}

/**
 * The service's placeholder base URL: its document's first server with the variables at their
 * defaults (`https://us-south.kms.example.com`), generated from the document. The emulators
 * answer it under MSW and in the try-it panel; a client is pointed at it explicitly
 * (`baseUrl`), since it refuses a placeholder host it is not given.
 */
export function placeholderBaseUrl(serviceId: string, document?: unknown): string {
  const first = document === undefined ? BASE_URLS[serviceId] : ((document as { servers?: Array<{ url: string; variables?: Record<string, { default?: unknown }> }> }).servers ?? []).map(defaultServerUrl)[0];
  if (first === undefined) throw unknownService(serviceId);
  return first;
}
