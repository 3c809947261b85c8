/**
 * Issue 14: choices an independent audit found in the documents without an `x-assumed` note
 * (or broken by YAML), each checked where it lives in the bundle. A note that is dropped, or a
 * choice that comes back unmarked, fails here; `npm run assumptions` lists every note.
 */
import { describe, expect, it } from "vitest";
import { bundledDocument } from "./harness/documents.js";
import { resolve } from "./harness/responses.js";

const at = (id: string, ref: string) => resolve(bundledDocument(id), ref);
const param = (id: string, path: string, method: string, name: string) => {
  const op = bundledDocument(id).paths[path][method];
  return op.parameters.map((p: any) => (p.$ref ? at(id, p.$ref) : p)).find((p: any) => p.name === name);
};

describe.each(["v3", "v4"] as const)("identity-%s (items 9, 10)", (v) => {
  const id = `identity-${v}`;
  const authorize = `/oauth/${v}/{tenantId}/authorization`;

  if (v === "v3") {
    it("item 9: the csr description is the whole sentence (quoted, so '#' starts no comment)", () => {
      expect(at(id, "#/components/schemas/ClientRegistrationRequest").properties.csr.description).toMatch(/^A PKCS #10 certificate signing request: PEM text/);
    });
  }

  it("item 10: response_type required, marked", () => {
    const p = param(id, authorize, "get", "response_type");
    expect(p.required).toBe(true);
    expect(p["x-assumed"]).toMatch(/Required/);
  });

  it("item 10: minLength 1 only where an empty value is a missing one, and marked there", () => {
    for (const name of ["state", "nonce", "authsvc_access_token"]) expect(param(id, authorize, "get", name).schema.minLength, name).toBeUndefined();
    for (const name of ["client_id", "user_id", "code"]) expect(param(id, authorize, "get", name)["x-assumed"], name).toMatch(/minLength 1/);
  });

  it("item 10: RS256, the id_token pattern, licence and contact are marked", () => {
    const doc = bundledDocument(id);
    expect(doc.components.securitySchemes.bearerAuth["x-assumed"]).toMatch(/RS256/);
    expect(at(id, "#/components/schemas/TokenResponse").properties.id_token["x-assumed"]).toMatch(/JWS/);
    expect(doc.info.license["x-assumed"]).toBeTypeOf("string");
    expect(doc.info.contact["x-assumed"]).toBeTypeOf("string");
  });

  it("item 10: WWW-Authenticate is required on the bearer 401 and 403 (RFC 6750 §3)", () => {
    const userinfo = bundledDocument(id).paths[`/oauth/${v}/{tenantId}/userinfo`].get.responses;
    for (const status of ["401", "403"]) {
      const response = userinfo[status].$ref ? at(id, userinfo[status].$ref) : userinfo[status];
      expect(response.headers["WWW-Authenticate"].required, status).toBe(true);
    }
  });
});

describe("notifications-v1 (item 15)", () => {
  const id = "notifications-v1";
  it("the general 403/408/429/503 say why every operation carries them", () => {
    for (const name of ["Forbidden", "RequestTimeout", "TooManyRequests", "ServiceUnavailable"]) {
      expect(at(id, `#/components/responses/${name}`)["x-assumed"], name).toMatch(/every operation/);
    }
  });

  it("error shape, rule filters, closed chat params and the instance id minimum are marked", () => {
    expect(at(id, "#/components/schemas/ErrorItem")["x-assumed"]).toMatch(/required/);
    expect(at(id, "#/components/schemas/ErrorResponse").properties.errors["x-assumed"]).toMatch(/At least one/);
    // Issue 37: the filters may be empty (the Terraform provider sends ""), and the note says so.
    expect(at(id, "#/components/schemas/RuleRequest")["x-assumed"]).toMatch(/Both filters may be empty[\s\S]*resource_ibm_en_topic\.go/);
    expect(at(id, "#/components/schemas/ChatTemplateParams")["x-assumed"]).toMatch(/Closed/);
    const instance = at(id, "#/components/schemas/InstanceId");
    expect(instance.minLength).toBe(10);
    expect(instance["x-assumed"]).toMatch(/25 is the effective minimum/);
  });
});

describe("metrics-v1 (item 22)", () => {
  it("a null datapoint value and the error body shape are marked", () => {
    expect(at("metrics-v1", "#/components/schemas/Datapoint")["x-assumed"]).toMatch(/null/);
    expect(at("metrics-v1", "#/components/schemas/Problem")["x-assumed"]).toMatch(/errors/);
    expect(at("metrics-v1", "#/components/schemas/Problem").properties.errors.items.required).toEqual(["code", "message"]);
  });
});
