import type { ArazzoWorkflow } from "../openapi/workflows.js";
import { BUNDLED_SERVICES } from "./bundled.js";
import { unknownService } from "./registry.js";

/** The bundled document of a service (the same as cloud-interfaces/openapi/<id>.json), imported as a module. */
export function loadBundledDocument(serviceId: string): unknown {
  const service = BUNDLED_SERVICES[serviceId];
  if (!service) throw unknownService(serviceId);
  return service.document;
}

/** The Arazzo workflows the build made of a service's bundled document (generated/<id>/operations.ts). */
export function loadBundledWorkflows(serviceId: string): ArazzoWorkflow[] {
  const service = BUNDLED_SERVICES[serviceId];
  if (!service) throw unknownService(serviceId);
  return service.workflows ?? [];
}
