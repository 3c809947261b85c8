import { loadBundledDocument } from "./documents.js";

/**
 * The documented server URLs of a service as one pattern each (`{region}` and other variables
 * match one host label or path segment), for routing intercepted requests to the emulator.
 */
export function serverPatterns(serviceId: string, document: unknown = loadBundledDocument(serviceId)): RegExp[] {
  const servers = ((document as { servers?: Array<{ url: string }> }).servers ?? []).map((s) => s.url.replace(/\/$/, ""));
  return servers.map((url) => {
    const source = url
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith("{") ? "[^./?#]+" : part.replace(/[.*+?^$()|[\]\\/]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}(?:[/?#].*)?$`);
  });
}
