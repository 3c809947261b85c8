/**
 * Every emulated service loaded at once, for the synchronous `createEmulator` of Node code
 * (`cloud-interfaces/emulator`). The table is generated (generated/bundled.ts) with static
 * imports: no top-level await, so the entry point loads with require(), and no Ajv, whose
 * helpers the precompiled validators carry. Code for browsers uses registry.ts, which loads one
 * service at a time.
 */
export { BUNDLED_SERVICES } from "../../generated/bundled.js";
