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
