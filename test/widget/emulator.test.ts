/** The widget emulator through the generated client. */
import { describe, expect, it } from "vitest";
import { createWidgetClient } from "cloud-interfaces/widget";
import { emulator } from "../emulator/harness.js";
import { placeholderBaseUrl } from "cloud-interfaces/emulator";

describe("widget emulator", () => {
  it("gives a stable URL per request and refuses a key that differs from the header", async () => {
    const env = emulator("widget");
    const client = createWidgetClient({ baseUrl: placeholderBaseUrl("widget"), validate: false, credentials: { apiKey: "prj_4f1c2a9d" }, fetch: env.fetch });
    const body = { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042 };
    const a = await client.POST("/developers/flex-api/widget-url", { body });
    const b = await client.POST("/developers/flex-api/widget-url", { body: { user_email: "user@example.com", package_id: 1042, key: "prj_4f1c2a9d" } });
    // A 200 may carry the failure shape (issue 14 item 24): narrow on success before reading data.
    const url = (r: typeof a) => (r.data?.success === 1 ? r.data.data : undefined);
    expect(url(a)).toBeDefined();
    expect(url(a)).toBe(url(b));
    const c = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_id: 7 } });
    expect(url(c)).not.toBe(url(a));
    const mismatch = await client.POST("/developers/flex-api/widget-url", { body: { ...body, key: "other" } });
    expect(mismatch.response.status).toBe(401);
    // Issue 35: the 401 says which rule failed, in the document's failure shape.
    expect(mismatch.error).toEqual({ success: 0, error: expect.stringMatching(/^Invalid project key: the X-ApiKey header must equal the body's key/) });
    // Issue 14 item 23: "required unless the other is present" allows both identifiers.
    const both = await client.POST("/developers/flex-api/widget-url", { body: { ...body, package_sku_id: "gold" } });
    expect(both.response.status).toBe(200);
    expect(both.data).toMatchObject({ success: 1 });
  });
});

describe("widget emulator: the 401 names its rule", () => {
  it("a missing X-ApiKey and a key outside seed.projects each say which rule failed", async () => {
    const env = emulator("widget", { seed: { projects: ["prj_known"] } });
    const send = (headers: Record<string, string>, key: string) =>
      env.fetch("https://api.widget.example.com/developers/flex-api/widget-url", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ key, user_email: "user@example.com", package_id: 1 }) });
    const missing = await send({}, "prj_known");
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatch(/X-ApiKey header is missing/);
    const unknown = await send({ "x-apikey": "prj_other" }, "prj_other");
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toMatch(/not one of the emulator's projects/);
    expect((await send({ "x-apikey": "prj_known" }, "prj_known")).status).toBe(200);
  });
});
