/**
 * The emulated services, for code that runs anywhere (a browser page, MSW's worker, Node): each
 * service's emulator, document and precompiled validators load on first use, so a bundle keeps
 * one chunk per service and a page loads only the services it emulates. The table is generated
 * from openapi/services.json (generated/loaders.ts): nothing here names a service.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { EMULATOR_LOADERS, SERVER_URLS } from "../../generated/loaders.js";
import type { CompiledService } from "./compiled.js";

export type { CompiledService };

export const SERVICE_LOADERS: Readonly<Record<string, () => Promise<CompiledService>>> = EMULATOR_LOADERS;

export const EMULATED_SERVICES: readonly string[] = Object.keys(SERVICE_LOADERS);

/** Each service's documented server URLs (small: routing needs them before the emulator is loaded). */
export const SERVICE_SERVERS: Readonly<Record<string, readonly string[]>> = SERVER_URLS;

export function unknownService(serviceId: string): Error {
  return new CloudInterfacesError(`no emulator for "${serviceId}"; emulated services: ${EMULATED_SERVICES.join(", ")}`);
}
