/** What the metrics family puts on `cloud-interfaces/emulator` (re-exported by generated/emulator-exports.ts): its state and seed shapes. */
export type { MetricsSeed, MetricsState } from "./emulator.js";
