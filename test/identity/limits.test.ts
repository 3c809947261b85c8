/** Identity's tenants stop at their cap (the emulators' caps: runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps"). */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

describe("state caps", () => {
  it("identity: tenants stop at their cap with the document's OAuth 400", async () => {
    const { fetch } = emulator("identity-v4", { caps: { identityTenants: 1 } });
    const auth = (tenant: string) => fetch(`https://us-south.appid.example.com/oauth/v4/${tenant}/authorization?response_type=code&client_id=emulator-client&redirect_uri=https://app.example.com/cb&scope=openid`, { redirect: "manual" });
    expect((await auth("t1")).status).toBe(302);
    const refused = await auth("t2");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_request", error_description: expect.stringContaining("tenants") });
  });
});
