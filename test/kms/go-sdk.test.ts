/**
 * Key management requests shaped as the service family's Go client sends them
 * (IBM/keyprotect-go-client): kp.go `newRequest` JSON-encodes the body, sets only
 * `accept: application/json` and never a Content-Type; `do` adds `authorization`, the instance
 * header (`bluemix-instance` there, `svc-instance` in interface document 3), `correlation-id`
 * and `x-kms-key-ring`; listkeys.go joins `state` with "," and encodes the query with Go's
 * `url.Values.Encode` (so the comma travels as %2C). keys.go `createKeyResource` posts the
 * collection envelope without a Prefer header. Issue 14 item 16.
 */
import { describe, expect, it } from "vitest";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { loopback } from "../real-clients/loopback.js";

const INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const KEY_TYPE = "application/vnd.svc.kms.key+json";

/** The headers `newRequest` + `do` put on every call. */
const goHeaders = {
  accept: "application/json",
  authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln",
  "svc-instance": INSTANCE,
  "correlation-id": "7a1c3e5f-2b4d-4c6e-8f0a-1b2c3d4e5f60",
  "x-kms-key-ring": "payroll-ring",
};

const documented = (method: "get" | "post", status: string, example: string) =>
  bundledDocument("kms-v2").paths["/api/v2/keys"][method].responses[status].content[method === "get" ? "application/vnd.svc.collection+json" : KEY_TYPE].examples[example].value;

const kms = () => loopback(mockUrl("kms-v2"));

describe("kms-v2: the Go client's requests", () => {
  it("list keys: Accept application/json, the filter form-encoded as url.Values.Encode does → 200 as application/json", async () => {
    // url.Values.Encode (QueryEscape): '=' → %3D, ',' → %2C, space → '+'; URLSearchParams encodes the same way.
    const query = new URLSearchParams({ filter: "state=1,2 extractable=false", limit: "2000", offset: "0" }).toString();
    expect(query).toBe("filter=state%3D1%2C2+extractable%3Dfalse&limit=2000&offset=0");
    const response = await fetch(`${kms()}/api/v2/keys?${query}`, { headers: goHeaders });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(documented("get", "200", "listed"));
  });

  it("list keys with the deprecated state parameter comma-joined (%2C): accepted, reported only as deprecated", async () => {
    const query = new URLSearchParams({ limit: "2000", offset: "0", state: "0,1,2,3" }).toString();
    expect(query).toContain("state=0%2C1%2C2%2C3");
    const response = await fetch(`${kms()}/api/v2/keys?${query}`, { headers: goHeaders });
    expect(response.status).toBe(200);
    const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as { severity: string; code: string }[];
    expect(violations.map((x) => `${x.severity} ${x.code}`)).toEqual(["Warning deprecated"]);
  });

  it("a failure asked for with Accept application/json is the documented error body, not a 406", async () => {
    const response = await fetch(`${kms()}/api/v2/keys`, { headers: { ...goHeaders, Prefer: "code=429" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await response.json()).resources[0].errorMsg).toMatch(/^Too Many Requests/);
  });

  it("create, with the JSON body labelled application/json → 201 as application/json", async () => {
    const body = JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "session-signing-key", extractable: true }] });
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers: { ...goHeaders, "content-type": "application/json" }, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(documented("post", "201", "created"));
  });

  it("create exactly as the Go client sends it (JSON body, no Content-Type) → 201 as application/json", async () => {
    // The mock reads an untyped body as the application/json the document declares (runtime/mock).
    const body = new TextEncoder().encode(JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "session-signing-key", extractable: true }] }));
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers: goHeaders, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(documented("post", "201", "created"));
  });

  it("secure import as keys.go WithPayload sends it: payload, encryptedNonce, iv and encryptionAlgorithm, untyped → 201, nothing undeclared (issue 37)", async () => {
    const resource = {
      type: KEY_TYPE, name: "imported-root-key", extractable: false,
      payload: "c2VjcmV0LWtleS1tYXRlcmlhbC0zMmJ5dGVzISEhIQ==",
      encryptedNonce: "DVy/Dbk37X8gPSAGvGg=", iv: "puQrzDZhNgeiBiBb", encryptionAlgorithm: "RSAES_OAEP_SHA_256",
    };
    const body = new TextEncoder().encode(JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [resource] }));
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers: goHeaders, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.headers.get("x-mock-warning"), "names the document does not declare (refused under --strict)").toBeNull();
    expect(response.status).toBe(201);
  });

  it("the document reads the untyped create body by its own rule (x-untyped-body), not by a guess", () => {
    expect(bundledDocument("kms-v2").paths["/api/v2/keys"].post.requestBody["x-untyped-body"]).toBe("application/json");
  });

  it.each([
    ["create", "POST"],
    ["list", "GET"],
  ] as const)("an instance-policy refusal on %s is a documented 403 with its reason code (error-messages.md 'HTTP 403 - Forbidden')", async (_, method) => {
    const init: RequestInit = { method, headers: { ...goHeaders, Prefer: "code=403" } };
    // Bytes, not a string: fetch would label a string text/plain, and the Go client labels nothing.
    if (method === "POST") init.body = new TextEncoder().encode(JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: "k", extractable: true }] }));
    const response = await fetch(`${kms()}/api/v2/keys`, init);
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body.resources[0].errorMsg).toMatch(/^Forbidden/);
    expect(body.resources[0].reasons[0].code).toBe("CONFIG_RULE_CONFLICT_ERR");
  });

  it("HEAD total answers the refusal without a body", async () => {
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "HEAD", headers: { ...goHeaders, Prefer: "code=403" } });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("");
  });
});
