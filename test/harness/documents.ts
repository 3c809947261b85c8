import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";

const cache = new Map<string, any>();

/** The bundled document global-setup wrote for this run (local $refs only). */
export function bundledDocument(serviceId: string): any {
  if (!cache.has(serviceId)) {
    cache.set(serviceId, JSON.parse(readFileSync(join(BUNDLE_DIR, `${serviceId}.json`), "utf8")));
  }
  return cache.get(serviceId);
}

/** JSON pointer segment escaping (RFC 6901). */
export const pointer = (...segments: string[]) =>
  "#/" + segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
