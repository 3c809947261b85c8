/**
 * The rules of the identity documents that the generated types cannot carry (required
 * parameters, enums, patterns, lengths, URI formats, cross-parameter requirements), checked
 * before a browser is sent anywhere, so bad input fails as an InputError naming the field and
 * the rule instead of as an error page. test/identity/rules.test.ts keeps them equal to the
 * bundled documents.
 */
import { InputError } from "../core/errors.js";

export type IdentityVersion = "v3" | "v4";

export interface ParamRule {
  required?: boolean;
  enum?: readonly string[];
  pattern?: RegExp;
  minLength?: number;
  format?: "uri";
}

const SCOPE = /^\S+(\s+\S+)*$/;
/** One RFC 5646 tag, or several separated by single spaces (OIDC Core §3.1.2.1 ui_locales). */
const LANGUAGE_TAGS = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*( [A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)*$/;
/** RFC 7636 §4.1: 43-128 unreserved characters; a S256 challenge has the same alphabet. */
export const PKCE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export const RESPONSE_TYPES = ["code", "sign_up", "forgot_password", "change_details", "change_password"] as const;
/** "" asks for the login widget listing every enabled provider (§4.4: "when empty"). */
export const IDENTITY_PROVIDERS = ["", "authsvc_anon", "social_provider_1", "social_provider_2", "saml"] as const;
export const CODE_CHALLENGE_METHODS = ["S256", "plain"] as const;
export const AUTHORIZATION_ERROR_CODES = [
  "invalid_request",
  "invalid_client",
  "unauthorized_client",
  "access_denied",
  "unsupported_response_type",
  "invalid_scope",
  "server_error",
  "temporarily_unavailable",
] as const;
export const SSO_LOGOUT_ERROR_CODES = [
  "missing_sso_code",
  "invalid_client",
  "unauthorized_client",
  "server_error",
  "temporarily_unavailable",
] as const;

const AUTHORIZATION_V3: Readonly<Record<string, ParamRule>> = {
  response_type: { required: true, enum: RESPONSE_TYPES },
  client_id: { required: true, minLength: 1 },
  redirect_uri: { required: true, format: "uri" },
  scope: { pattern: SCOPE },
  state: {},
  idp: { enum: IDENTITY_PROVIDERS },
  nonce: {},
  access_token: {},
  user_id: { minLength: 1 },
  code: { minLength: 1 },
  ui_locales: { pattern: LANGUAGE_TAGS },
};

export const AUTHORIZATION_RULES: Readonly<Record<IdentityVersion, Readonly<Record<string, ParamRule>>>> = {
  v3: AUTHORIZATION_V3,
  v4: {
    ...AUTHORIZATION_V3,
    // No format: the document accepts what real clients send (e.g. padded base64); the pairs
    // createPkcePair makes are RFC 7636 all the same.
    code_challenge: {},
    code_challenge_method: { enum: CODE_CHALLENGE_METHODS },
  },
};

/** `x-required-when` of the documents: a parameter required only for one response_type. */
export const REQUIRED_WHEN: Readonly<Record<string, { response_type: string }>> = {
  user_id: { response_type: "change_password" },
  code: { response_type: "change_details" },
};

export const SSO_LOGOUT_RULES: Readonly<Record<string, ParamRule>> = {
  client_id: { required: true, minLength: 1 },
  redirect_uri: { required: true, format: "uri" },
};

export function checkAbsoluteUrl(field: string, value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new InputError(field, "format", `${field} must be an absolute URI`);
  }
}

/** Checks query parameters against a rule table; values are never echoed (they may be tokens). */
export function checkParams(rules: Readonly<Record<string, ParamRule>>, params: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const rule = rules[name];
    if (!rule) throw new InputError(name, "unknown", `${name} is not a parameter of this operation`);
    if (typeof value !== "string") throw new InputError(name, "type", `${name} must be a string`);
    if (rule.minLength !== undefined && value.length < rule.minLength) {
      throw new InputError(name, "minLength", `${name} must have at least ${rule.minLength} character(s)`);
    }
    if (rule.enum && !rule.enum.includes(value)) throw new InputError(name, "enum", `${name} must be one of ${rule.enum.join(", ")}`);
    if (rule.pattern && !rule.pattern.test(value)) throw new InputError(name, "pattern", `${name} does not match ${rule.pattern.source}`);
    if (rule.format === "uri") checkAbsoluteUrl(name, value);
    out[name] = value;
  }
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.required && out[name] === undefined) throw new InputError(name, "required", `${name} is required`);
  }
  return out;
}

export function checkTenantId(value: unknown): string {
  if (typeof value !== "string") throw new InputError("tenantId", "type", "tenantId must be a string");
  if (value.length < 1) throw new InputError("tenantId", "minLength", "tenantId must not be empty");
  return value;
}
