import { readFileSync } from "node:fs";
import { bundledDocumentPath } from "../mock/package-files.js";

/** The bundled documents, read where the package ships them (dist/openapi), once per service. */
const cache = new Map<string, unknown>();

export function loadBundledDocument(serviceId: string): unknown {
  if (!/^[a-z0-9-]+$/.test(serviceId)) throw new Error(`not a service id: ${serviceId}`);
  let doc = cache.get(serviceId);
  if (doc === undefined) {
    doc = JSON.parse(readFileSync(bundledDocumentPath(serviceId), "utf8"));
    cache.set(serviceId, doc);
  }
  return doc;
}
