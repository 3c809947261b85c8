// Generated from openapi/services.json by scripts/build.ts. Do not edit.

import type { CompiledService } from "../runtime/emulator/compiled.js";
import * as plugin0 from "../runtime/identity/emulator.js";
import * as plugin1 from "../runtime/notifications/emulator.js";
import * as plugin2 from "../runtime/kms/emulator.js";
import * as plugin3 from "../runtime/metrics/emulator.js";
import * as plugin4 from "../runtime/widget/emulator.js";
import * as compiled0 from "./identity-v3/emulator.js";
import * as compiled1 from "./identity-v4/emulator.js";
import * as compiled2 from "./notifications-v1/emulator.js";
import * as compiled3 from "./kms-v2/emulator.js";
import * as compiled4 from "./metrics-v1/emulator.js";
import * as compiled5 from "./widget/emulator.js";
import * as operations0 from "./identity-v3/operations.js";
import * as operations1 from "./identity-v4/operations.js";
import * as operations2 from "./notifications-v1/operations.js";
import * as operations3 from "./kms-v2/operations.js";
import * as operations4 from "./metrics-v1/operations.js";
import * as operations5 from "./widget/operations.js";

/** Every service's emulator, loaded with this module: its family plug-in or the resource engine, with its document, validators and operation table. */
export const BUNDLED_SERVICES: Readonly<Record<string, CompiledService>> = {
  "identity-v3": { define: (document: unknown) => plugin0.defineEmulator("identity-v3", document), document: compiled0.document, validators: compiled0.validators, table: operations0.table, workflows: operations0.workflows },
  "identity-v4": { define: (document: unknown) => plugin0.defineEmulator("identity-v4", document), document: compiled1.document, validators: compiled1.validators, table: operations1.table, workflows: operations1.workflows },
  "notifications-v1": { define: (document: unknown) => plugin1.defineEmulator("notifications-v1", document), document: compiled2.document, validators: compiled2.validators, table: operations2.table, workflows: operations2.workflows },
  "kms-v2": { define: (document: unknown) => plugin2.defineEmulator("kms-v2", document), document: compiled3.document, validators: compiled3.validators, table: operations3.table, workflows: operations3.workflows },
  "metrics-v1": { define: (document: unknown) => plugin3.defineEmulator("metrics-v1", document), document: compiled4.document, validators: compiled4.validators, table: operations4.table, workflows: operations4.workflows },
  "widget": { define: (document: unknown) => plugin4.defineEmulator("widget", document), document: compiled5.document, validators: compiled5.validators, table: operations5.table, workflows: operations5.workflows },
};
