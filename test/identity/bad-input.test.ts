// Every enum, required parameter, pattern/format and content-type rule of the identity
// documents, broken one at a time and sent to the Prism mock with raw fetch (the generated
// client's types would not let these out). Each must be refused with the operation's
// documented 400 shape (401 for a missing credential) whose description names the broken
// field, and the broken rule named in the sl-violations header. Prism reads an empty query value as an absent one, so the minLength
// rules of query parameters are left to the runtime helper (urls.test.ts).
// Token, revoke and introspect also accept client authentication in the form (client_secret_post, or a public
// client's client_id), which OpenAPI security cannot tie to the body: a call to them without
// any client authentication is the service's 401 to give, not the mock's.
import { describe, expect, it } from "vitest";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { resolve } from "../harness/responses.js";
import { CLIENT_ID, identityCatalogue, LOGOUT_URI, PKCE, REDIRECT_URI, TENANT_ID } from "./catalogue.js";

type Version = "v3" | "v4";
interface Call {
  method: string;
  /** Below /oauth/{version}/{tenantId}. */
  path: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
  /** Raw body, sent with `contentType`. */
  raw?: string;
  contentType?: string;
  /** Which credential to send; default the one the operation needs. */
  auth?: "basic" | "bearer" | "bearer2" | "cookie" | "none";
}

const JWS = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI3YjNlOGYxMiJ9.c2lnbmF0dXJl";
const creds = identityCatalogue("v4").client.credentials as { basicAuth: { username: string; password: string }; bearerAuth: string };
const AUTH: Record<NonNullable<Call["auth"]>, Record<string, string>> = {
  basic: { Authorization: `Basic ${btoa(`${creds.basicAuth.username}:${creds.basicAuth.password}`)}` },
  bearer: { Authorization: `Bearer ${creds.bearerAuth}` },
  bearer2: { Authorization: `Bearer ${creds.bearerAuth} ${JWS}` },
  // The SSO cookie's name is not shown (no security scheme); any cookie stands for it.
  cookie: { Cookie: "sso=test-sso-session" },
  none: {},
};

async function send(v: Version, call: Call, auth: Call["auth"]) {
  const url = new URL(`${mockUrl(`identity-${v}`)}/oauth/${v}/${TENANT_ID}${call.path}`);
  for (const [k, val] of Object.entries(call.query ?? {})) url.searchParams.set(k, val);
  const payload = call.raw ?? (call.form ? new URLSearchParams(call.form).toString() : undefined);
  const contentType = call.contentType ?? (call.form ? "application/x-www-form-urlencoded" : undefined);
  const response = await fetch(url, {
    method: call.method,
    redirect: "manual",
    headers: { ...AUTH[auth ?? "none"], ...(contentType ? { "Content-Type": contentType } : {}) },
    body: payload,
  });
  const text = await response.text();
  const body = /json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : text;
  const violations = JSON.parse(response.headers.get("sl-violations") ?? "[]") as { location: string[]; code: string | number; message: string }[];
  return { status: response.status, body, violations };
}

