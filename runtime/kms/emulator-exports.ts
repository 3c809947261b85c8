/** What the KMS family puts on `cloud-interfaces/emulator` (re-exported by generated/emulator-exports.ts): its key, state and seed shapes. */
export type { KmsKey, KmsSeed, KmsState } from "./emulator.js";
