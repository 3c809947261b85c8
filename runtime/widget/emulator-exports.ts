/** What the widget plug-in puts on `cloud-interfaces/emulator` (re-exported by generated/emulator-exports.ts): its state and seed shapes. */
export type { WidgetSeed, WidgetState } from "./emulator.js";
