/**
 * Key management requests shaped as the service family's Java client sends them
 * (IBM/keyprotect-java-client): IbmKeyProtectApi.java createKey labels the body with the key
 * media type (`application/vnd.ibm.kms.key+json` there, the interface document's
 * `application/vnd.svc.kms.key+json` here), asks for `Accept: application/json` and sends the
 * instance header (`Bluemix-Instance` there, `svc-instance` here), `Correlation-Id`, `Prefer`
 * and `X-Kms-Key-Ring` when set. Its examples build the create resource without `type`
 * (examples/kp-sdk-example/.../utils/KpUtilities.java buildCreateKeyInputStream: name,
 * extractable, description, payload). Issue 37, "Also".
 */
import { describe, expect, it } from "vitest";
import { mockUrl } from "../harness/mocks.js";
import { loopback } from "../real-clients/loopback.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const headers = {
  Accept: "application/json",
  Authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln",
  "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  "Content-Type": KEY_TYPE,
  Prefer: "return=representation",
};
const kms = () => loopback(mockUrl("kms-v2"));

describe("kms-v2: the Java client's requests", () => {
  it.each([
    ["a root key", { name: "java-root", extractable: false, description: "from KeysExamples" }],
    ["an imported root key", { name: "java-imported", extractable: false, description: "from KeysExamples", payload: "SXQgaXMgYSByZWFsbHkgaW1wb3J0YW50IG1lc3NhZ2U=" }],
  ])("create %s as buildCreateKeyInputStream writes it (no type in the resource) → 201", async (_, resource) => {
    const body = JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [resource] });
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
  });

  it("a resource without a name is still the missing-field case", async () => {
    const body = JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ extractable: false }] });
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers, body });
    expect(response.headers.get("sl-violations")).toMatch(/name/);
    expect(response.status).toBe(400);
  });
});
