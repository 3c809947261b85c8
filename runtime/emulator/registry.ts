/**
 * The emulated services, for code that runs anywhere (a browser page, MSW's worker, Node): each
 * service's emulator, document and precompiled validators load on first use, so a bundle keeps
 * one chunk per service and a page loads only the services it emulates.
 */
import type { ServiceDefinition } from "./app.js";
import type { ValidateFunction } from "./contract.js";
import { servers as kmsV2Servers } from "../../generated/kms-v2/servers.js";
import { servers as identityV4Servers } from "../../generated/identity-v4/servers.js";
import { servers as identityV3Servers } from "../../generated/identity-v3/servers.js";
import { servers as notificationsV1Servers } from "../../generated/notifications-v1/servers.js";
import { servers as metricsV1Servers } from "../../generated/metrics-v1/servers.js";
import { servers as widgetServers } from "../../generated/widget/servers.js";

/** What an emulator is made of: its behaviour, and the document it is checked against with the validators the build compiled from it. */
export interface CompiledService {
  define(document: unknown): ServiceDefinition<any>;
  document: unknown;
  validators: Readonly<Record<string, ValidateFunction>>;
}

export const SERVICE_LOADERS: Record<string, () => Promise<CompiledService>> = {
  "kms-v2": async () => {
    const [m, compiled] = await Promise.all([import("./services/kms.js"), import("../../generated/kms-v2/emulator.js")]);
    return { define: m.kmsDefinition, document: compiled.document, validators: compiled.validators };
  },
  "identity-v4": async () => {
    const [m, compiled] = await Promise.all([import("./services/identity.js"), import("../../generated/identity-v4/emulator.js")]);
    return { define: (document: unknown) => m.identityDefinition("v4", document), document: compiled.document, validators: compiled.validators };
  },
  "identity-v3": async () => {
    const [m, compiled] = await Promise.all([import("./services/identity.js"), import("../../generated/identity-v3/emulator.js")]);
    return { define: (document: unknown) => m.identityDefinition("v3", document), document: compiled.document, validators: compiled.validators };
  },
  "notifications-v1": async () => {
    const [engine, plugin, compiled] = await Promise.all([import("./engine.js"), import("../notifications/emulator.js"), import("../../generated/notifications-v1/emulator.js")]);
    return { define: (document: unknown) => engine.engineDefinition("notifications-v1", document, plugin.notificationsPlugin), document: compiled.document, validators: compiled.validators };
  },
  "metrics-v1": async () => {
    const [m, compiled] = await Promise.all([import("./services/metrics.js"), import("../../generated/metrics-v1/emulator.js")]);
    return { define: m.metricsDefinition, document: compiled.document, validators: compiled.validators };
  },
  "widget": async () => {
    const [m, compiled] = await Promise.all([import("./services/widget.js"), import("../../generated/widget/emulator.js")]);
    return { define: m.widgetDefinition, document: compiled.document, validators: compiled.validators };
  },
};

export const EMULATED_SERVICES = Object.keys(SERVICE_LOADERS);

/** Each service's documented server URLs (small: routing needs them before the emulator is loaded). */
export const SERVICE_SERVERS: Record<string, readonly string[]> = {
  "kms-v2": kmsV2Servers,
  "identity-v4": identityV4Servers,
  "identity-v3": identityV3Servers,
  "notifications-v1": notificationsV1Servers,
  "metrics-v1": metricsV1Servers,
  "widget": widgetServers,
};

export function unknownService(serviceId: string): Error {
  return new Error(`no emulator for "${serviceId}"; emulated services: ${EMULATED_SERVICES.join(", ")}`);
}
