// Generated from openapi/services.json by scripts/build.ts. Do not edit.

import type { CompiledService } from "../runtime/emulator/compiled.js";
import type { EngineState } from "../runtime/emulator/engine.js";
import type { ServiceDefinition } from "../runtime/emulator/app.js";
import { baseUrl as baseUrl0, servers as servers0 } from "./identity-v3/servers.js";
import { baseUrl as baseUrl1, servers as servers1 } from "./identity-v4/servers.js";
import { baseUrl as baseUrl2, servers as servers2 } from "./notifications-v1/servers.js";
import { baseUrl as baseUrl3, servers as servers3 } from "./kms-v2/servers.js";
import { baseUrl as baseUrl4, servers as servers4 } from "./metrics-v1/servers.js";
import { baseUrl as baseUrl5, servers as servers5 } from "./widget/servers.js";

/** Each service's emulator, loaded on first use: its family plug-in or the resource engine, with its document and validators. */
export const EMULATOR_LOADERS: Readonly<Record<string, () => Promise<CompiledService>>> = {
  "identity-v3": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/identity/emulator.js"), import("./identity-v3/emulator.js"), import("./identity-v3/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("identity-v3", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
  "identity-v4": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/identity/emulator.js"), import("./identity-v4/emulator.js"), import("./identity-v4/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("identity-v4", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
  "notifications-v1": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/notifications/emulator.js"), import("./notifications-v1/emulator.js"), import("./notifications-v1/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("notifications-v1", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
  "kms-v2": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/kms/emulator.js"), import("./kms-v2/emulator.js"), import("./kms-v2/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("kms-v2", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
  "metrics-v1": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/metrics/emulator.js"), import("./metrics-v1/emulator.js"), import("./metrics-v1/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("metrics-v1", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
  "widget": async () => {
    const [plugin, compiled, operations] = await Promise.all([import("../runtime/widget/emulator.js"), import("./widget/emulator.js"), import("./widget/operations.js")]);
    return { define: (document: unknown) => plugin.defineEmulator("widget", document), document: compiled.document, validators: compiled.validators, table: operations.table };
  },
};

/** Each service's documented server URLs (small: routing needs them before the emulator is loaded). */
export const SERVER_URLS: Readonly<Record<string, readonly string[]>> = {
  "identity-v3": servers0,
  "identity-v4": servers1,
  "notifications-v1": servers2,
  "kms-v2": servers3,
  "metrics-v1": servers4,
  "widget": servers5,
};

/** Each service's first documented server with its variables at their defaults (a placeholder host: see x-placeholder). */
export const BASE_URLS: Readonly<Record<string, string | undefined>> = {
  "identity-v3": baseUrl0,
  "identity-v4": baseUrl1,
  "notifications-v1": baseUrl2,
  "kms-v2": baseUrl3,
  "metrics-v1": baseUrl4,
  "widget": baseUrl5,
};

/** Each service's generated client, loaded when first used. */
export const CLIENT_LOADERS: Readonly<Record<string, () => Promise<Record<string, unknown>>>> = {
  "identity-v3": () => import("./identity-v3/client.js"),
  "identity-v4": () => import("./identity-v4/client.js"),
  "notifications-v1": () => import("./notifications-v1/client.js"),
  "kms-v2": () => import("./kms-v2/client.js"),
  "metrics-v1": () => import("./metrics-v1/client.js"),
  "widget": () => import("./widget/client.js"),
};

type StateOf<F> = F extends (...args: never[]) => ServiceDefinition<infer S> ? S : never;

/** The in-memory state of each service's emulator, for tests that look inside. */
export interface EmulatorStates {
  "identity-v3": StateOf<(typeof import("../runtime/identity/emulator.js"))["defineEmulator"]>;
  "identity-v4": StateOf<(typeof import("../runtime/identity/emulator.js"))["defineEmulator"]>;
  "notifications-v1": StateOf<(typeof import("../runtime/notifications/emulator.js"))["defineEmulator"]>;
  "kms-v2": StateOf<(typeof import("../runtime/kms/emulator.js"))["defineEmulator"]>;
  "metrics-v1": StateOf<(typeof import("../runtime/metrics/emulator.js"))["defineEmulator"]>;
  "widget": StateOf<(typeof import("../runtime/widget/emulator.js"))["defineEmulator"]>;
}
