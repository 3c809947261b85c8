import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { OPENAPI_DIR } from "./paths.js";

export interface Service {
  id: string;
  /** File name under openapi/. */
  document: string;
  /** Interface document under ../shared/seeds the OpenAPI document is written from. */
  seed: string;
  /** Hand-written helpers in runtime/<family>/, re-exported by the service's package entry point. */
  family?: string;
}

export function readServices(openapiDir = OPENAPI_DIR): Service[] {
  const raw = JSON.parse(readFileSync(join(openapiDir, "services.json"), "utf8")) as { services: Service[] };
  return raw.services;
}

export function documentPath(service: Service, openapiDir = OPENAPI_DIR): string {
  return join(openapiDir, service.document);
}

/**
 * The services to work on; `only` narrows the list for development. A missing document is an
 * error, never a silent skip, so a half-written registry cannot pass the build.
 */
export function selectServices(only: string[] = [], openapiDir = OPENAPI_DIR): Service[] {
  const all = readServices(openapiDir);
  const unknown = only.filter((id) => !all.some((s) => s.id === id));
  if (unknown.length > 0) {
    throw new Error(`Unknown service id(s): ${unknown.join(", ")}. Known: ${all.map((s) => s.id).join(", ")}`);
  }
  const chosen = only.length > 0 ? all.filter((s) => only.includes(s.id)) : all;
  const missing = chosen.filter((s) => !existsSync(documentPath(s, openapiDir)));
  if (missing.length > 0) {
    throw new Error(
      `Missing OpenAPI document(s): ${missing.map((s) => `openapi/${s.document} (service ${s.id})`).join(", ")}. ` +
        "Every service listed in openapi/services.json must have its document.",
    );
  }
  return chosen;
}

/** "billing-v2" -> "BillingV2": the name part of the generated factory `createBillingV2Client`. */
export function pascalName(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}
