/**
 * `x-required-when` on response properties (runtime/core/required-when.ts; issue 37): a schema
 * cannot see the request, so the rule is checked with the request's values beside the body.
 * Over a synthetic schema and over identity's own TokenResponse.
 */
import { describe, expect, it } from "vitest";
import { conditionMet, requiredWhenViolations } from "../../runtime/core/required-when.js";
import { deref } from "../../runtime/core/pointer.js";
import { bundledDocument } from "../harness/documents.js";
import { readServices } from "../../scripts/lib/services.js";

const report = (schema: unknown, body: unknown, request: Record<string, unknown>, resolve?: (s: unknown) => unknown) =>
  requiredWhenViolations(schema, body, request, resolve).map((v) => [v.field, v.keyword, v.message]);

describe("conditionMet", () => {
  it("a value equals the stated one, or one of a stated list; a repeated field meets it when any value does", () => {
    expect(conditionMet("password", "password")).toBe(true);
    expect(conditionMet("password", "refresh_token")).toBe(false);
    expect(conditionMet(["a", "b"], "b")).toBe(true);
    expect(conditionMet(["a", "b"], "c")).toBe(false);
    expect(conditionMet("a", ["c", "a"])).toBe(true);
    expect(conditionMet(true, "true")).toBe(true);
    expect(conditionMet(3, "3")).toBe(true);
    expect(conditionMet("3", 3)).toBe(false);
  });

  it("an absent value meets no condition", () => {
    expect(conditionMet("a", undefined)).toBe(false);
    expect(conditionMet([null], null)).toBe(false);
  });
});

describe("requiredWhenViolations", () => {
  const schema = {
    type: "object",
    required: ["a"],
    properties: {
      a: { type: "string" },
      b: { type: "string", "x-required-when": { kind: ["x", "y"] } },
      c: { $ref: "#/C" },
    },
    allOf: [{ properties: { d: { "x-required-when": { other: "z", kind: "x" } } } }],
  };
  const refs: Record<string, unknown> = { "#/C": { type: "string", "x-required-when": { kind: "y" } } };
  const resolve = (s: unknown) => (s && typeof s === "object" && "$ref" in s ? refs[(s as { $ref: string }).$ref] : s);

  it("names each property the request's values make required and the body lacks, never a value", () => {
    expect(report(schema, { a: "1" }, { kind: "x" }, resolve)).toEqual([
      ["b", "requiredWhen", "b is required when the request's kind is one of x, y"],
      ["d", "requiredWhen", "d is required when the request's kind is x"],
    ]);
    expect(report(schema, { a: "1" }, { kind: "y" }, resolve).map(([f]) => f)).toEqual(["b", "c"]);
    expect(report(schema, { a: "1" }, { other: "z" }, resolve).map(([f]) => f)).toEqual(["d"]);
  });

  it("accepts a body that carries them, and a request that does not meet the condition", () => {
    expect(report(schema, { a: "1", b: "2", d: "4" }, { kind: "x" }, resolve)).toEqual([]);
    expect(report(schema, { a: "1" }, { kind: "w" }, resolve)).toEqual([]);
    expect(report(schema, { a: "1" }, {}, resolve)).toEqual([]);
  });

  it("a property present as undefined is missing; a body that is not an object is the schema's to refuse", () => {
    expect(report(schema, { a: "1", b: undefined }, { kind: "x" }, resolve).map(([f]) => f)).toEqual(["b", "d"]);
    expect(report(schema, "text", { kind: "x" }, resolve)).toEqual([]);
    expect(report(schema, [1], { kind: "x" }, resolve)).toEqual([]);
  });

  it("names the field under a prefix, and survives a schema that includes itself", () => {
    const loop: Record<string, unknown> = { properties: { e: { "x-required-when": { kind: "x" } } } };
    loop.allOf = [loop];
    expect(requiredWhenViolations(loop, {}, { kind: "x" }, undefined, "body").map((v) => v.field)).toEqual(["body.e"]);
  });
});

describe("identity's TokenResponse states its id_token rule", () => {
  // Every version of the identity family, as the registry lists them.
  for (const { id } of readServices().filter((s) => s.family === "identity")) {
    const doc = bundledDocument(id);
    const schema = doc.components.schemas.TokenResponse;
    const resolve = (s: unknown) => deref(doc, s);
    const accessOnly = { access_token: "a", token_type: "Bearer", expires_in: 3600 };

    it(`${id}: every grant but client_credentials answers with an id_token`, () => {
      for (const grant of ["authorization_code", "password", "refresh_token", "urn:ietf:params:oauth:grant-type:jwt-bearer"]) {
        expect(report(schema, accessOnly, { grant_type: grant }, resolve).map(([f, k]) => `${f} ${k}`), grant).toEqual(["id_token requiredWhen"]);
        expect(report(schema, { ...accessOnly, id_token: "h.p.s" }, { grant_type: grant }, resolve), grant).toEqual([]);
      }
      expect(report(schema, accessOnly, { grant_type: "client_credentials" }, resolve)).toEqual([]);
    });

    it(`${id}: the documented refresh answer carries its id_token`, () => {
      const examples = deref(doc, doc.paths["/oauth/" + id.slice(-2) + "/{tenantId}/token"].post.responses["200"]).content["application/json"].examples;
      expect(report(schema, examples.refreshedTokens.value, { grant_type: "refresh_token" }, resolve)).toEqual([]);
      expect(report(schema, examples.clientCredentialsTokens.value, { grant_type: "client_credentials" }, resolve)).toEqual([]);
    });
  }
});
