/** The mock layer's promises (issue 15) on metrics: six targets refused with a detail. */
import { describe, expect, it } from "vitest";
import { baseline, send } from "../mock/wire.js";

const KMS_TYPE = "application/vnd.svc.kms.key+json";

describe("tells the truth", () => {
  it("six metrics targets are refused with a detail about the target array, in problem+json", async () => {
    const w = await baseline("metrics-v1", "GET /v1/metrics");
    const target = w.target.replace(/target=[^&]*/, Array.from({ length: 6 }, (_, i) => `target=app.web0${i}.requests`).join("&"));
    const r = await send("metrics-v1", { ...w, target });
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json.detail).toMatch(/target/);
    expect(r.json.detail).not.toBe("Missing required query parameter: target");
  });

});
