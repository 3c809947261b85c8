/**
 * Where the bundled documents live (dist/openapi/<id>.json, as the package ships them): the
 * one place the mock reads a document from.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { existsSync, readFileSync } from "node:fs";
import { bundledDocumentPath } from "./package-files.js";
import { SERVICE_IDS } from "../../generated/service-ids.js";

/** The bundled (single-file, local `$ref`s only) OpenAPI document of a service. */
export function readBundle(serviceId: string): any {
  if (!(SERVICE_IDS as readonly string[]).includes(serviceId)) {
    throw new CloudInterfacesError(`No service "${serviceId}"; known services: ${SERVICE_IDS.join(", ")}.`);
  }
  const file = bundledDocumentPath(serviceId);
  if (!existsSync(file)) throw new CloudInterfacesError(`No bundled document for "${serviceId}" (expected ${file}; run npm run build).`);
  return JSON.parse(readFileSync(file, "utf8"));
}

export function availableServices(): string[] {
  return [...SERVICE_IDS];
}
