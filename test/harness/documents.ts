import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE_DIR } from "../../scripts/lib/paths.js";
import { joinPointer } from "../../runtime/core/pointer.js";

const cache = new Map<string, any>();

/** The bundled document global-setup wrote for this run (local $refs only). */
export function bundledDocument(serviceId: string): any {
  if (!cache.has(serviceId)) {
    cache.set(serviceId, JSON.parse(readFileSync(join(BUNDLE_DIR, `${serviceId}.json`), "utf8")));
  }
  return cache.get(serviceId);
}

/** The pointer of a document location, its keys escaped (RFC 6901). */
export const pointer = (...segments: string[]) => joinPointer(segments);
