/**
 * Issue 14: choices an independent audit found in the documents without an `x-assumed` note
 * (or broken by YAML), each checked where it lives in the bundle: the choice itself (the
 * keyword or value the document states), and that it is marked, i.e. that `npm run
 * assumptions` (collectAssumptions) lists a note at that node. A note that is dropped, or a
 * choice that changes or comes back unmarked, fails here; what the notes say is theirs to word.
 */
import { describe, expect, it } from "vitest";
import { collectAssumptions } from "../scripts/lib/assumptions.js";
import { bundledDocument, pointer } from "./harness/documents.js";
import { resolve, resolvePointer } from "./harness/responses.js";

/** The node at `ref` (after any $ref) and its pointer. */
const node = (id: string, ref: string) => ({ pointer: resolvePointer(bundledDocument(id), ref), value: resolve(bundledDocument(id), ref) });

/** An operation's parameter by name, wherever it is declared. */
function param(id: string, path: string, method: string, name: string) {
  const list: any[] = bundledDocument(id).paths[path][method].parameters;
  const index = list.findIndex((_p, i) => node(id, pointer("paths", path, method, "parameters", String(i))).value.name === name);
  expect(index, `${method} ${path} ${name}`).toBeGreaterThanOrEqual(0);
  return node(id, pointer("paths", path, method, "parameters", String(index)));
}

/** The node carries a note that npm run assumptions lists at its own pointer. */
function expectMarked(id: string, at: { pointer: string; value: any }) {
  expect(typeof at.value["x-assumed"] === "string" && at.value["x-assumed"].trim().length > 0, `${id} ${at.pointer}: x-assumed`).toBe(true);
  expect(collectAssumptions(bundledDocument(id)).map((a) => a.pointer), `${id}: npm run assumptions lists ${at.pointer}`).toContain(at.pointer);
}

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

describe("notifications-v1 (item 15)", () => {
  const id = "notifications-v1";
  it("the general 403/408/429/503 are on every operation, and marked", () => {
    const doc = bundledDocument(id);
    for (const name of ["Forbidden", "RequestTimeout", "TooManyRequests", "ServiceUnavailable"]) {
      const ref = `#/components/responses/${name}`;
      expectMarked(id, node(id, ref));
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, operation] of Object.entries<any>(item)) {
          if (!operation?.responses) continue;
          expect(Object.values<any>(operation.responses).some((r) => r.$ref === ref), `${method} ${path} ${name}`).toBe(true);
        }
      }
    }
  });

  it("error shape, rule filters, closed chat params and the instance id minimum are stated and marked", () => {
    const errorItem = node(id, "#/components/schemas/ErrorItem");
    expect(errorItem.value.required).toEqual(["code", "message", "more_info"]);
    expectMarked(id, errorItem);
    const errors = node(id, "#/components/schemas/ErrorResponse/properties/errors");
    expect(errors.value.minItems).toBe(1);
    expectMarked(id, errors);
    const rule = node(id, "#/components/schemas/RuleRequest");
    expect(rule.value.required ?? []).not.toContain("event_type_filter");
    expectMarked(id, rule);
    const chat = node(id, "#/components/schemas/ChatTemplateParams");
    expect(chat.value.additionalProperties).toBe(false);
    expectMarked(id, chat);
    const instance = node(id, "#/components/schemas/InstanceId");
    expect(instance.value.minLength).toBe(10);
    expectMarked(id, instance);
  });
});

describe("metrics-v1 (item 22)", () => {
  it("a null datapoint value and the error body shape are stated and marked", () => {
    const datapoint = node("metrics-v1", "#/components/schemas/Datapoint");
    expect(datapoint.value.prefixItems[0].type).toContain("null");
    expectMarked("metrics-v1", datapoint);
    const problem = node("metrics-v1", "#/components/schemas/Problem");
    expect(problem.value.properties.errors.items.required).toEqual(["code", "message"]);
    expectMarked("metrics-v1", problem);
  });
});
