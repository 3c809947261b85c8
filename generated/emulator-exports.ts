// Generated from openapi/services.json by scripts/build.ts. Do not edit.

/** Each family's types (and values) on cloud-interfaces/emulator, from its runtime/<family>/emulator-exports.ts. */
export * from "../runtime/identity/emulator-exports.js";
export * from "../runtime/notifications/emulator-exports.js";
export * from "../runtime/kms/emulator-exports.js";
export * from "../runtime/metrics/emulator-exports.js";
export * from "../runtime/widget/emulator-exports.js";
