/** The mock layer's promises (issue 15) on identity: the log line per request, secrets redacted. */
import { describe, expect, it } from "vitest";
import { startMock, type MockLogEntry } from "cloud-interfaces/mock";

const KMS_TYPE = "application/vnd.svc.kms.key+json";

describe("tells the truth", () => {
  it("onRequest and the log get one line per request with its violations, query secrets redacted", async () => {
    const entries: MockLogEntry[] = [];
    const lines: string[] = [];
    const mock = await startMock("identity-v4", { log: true, onRequest: (e) => entries.push(e), write: (l) => lines.push(l) });
    try {
      await fetch(`${mock.url}/oauth/v4/6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41/authorization?response_type=token&client_id=c&client_secret=shh`);
      await fetch(`${mock.url}/nowhere`);
      expect(entries).toHaveLength(2);
      expect(entries[0]!.status).toBe(400);
      expect(entries[0]!.violations.some((v) => v.location.includes("response_type"))).toBe(true);
      expect(entries[0]!.path).toContain("client_secret=[redacted]");
      expect(entries[1]).toMatchObject({ status: 404, mockError: "not-found" });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/identity-v4 GET .*authorization.* → 400 .*violations: .*response_type/);
      expect(lines.join("\n")).not.toContain("shh");
    } finally {
      await mock.close();
    }
  });
});
