/**
 * Every emulated service loaded at once, for the synchronous `createEmulator` of Node code
 * (`cloud-interfaces/emulator`). Code for browsers uses registry.ts, which loads one service
 * at a time.
 */
import { SERVICE_LOADERS, type CompiledService } from "./registry.js";
import { importPeer } from "../http/optional-peers.js";

// The build's validators import Ajv's run-time helpers (ajv, ajv-formats): without that optional
// peer installed, the user gets the one-sentence install line instead of Node's module-not-found.
const loaded = await importPeer("ajv", () => Promise.all(Object.entries(SERVICE_LOADERS).map(async ([id, load]) => [id, await load()] as const)));

export const BUNDLED_SERVICES: Readonly<Record<string, CompiledService>> = Object.fromEntries(loaded);
