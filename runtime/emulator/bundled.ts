/**
 * Every emulated service loaded at once, for the synchronous `createEmulator` of Node code
 * (`cloud-interfaces/emulator`). Code for browsers uses registry.ts, which loads one service
 * at a time.
 */
import type { CompiledService } from "./registry.js";
import { identityDefinition } from "./services/identity.js";
import { kmsDefinition } from "./services/kms.js";
import { metricsDefinition } from "./services/metrics.js";
import { engineDefinition } from "./engine.js";
import { notificationsPlugin } from "../notifications/emulator.js";
import { widgetDefinition } from "./services/widget.js";
import { importPeer } from "../mock/optional-peers.js";

// The build's validators import Ajv's run-time helpers (ajv, ajv-formats): without that optional
// peer installed, the user gets the one-sentence install line instead of Node's module-not-found.
const [kmsV2, identityV4, identityV3, notificationsV1, metricsV1, widget] = await importPeer("ajv", () =>
  Promise.all([
    import("../../generated/kms-v2/emulator.js"),
    import("../../generated/identity-v4/emulator.js"),
    import("../../generated/identity-v3/emulator.js"),
    import("../../generated/notifications-v1/emulator.js"),
    import("../../generated/metrics-v1/emulator.js"),
    import("../../generated/widget/emulator.js"),
  ]),
);

export const BUNDLED_SERVICES: Record<string, CompiledService> = {
  "kms-v2": { define: kmsDefinition, document: kmsV2.document, validators: kmsV2.validators },
  "identity-v4": { define: (document: unknown) => identityDefinition("v4", document), document: identityV4.document, validators: identityV4.validators },
  "identity-v3": { define: (document: unknown) => identityDefinition("v3", document), document: identityV3.document, validators: identityV3.validators },
  "notifications-v1": { define: (document: unknown) => engineDefinition("notifications-v1", document, notificationsPlugin), document: notificationsV1.document, validators: notificationsV1.validators },
  "metrics-v1": { define: metricsDefinition, document: metricsV1.document, validators: metricsV1.validators },
  "widget": { define: widgetDefinition, document: widget.document, validators: widget.validators },
};
