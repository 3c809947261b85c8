/** The generated client of each service, loaded when its panel sends the first request. */
export const CLIENT_MODULES: Record<string, () => Promise<Record<string, unknown>>> = {
  "kms-v2": () => import("../../generated/kms-v2/client.js"),
  "identity-v4": () => import("../../generated/identity-v4/client.js"),
  "identity-v3": () => import("../../generated/identity-v3/client.js"),
  "notifications-v1": () => import("../../generated/notifications-v1/client.js"),
  "metrics-v1": () => import("../../generated/metrics-v1/client.js"),
  widget: () => import("../../generated/widget/client.js"),
};
