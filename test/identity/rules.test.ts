// The runtime rule tables mirror the documents; a rule changed in one place only fails here.
import { describe, expect, it } from "vitest";
import {
  AUTHORIZATION_ERROR_CODES,
  AUTHORIZATION_RULES,
  REQUIRED_WHEN,
  SSO_LOGOUT_ERROR_CODES,
  SSO_LOGOUT_RULES,
  type ParamRule,
} from "../../runtime/identity/rules.js";
import { bundledDocument } from "../harness/documents.js";
import { resolve } from "../harness/responses.js";

/** The query parameters of an operation as the document states them, in the rule-table shape. */
function documentedRules(doc: any, path: string, method: string) {
  const rules: Record<string, ParamRule & { pattern?: any }> = {};
  const requiredWhen: Record<string, unknown> = {};
  for (const raw of doc.paths[path][method].parameters ?? []) {
    const p = raw.$ref ? resolve(doc, raw.$ref) : raw;
    if (p.in !== "query") continue;
    const s = p.schema;
    rules[p.name] = {
      ...(p.required ? { required: true } : {}),
      ...(s.enum ? { enum: s.enum } : {}),
      ...(s.pattern ? { pattern: s.pattern } : {}),
      ...(s.minLength !== undefined ? { minLength: s.minLength } : {}),
      ...(s.format ? { format: s.format } : {}),
    };
    if (p["x-required-when"]) requiredWhen[p.name] = p["x-required-when"];
  }
  return { rules, requiredWhen };
}

const asDocumented = (table: Readonly<Record<string, ParamRule>>) =>
  Object.fromEntries(Object.entries(table).map(([k, r]) => [k, { ...r, ...(r.pattern ? { pattern: r.pattern.source } : {}) }]));

describe.each(["v3", "v4"] as const)("identity-%s", (v) => {
  const doc = bundledDocument(`identity-${v}`);

  it("authorization rules equal the document's query parameters", () => {
    const { rules, requiredWhen } = documentedRules(doc, `/oauth/${v}/{tenantId}/authorization`, "get");
    expect(asDocumented(AUTHORIZATION_RULES[v])).toEqual(rules);
    expect(REQUIRED_WHEN).toEqual(requiredWhen);
  });

  it("SSO logout rules equal the document's query parameters", () => {
    const { rules } = documentedRules(doc, `/oauth/${v}/{tenantId}/cloud_directory/sso/logout`, "get");
    expect(asDocumented(SSO_LOGOUT_RULES)).toEqual(rules);
  });

  it("redirect error codes equal the documented enums", () => {
    expect([...AUTHORIZATION_ERROR_CODES]).toEqual(doc.components.schemas.AuthorizationErrorCode.enum);
    expect([...SSO_LOGOUT_ERROR_CODES]).toEqual(doc.components.schemas.SsoLogoutErrorCode.enum);
  });
});
