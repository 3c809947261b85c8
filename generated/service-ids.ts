// Generated from openapi/services.json by scripts/build.ts. Do not edit.

export const SERVICE_IDS = ["identity-v3", "identity-v4", "notifications-v1", "kms-v2", "metrics-v1", "widget"] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];
