/**
 * What the identity family puts on `cloud-interfaces/emulator` (generated/emulator-exports.ts
 * re-exports it, as it does each family's): the shapes of its state and seed, and the client and
 * user every identity emulator knows unless told otherwise (seedFromExamples: false).
 */
export type { IdentityClient, IdentitySeed, IdentityState, IdentityUser } from "./emulator.js";
export { DEFAULT_CLIENT, DEFAULT_USER } from "./emulator.js";