const authorize = { response_type: "code", client_id: CLIENT_ID, redirect_uri: REDIRECT_URI };
const without = (o: Record<string, string>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const A = (query: Record<string, string>): Call => ({ method: "GET", path: "/authorization", query });
const T = (form: Record<string, string>): Call => ({ method: "POST", path: "/token", form, auth: "basic" });
const logout = { client_id: CLIENT_ID, redirect_uri: LOGOUT_URI };
const L = (query: Record<string, string>): Call => ({ method: "GET", path: "/cloud_directory/sso/logout", query, auth: "cookie" });

/** [case, versions, request, rule keyword (or 415/401), field the violation names] */
const rejected: [string, Version[], Call, string | number, string][] = [
  // authorization query
  ["authorization: response_type missing", ["v3", "v4"], A(without(authorize, "response_type")), "required", "response_type"],
  ["authorization: response_type outside the enum", ["v3", "v4"], A({ ...authorize, response_type: "token" }), "enum", "response_type"],
  ["authorization: client_id missing", ["v3", "v4"], A(without(authorize, "client_id")), "required", "client_id"],
  ["authorization: redirect_uri missing", ["v3", "v4"], A(without(authorize, "redirect_uri")), "required", "redirect_uri"],
  ["authorization: redirect_uri not a URI", ["v3", "v4"], A({ ...authorize, redirect_uri: "callback" }), "format", "redirect_uri"],
  ["authorization: identity provider outside the enum", ["v3", "v4"], A({ ...authorize, idp: "github" }), "enum", "idp"],
  ["authorization: scope with empty tokens", ["v3", "v4"], A({ ...authorize, scope: " openid" }), "pattern", "scope"],
  ["authorization: language not an RFC 5646 tag", ["v3", "v4"], A({ ...authorize, language: "en US!" }), "pattern", "language"],
  ["authorization: code_challenge_method outside the enum", ["v4"], A({ ...authorize, code_challenge: PKCE.challenge, code_challenge_method: "S512" }), "enum", "code_challenge_method"],
  // token form
  ["token: grant_type missing", ["v3", "v4"], T({ code: "c" }), "required", "grant_type"],
  ["token: grant_type outside the enum", ["v3", "v4"], T({ grant_type: "implicit" }), "enum", "grant_type"],
  ["token: authorization_code without code", ["v3", "v4"], T({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI }), "required", "code"],
  ["token: authorization_code without redirect_uri", ["v3", "v4"], T({ grant_type: "authorization_code", code: "c" }), "required", "redirect_uri"],
  ["token: redirect_uri not a URI", ["v3", "v4"], T({ grant_type: "authorization_code", code: "c", redirect_uri: "cb" }), "format", "redirect_uri"],
  ["token: password without username", ["v3", "v4"], T({ grant_type: "password", password: "p" }), "required", "username"],
  ["token: password without password", ["v3", "v4"], T({ grant_type: "password", username: "u" }), "required", "password"],
  ["token: refresh_token without the refresh token", ["v3", "v4"], T({ grant_type: "refresh_token" }), "required", "refresh_token"],
  ["token: jwt-bearer without assertion", ["v3", "v4"], T({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer" }), "required", "assertion"],
  ["token: assertion not a JWS", ["v3", "v4"], T({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion: "not-a-jws" }), "pattern", "assertion"],
  ["token: scope not whitespace-separated tokens", ["v3", "v4"], T({ grant_type: "password", username: "u", password: "p", scope: "openid " }), "pattern", "scope"],
  ["token: code_verifier too short", ["v4"], T({ grant_type: "authorization_code", code: "c", redirect_uri: REDIRECT_URI, code_verifier: "abc" }), "pattern", "code_verifier"],
  ["token: text body", ["v3", "v4"], { method: "POST", path: "/token", raw: "grant_type=client_credentials", contentType: "text/plain", auth: "basic" }, 415, ""],
  // revoke and introspect forms
  ["revoke: token missing", ["v3", "v4"], { method: "POST", path: "/revoke", form: { token_type_hint: "refresh_token" }, auth: "basic" }, "required", "token"],
  ["revoke: token_type_hint outside the enum", ["v3", "v4"], { method: "POST", path: "/revoke", form: { token: "t", token_type_hint: "access_token" }, auth: "basic" }, "enum", "token_type_hint"],
  ["revoke: JSON body", ["v3", "v4"], { method: "POST", path: "/revoke", raw: '{"token":"t"}', contentType: "application/json", auth: "basic" }, 415, ""],
  ["introspect: token missing", ["v3", "v4"], { method: "POST", path: "/introspect", form: { token_type_hint: "x" }, auth: "basic" }, "required", "token"],
  ["introspect: text body", ["v3", "v4"], { method: "POST", path: "/introspect", raw: "token=t", contentType: "text/plain", auth: "basic" }, 415, ""],
  // JSON-or-form bodies
  ["userinfo POST: text body", ["v3", "v4"], { method: "POST", path: "/userinfo", raw: "x", contentType: "text/plain", auth: "bearer" }, 415, ""],
  ["activity logging: eventName missing", ["v3", "v4"], { method: "POST", path: "/activity_logging", raw: JSON.stringify({ id_token: JWS }), contentType: "application/json", auth: "bearer" }, "required", "eventName"],
  ["activity logging: id_token missing (form)", ["v3", "v4"], { method: "POST", path: "/activity_logging", form: { eventName: "login" }, auth: "bearer" }, "required", "id_token"],
  ["activity logging: id_token not a JWS", ["v3", "v4"], { method: "POST", path: "/activity_logging", raw: JSON.stringify({ eventName: "login", id_token: "abc" }), contentType: "application/json", auth: "bearer" }, "pattern", "id_token"],
  ["activity logging: XML body", ["v3", "v4"], { method: "POST", path: "/activity_logging", raw: "<a/>", contentType: "application/xml", auth: "bearer" }, 415, ""],
  ["client registration: csr missing", ["v3"], { method: "POST", path: "/clients", raw: "{}", contentType: "application/json" }, "required", "csr"],
  ["client registration: csr not PEM", ["v3"], { method: "POST", path: "/clients", form: { csr: "-----BEGIN PRIVATE KEY-----\nMIHSMHoCAQAw\n-----END PRIVATE KEY-----\n" } }, "pattern", "csr"],
  ["client registration: text body", ["v3"], { method: "POST", path: "/clients", raw: "csr", contentType: "text/plain" }, 415, ""],
  // SSO logout query
  ["SSO logout: client_id missing", ["v3", "v4"], L(without(logout, "client_id")), "required", "client_id"],
  ["SSO logout: redirect_uri missing", ["v3", "v4"], L(without(logout, "redirect_uri")), "required", "redirect_uri"],
  ["SSO logout: redirect_uri not a URI", ["v3", "v4"], L({ ...logout, redirect_uri: "logout" }), "format", "redirect_uri"],
  // credentials
  ["userinfo without a bearer token", ["v3", "v4"], { method: "GET", path: "/userinfo", auth: "none" }, 401, ""],
  ["userinfo with Basic instead of Bearer", ["v3", "v4"], { method: "GET", path: "/userinfo", auth: "basic" }, 401, ""],
  ["activity logging without a bearer token", ["v3", "v4"], { method: "POST", path: "/activity_logging", form: { eventName: "login", id_token: JWS }, auth: "none" }, 401, ""],
  ["generate code without a bearer token", ["v3", "v4"], { method: "GET", path: "/cloud_directory/generate_code", auth: "none" }, 401, ""],
  ["revoke with a bearer token instead of Basic", ["v3", "v4"], { method: "POST", path: "/revoke", form: { token: "t" }, auth: "bearer" }, 401, ""],
];

const cases = rejected.flatMap(([label, versions, call, rule, field]) => versions.map((v) => [`${v} ${label}`, v, call, rule, field] as const));

/** The documented body of a status of the operation, if it has one. */
function documentedBody(v: Version, call: Call, status: number): unknown {
  const doc = bundledDocument(`identity-${v}`);
  const op = doc.paths[`/oauth/${v}/{tenantId}${call.path}`][call.method.toLowerCase()];
  const response = op.responses[String(status)];
  if (!response) return undefined;
  const examples = (response.$ref ? resolve(doc, response.$ref) : response).content?.["application/json"]?.examples;
  return examples ? (Object.values(examples)[0] as { value: unknown }).value : undefined;
}

describe("identity bad input is refused by the mock", () => {
  it.each(cases)("%s", async (_, v, call, rule, field) => {
    const auth = call.auth ?? "none";
    const result = await send(v, call, auth);
    const status = rule === 401 ? 401 : 400;
    expect(result.status).toBe(status);
    // The documented error shape and code, with a description of the actual violation (not the example's text).
    const documented = documentedBody(v, call, status) as { error: string; error_description: string } | undefined;
    if (documented !== undefined) {
      expect(Object.keys(result.body).sort()).toEqual(Object.keys(documented).sort());
      expect(result.body.error).toBe(documented.error);
      expect(result.body.error_description).toContain(rule === 401 ? "credentials" : field || "content-type");
    }
    if (rule === 401) return;
    const named = result.violations.filter(
      (x) => x.code === rule && (field === "" || x.location.at(-1) === field || x.message.includes(`'${field}'`)),
    );
    expect(named, JSON.stringify(result.violations)).not.toEqual([]);
  });

  it.each(["v3", "v4"] as const)("%s: the unbroken requests pass (the table breaks one rule per case)", async (v) => {
    const ok: Call[] = [
      A(authorize),
      T({ grant_type: "client_credentials" }),
      // Item 1 of issue 14: client_secret_post, and (v4) a PKCE public client with no secret.
      { ...T({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: "test-client-secret" }), auth: "none" },
      ...(v === "v4"
        ? [{ ...T({ grant_type: "authorization_code", client_id: CLIENT_ID, code: "SplxlOBeZQQYbYS6WxSbIA", redirect_uri: REDIRECT_URI, code_verifier: PKCE.verifier }), auth: "none" as const }]
        : []),
      { method: "POST", path: "/introspect", form: { token: "t", client_id: CLIENT_ID, client_secret: "test-client-secret" } },
      // Item 6: a list of RFC 5646 tags; item 5 (v4): a padded base64 challenge of 88 characters.
      A({ ...authorize, language: "pt-BR pt en" }),
      // Issue 26 identity items 1-2: the SDKs' anonymous token and language (Swift: Locale.identifier en_US).
      A({ ...authorize, idp: "authsvc_anon", authsvc_access_token: JWS, language: "en_US" }),
      T({ grant_type: "password", username: "u", password: "p", authsvc_access_token: JWS }),
      // Issue 26 identity item 6: the server SDK's TokenManager sends JSON, with scope "" when none is asked for.
      { method: "POST", path: "/token", raw: JSON.stringify({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", scope: "", assertion: JWS }), contentType: "application/json", auth: "basic" },
      // Issue 26 identity item 3: both tokens in the generate_code credential.
      { method: "GET", path: "/cloud_directory/generate_code", auth: "bearer2" },
      ...(v === "v4" ? [A({ ...authorize, code_challenge: Buffer.alloc(64, 0xfb).toString("base64"), code_challenge_method: "S256" })] : []),
      { method: "POST", path: "/revoke", form: { token: "t", token_type_hint: "refresh_token" }, auth: "basic" },
      { method: "POST", path: "/activity_logging", form: { eventName: "login", id_token: JWS }, auth: "bearer" },
      L(logout),
      // Issue 26 identity item 4: the server SDK's logoutSSO query (all_sessions) and no cookie at all.
      { ...L({ ...logout, all_sessions: "false" }), auth: "none" },
      ...(v === "v3" ? [{ method: "POST", path: "/clients", raw: JSON.stringify(identityCatalogue("v3").cases.find((c) => c.operation.endsWith("/clients"))!.request!.body), contentType: "application/json" }] : []),
    ];
    for (const call of ok) {
      const result = await send(v, call, call.auth ?? "none");
      expect(result.violations, `${call.method} ${call.path}`).toEqual([]);
      expect(result.status).toBeLessThan(400);
    }
  });
});
