/** The widget emulator through the generated client. */
import { describe, expect, it } from "vitest";
import { createWidgetClient } from "cloud-interfaces/widget";
import { emulator } from "../emulator/harness.js";

describe("widget emulator", () => {
  it("gives a stable URL per request and refuses a key that differs from the header", async () => {
    const env = emulator("widget");
    const client = createWidgetClient({ validate: false, credentials: { apiKey: "prj_4f1c2a9d" }, fetch: env.fetch });
    const body = { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042 };
    const a = await client.POST("/developers/flex-api/widget-url", { body });
    const b = await client.POST("/developers/flex-api/widget-url", { body: { user_email: "user@example.com", package_id: 1042, key: "prj_4f1c2a9d" } });
    // A 200 may carry the failure shape (issue 14 item 24): narrow on success before reading data.
    const url = (r: typeof a) => (r.data?.success === 1 ? r.data.data : undefined);
    expect(url(a)).toBeDefined();
    expect(url(a)).toBe(url(b));
    const c = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_id: 7 } });
    expect(url(c)).not.toBe(url(a));
    expect((await client.POST("/developers/flex-api/widget-url", { body: { ...body, key: "other" } })).response.status).toBe(401);
    // Issue 14 item 23: "required unless the other is present" allows both identifiers.
    const both = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_sku_id: "gold" } });
    expect(both.response.status).toBe(200);
    expect(both.data).toMatchObject({ success: 1 });
  });
});
