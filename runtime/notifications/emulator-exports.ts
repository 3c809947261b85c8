/** What the notifications family puts on `cloud-interfaces/emulator` (re-exported by generated/emulator-exports.ts): its state and seed shapes. */
export type { NotificationsSeed, NotificationsState } from "./emulator.js";
