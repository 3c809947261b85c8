/**
 * Type tests, checked by test/typecheck.test.ts (tsc): the names and shapes the services' SDKs
 * send are the ones the generated types offer (issue 26), and the names no client sends are gone.
 */
import { authorizationUrl, type components as IdentityV4 } from "cloud-interfaces/identity-v4";
import type { components as Notifications } from "cloud-interfaces/notifications-v1";
import type { components as Metrics } from "cloud-interfaces/metrics-v1";
import type { components as Widget } from "cloud-interfaces/widget";

const target = { tenantId: "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41" };
const code = { response_type: "code", client_id: "c", redirect_uri: "https://app.example.com/cb" } as const;
authorizationUrl("v4", target, { ...code, authsvc_access_token: "t", language: "en_US" });
// @ts-expect-error access_token is not a parameter: the SDKs send appid_access_token (authsvc_access_token here)
authorizationUrl("v4", target, { ...code, access_token: "t" });
// @ts-expect-error ui_locales is not a parameter: the SDKs send language
authorizationUrl("v4", target, { ...code, ui_locales: "en" });

// The server SDK's TokenManager form, as a typed token request (scope may be empty).
const jwtBearer: IdentityV4["schemas"]["PkceTokenRequest"] = { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", scope: "", assertion: "a.b.c" };
void jwtBearer;

// notifications: specversion is required; replace-topic name is optional; rules need no event_type_filter.
// @ts-expect-error specversion is required (Go validate:"required", Node non-optional)
const noSpec: Notifications["schemas"]["Notification"] = { id: "1", type: "t", source: "s", svcensourceid: "s:api", svcendefaultshort: "a", svcendefaultlong: "b" };
void noSpec;
const replace: Notifications["schemas"]["TopicReplaceRequest"] = { description: "d" };
const rule: Notifications["schemas"]["RuleRequest"] = { enabled: true, event_schedule_filter: { expression: "* * * * *" } };
const push: Notifications["schemas"]["PushTargets"] = { tags: ["beta"], fcm_devices: ["d1"] };
void [replace, rule, push];

// metrics: the service's own error body is a documented type.
const recorded: Metrics["schemas"]["ServiceErrors"] = { errors: [{ code: "BXNMSRI01E", message: "Token is expired" }] };
void recorded;

// widget: FlexibleProduct is exported with the periodType enum.
const product: Widget["schemas"]["FlexibleProduct"] = {
  amount: 1, currencyCode: "USD", name: "n", productId: "p", productType: "subscription", periodLength: 1, periodType: "week", recurring: 1,
};
void product;
// @ts-expect-error periodType is day, week or month
const yearly: Widget["schemas"]["FlexibleProduct"] = { ...product, periodType: "year" };
void yearly;
