/**
 * Type tests, checked by test/typecheck.test.ts (tsc): the names and shapes the notification service's SDKs
 * send are the ones the generated types offer (issue 26), and the names no client sends are gone.
 */
import type { components as Notifications } from "cloud-interfaces/notifications-v1";

// notifications: specversion is required; replace-topic name is optional; rules need no event_type_filter.
// @ts-expect-error specversion is required (Go validate:"required", Node non-optional)
const noSpec: Notifications["schemas"]["Notification"] = { id: "1", type: "t", source: "s", svcensourceid: "s:api", svcendefaultshort: "a", svcendefaultlong: "b" };
void noSpec;
const replace: Notifications["schemas"]["TopicReplaceRequest"] = { description: "d" };
const rule: Notifications["schemas"]["RuleRequest"] = { enabled: true, event_schedule_filter: { expression: "* * * * *" } };
const push: Notifications["schemas"]["PushTargets"] = { tags: ["beta"], fcm_devices: ["d1"] };
void [replace, rule, push];
