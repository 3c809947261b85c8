import { readFileSync } from "node:fs";

/**
 * The ONE place that knows where bundled documents live. Everything in the emulator reads
 * documents through this function, so moving the bundles (dist/bundled -> dist/openapi) is a
 * one-line change here.
 */
const BUNDLE_DIR = new URL("../../dist/bundled/", import.meta.url);

const cache = new Map<string, unknown>();

export function loadBundledDocument(serviceId: string): unknown {
  if (!/^[a-z0-9-]+$/.test(serviceId)) throw new Error(`not a service id: ${serviceId}`);
  let doc = cache.get(serviceId);
  if (doc === undefined) {
    doc = JSON.parse(readFileSync(new URL(`${serviceId}.json`, BUNDLE_DIR), "utf8"));
    cache.set(serviceId, doc);
  }
  return doc;
}
