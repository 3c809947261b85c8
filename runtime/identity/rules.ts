/**
 * The identity documents' rules for what the helpers build or read without the generated client
 * (the query of the browser-facing endpoints, the redirects back, PKCE verifiers, tokens), read
 * from the rules the build generates (rules.ts and helper-rules.ts of generated/identity-v3 and -v4) and checked with the core
 * checker, so bad input fails as an InputError naming the field and the rule instead of as an
 * error page, and a changed document changes the helpers with it.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { helperRules as v3Helper } from "../../generated/identity-v3/helper-rules.js";
import { rules as v3Rules } from "../../generated/identity-v3/rules.js";
import { helperRules as v4Helper } from "../../generated/identity-v4/helper-rules.js";
import { rules as v4Rules } from "../../generated/identity-v4/rules.js";
import { InputError } from "../core/errors.js";
import { firstViolation, type Rule, type ServiceRules } from "../core/rules.js";
import { conditionMet } from "../core/required-when.js";

export type IdentityVersion = "v3" | "v4";

interface ParameterNote {
  readonly format?: string;
  readonly requiredWhen?: Readonly<Record<string, unknown>>;
}

interface VersionRules {
  readonly operations: ServiceRules["operations"];
  /** Request and helper schemas in one table, so a `$ref` resolves wherever it points. */
  readonly schemas: ServiceRules["schemas"];
  readonly notes: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, ParameterNote>>>>>>;
}

const DOCUMENTS: Readonly<Record<IdentityVersion, VersionRules>> = {
  v3: { operations: v3Rules.operations, schemas: { ...v3Rules.schemas, ...v3Helper.schemas }, notes: v3Helper.parameters },
  v4: { operations: v4Rules.operations, schemas: { ...v4Rules.schemas, ...v4Helper.schemas }, notes: v4Helper.parameters },
};

/** The `error` values of the authorization and SSO-logout redirects (the same in both versions; v4 is the current one). */
export const AUTHORIZATION_ERROR_CODES = v4Helper.schemas.AuthorizationErrorCode.enum;
export const SSO_LOGOUT_ERROR_CODES = v4Helper.schemas.SsoLogoutErrorCode.enum;

function fail(violation: { field: string; keyword: string; message: string } | undefined): void {
  if (violation) throw new InputError(violation.field, violation.keyword, violation.message);
}

/** Throws for the first rule of a named schema of the document (e.g. a redirect's query) that `value` breaks. */
export function checkSchema(version: IdentityVersion, schema: string, value: unknown): void {
  const { schemas } = DOCUMENTS[version];
  fail(firstViolation(schemas[schema], value, "", schemas));
}

/** The rule a request schema states for one property, looking through `$ref` and `allOf`. */
function propertyRule(schemas: ServiceRules["schemas"], rule: Rule | undefined, property: string, depth = 0): Rule | undefined {
  if (!rule || depth > 16) return undefined;
  const own = rule.properties?.[property];
  if (own) return own;
  if (rule.$ref !== undefined) return propertyRule(schemas, schemas[rule.$ref], property, depth + 1);
  for (const part of rule.allOf ?? []) {
    const found = propertyRule(schemas, part, property, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Whether `value` keeps the rule the body of an operation states for `property` (e.g. the token request's `code_verifier`). */
export function keepsBodyRule(version: IdentityVersion, operation: string, property: string, value: unknown): boolean {
  const { operations, schemas } = DOCUMENTS[version];
  const rule = propertyRule(schemas, operations[operation]?.body, property);
  if (!rule) throw new CloudInterfacesError(`identity ${version}: ${operation} states no rule for ${property}`);
  return firstViolation(rule, value, property, schemas) === undefined;
}

export function checkAbsoluteUrl(field: string, value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new InputError(field, "format", `${field} must be an absolute URI`);
  }
}

/** Checks the path parameters of an operation (the helpers address endpoints without the client's check). */
export function checkPath(version: IdentityVersion, operation: string, params: Readonly<Record<string, unknown>>): void {
  const { operations, schemas } = DOCUMENTS[version];
  const rules = operations[operation];
  for (const name of rules?.required?.path ?? []) {
    if (params[name] === undefined) throw new InputError(name, "required", `${name} is required`);
  }
  for (const [name, value] of Object.entries(params)) fail(firstViolation(rules?.path?.[name], value, name, schemas));
}

/**
 * Checks a query against the operation's documented parameters: their rules, the `format: uri`
 * the core check leaves out (the browser is sent to these URLs) and `x-required-when`. Values
 * are never echoed: they may be tokens.
 */
export function checkQuery(version: IdentityVersion, operation: string, params: Readonly<Record<string, unknown>>): Record<string, string> {
  const { operations, schemas, notes } = DOCUMENTS[version];
  const stated = operations[operation]?.query ?? {};
  const noted = notes[operation]?.query ?? {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const rule = stated[name];
    if (!rule) throw new InputError(name, "unknown", `${name} is not a parameter of this operation`);
    // A boolean parameter (SSO logout's all_sessions) is checked as the boolean it is and sent as its text.
    if (typeof value !== "string" && typeof value !== "boolean") throw new InputError(name, "type", `${name} must be a string`);
    fail(firstViolation(rule, value, name, schemas));
    if (typeof value === "string" && noted[name]?.format === "uri") checkAbsoluteUrl(name, value);
    out[name] = String(value);
  }
  for (const name of operations[operation]?.required?.query ?? []) {
    if (out[name] === undefined) throw new InputError(name, "required", `${name} is required`);
  }
  for (const [name, note] of Object.entries(noted)) {
    for (const [other, when] of Object.entries(note.requiredWhen ?? {})) {
      if (conditionMet(when, out[other]) && out[name] === undefined) {
        throw new InputError(name, "requiredWhen", `${name} is required when ${other} is ${Array.isArray(when) ? `one of ${when.join(", ")}` : String(when)}`);
      }
    }
  }
  return out;
}
