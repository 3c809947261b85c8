/** The widget's remembered URLs stop at their cap (the emulators' caps: runtime/emulator/caps.ts, ASSUMPTIONS.md "Caps"). */
import { describe, expect, it } from "vitest";
import { emulator } from "../emulator/harness.js";

describe("state caps", () => {
  it("widget: remembered URLs stop at their cap, oldest first", async () => {
    const { fetch, emu } = emulator("widget", { caps: { widgetIssued: 2 } });
    for (const email of ["a@x.example", "b@x.example", "c@x.example"]) {
      const r = await fetch("https://api.widget.example.com/developers/flex-api/widget-url", { method: "POST", headers: { "x-apikey": "k", "content-type": "application/json" }, body: JSON.stringify({ key: "k", user_email: email, package_id: 1 }) });
      expect(r.status).toBe(200);
    }
    expect((emu.state as any).issued.size).toBe(2);
  });
});
