// Generated from openapi/services.json by scripts/build.ts. Do not edit.

export const SERVICE_IDS = ["identity-v3", "identity-v4", "notifications-v1", "kms-v2", "metrics-v1", "widget"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** The "METHOD /path/template" keys of each service's operations (its generated meta): what code naming an operation may write. */
export interface ServiceOperations {
  "identity-v3": keyof (typeof import("./identity-v3/client.js"))["identityV3Service"]["operations"];
  "identity-v4": keyof (typeof import("./identity-v4/client.js"))["identityV4Service"]["operations"];
  "notifications-v1": keyof (typeof import("./notifications-v1/client.js"))["notificationsV1Service"]["operations"];
  "kms-v2": keyof (typeof import("./kms-v2/client.js"))["kmsV2Service"]["operations"];
  "metrics-v1": keyof (typeof import("./metrics-v1/client.js"))["metricsV1Service"]["operations"];
  "widget": keyof (typeof import("./widget/client.js"))["widgetService"]["operations"];
}
