/** Issue 14: choices an independent audit found in the identity document(s) without an `x-assumed` note, each checked where it lives in the bundle: the choice itself, and that it is marked (listed by npm run assumptions). */
import { describe, expect, it } from "vitest";
import { bundledDocument, pointer } from "../harness/documents.js";
import { expectMarked, node, param } from "../harness/audit-marks.js";
import { resolve } from "../harness/responses.js";

describe.each(["v3", "v4"] as const)("identity-%s (items 9, 10)", (v) => {
  const id = `identity-${v}`;
  const authorize = `/oauth/${v}/{tenantId}/authorization`;

  if (v === "v3") {
    it("item 9: the csr description goes on past 'PKCS #10' (quoted, so '#' starts no comment)", () => {
      const description: string = node(id, "#/components/schemas/ClientRegistrationRequest").value.properties.csr.description;
      expect(description.slice(description.indexOf("PKCS #10") + "PKCS #10".length).trim().length).toBeGreaterThan(10);
    });
  }

  it("item 10: response_type required, marked", () => {
    const p = param(id, authorize, "get", "response_type");
    expect(p.value.required).toBe(true);
    expectMarked(id, p);
  });

  it("item 10: minLength 1 only where an empty value is a missing one, and marked there", () => {
    for (const name of ["state", "nonce", "authsvc_access_token"]) expect(param(id, authorize, "get", name).value.schema.minLength, name).toBeUndefined();
    for (const name of ["client_id", "user_id", "code"]) {
      const p = param(id, authorize, "get", name);
      expect(p.value.schema.minLength, name).toBe(1);
      expectMarked(id, p);
    }
  });

  it("item 10: the bearer token format, the id_token pattern, licence and contact are stated and marked", () => {
    const bearer = node(id, "#/components/securitySchemes/bearerAuth");
    expect(bearer.value.bearerFormat).toBe("JWT");
    expectMarked(id, bearer);
    const idToken = node(id, "#/components/schemas/TokenResponse/properties/id_token");
    // JWS compact serialization: three base64url parts.
    const jws = new RegExp(idToken.value.pattern);
    expect(["a.b.c", "a.b", "a.b.c.d", "a.b.c d"].map((t) => jws.test(t))).toEqual([true, false, false, false]);
    expectMarked(id, idToken);
    for (const part of ["license", "contact"]) expectMarked(id, node(id, pointer("info", part)));
  });

  it("item 10: WWW-Authenticate is required on the bearer 401 and 403 (RFC 6750 §3)", () => {
    const userinfo = bundledDocument(id).paths[`/oauth/${v}/{tenantId}/userinfo`].get.responses;
    for (const status of ["401", "403"]) {
      const response = userinfo[status].$ref ? resolve(bundledDocument(id), userinfo[status].$ref) : userinfo[status];
      expect(response.headers["WWW-Authenticate"].required, status).toBe(true);
    }
  });
});
