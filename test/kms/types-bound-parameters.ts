/**
 * Type tests, checked by test/typecheck.test.ts (tsc): bound parameters need not be repeated,
 * and what the types can express is rejected at compile time.
 */
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { createNotificationsV1Client } from "cloud-interfaces/notifications-v1";
import { createWidgetClient } from "cloud-interfaces/widget";

const kms = createKmsV2Client({ bind: { "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" } });
// Every required header is bound: no params needed at all.
void kms.GET("/api/v2/keys");
void kms.HEAD("/api/v2/keys", { params: { query: { filter: "extractable=true" } } });

const notifications = createNotificationsV1Client({ bind: { instance_id: "9fab83da-98cb-4f18-a7ba-b6f0435c9673" } });
// The bound path parameter is optional; the unbound one is still required.
void notifications.GET("/v1/instances/{instance_id}/topics");
void notifications.GET("/v1/instances/{instance_id}/topics/{id}", { params: { path: { id: "9fab83da-98cb-4f18-a7ba-b6f0435c9673" } } });
// @ts-expect-error the topic id is not bound and must be given
void notifications.GET("/v1/instances/{instance_id}/topics/{id}");

// @ts-expect-error an unknown bound parameter is a compile error
createWidgetClient({ bind: { tenantId: "x" } });
// @ts-expect-error a region the document does not list
createKmsV2Client({ region: "mars-1" });
// @ts-expect-error a path the document does not have
void createWidgetClient().POST("/developers/flex-api/widget", { body: { key: "k", user_email: "a@b.co", package_id: 1 } });
