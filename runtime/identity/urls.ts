/**
 * URLs of the identity endpoints a browser is sent to (authorization, SSO logout) rather than
 * called with fetch, plus the public-keys URL for remote JWKS verification. Paths and servers
 * come from the generated service descriptions, so they cannot drift from the documents.
 */
import { identityV3Service, type IdentityV3Region } from "../../generated/identity-v3/client.js";
import { identityV4Service, type IdentityV4Region } from "../../generated/identity-v4/client.js";
import type { operations as V3 } from "../../generated/identity-v3/types.js";
import type { operations as V4 } from "../../generated/identity-v4/types.js";
import { resolveBaseUrl } from "../core/create-client.js";
import { InputError } from "../core/errors.js";
import type { ServiceMeta } from "../core/service-meta.js";
import { checkPath, checkQuery, type IdentityVersion } from "./rules.js";

interface Versions {
  v3: { region: IdentityV3Region; authorize: V3["authorize"]["parameters"]["query"]; logout: V3["logoutSso"]["parameters"]["query"] };
  v4: { region: IdentityV4Region; authorize: V4["authorize"]["parameters"]["query"]; logout: V4["logoutSso"]["parameters"]["query"] };
}

const SERVICES: Record<IdentityVersion, ServiceMeta> = { v3: identityV3Service, v4: identityV4Service };

/** Where the tenant lives: its region (or a base URL, e.g. a mock) and its tenant id. */
export interface IdentityTarget<V extends IdentityVersion> {
  /** Region prefix of the instance; defaults to the document's default region. v4 has no `br-sao`. */
  region?: Versions[V]["region"];
  /** Overrides the regional server URL. */
  baseUrl?: string;
  tenantId: string;
}

type Conditional = "response_type" | "user_id" | "code";
type Q<V extends IdentityVersion> = Versions[V]["authorize"];

/**
 * The authorization query of a version, with the document's cross-parameter rules as types:
 * `user_id` is required for `change_password` and the temporary `code` for `change_details`.
 */
export type AuthorizationParams<V extends IdentityVersion> = Omit<Q<V>, Conditional> &
  (
    | { response_type: "change_password"; user_id: string; code?: string }
    | { response_type: "change_details"; code: string; user_id?: string }
    | { response_type: Exclude<Q<V>["response_type"], "change_password" | "change_details">; user_id?: string; code?: string }
  );

export type SsoLogoutParams<V extends IdentityVersion> = Versions[V]["logout"];

function service(version: unknown): ServiceMeta {
  if (version !== "v3" && version !== "v4") throw new InputError("version", "enum", "version must be v3 or v4");
  return SERVICES[version];
}

/** The operation's "METHOD /path" key, by its operationId. */
function operationKey(version: IdentityVersion, operationId: string): string {
  const meta = service(version);
  const key = Object.keys(meta.operations).find((k) => meta.operations[k]!.operationId === operationId);
  if (!key) throw new InputError("operation", "unknown", `${operationId} is not an operation of identity ${version}`);
  return key;
}

function endpoint(version: IdentityVersion, key: string, target: IdentityTarget<IdentityVersion>): URL {
  checkPath(version, key, { tenantId: target.tenantId });
  const base = resolveBaseUrl(service(version), target).replace(/\/+$/, "");
  const path = key.slice(key.indexOf(" ") + 1).replace("{tenantId}", encodeURIComponent(target.tenantId));
  return new URL(base + path);
}

function withQuery(url: URL, query: Record<string, string>): URL {
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

/** The URL to send the user's browser to for an authorization flow (never fetched by the client). */
export function authorizationUrl<V extends IdentityVersion>(version: V, target: IdentityTarget<V>, params: AuthorizationParams<V>): URL {
  const key = operationKey(version, "authorize");
  const url = endpoint(version, key, target);
  const query = checkQuery(version, key, params as Record<string, unknown>);
  // RFC 7636 §4.3: a method says how the challenge was derived, so it cannot come alone.
  if (query.code_challenge_method !== undefined && query.code_challenge === undefined) {
    throw new InputError("code_challenge", "requiredWith", "code_challenge is required when code_challenge_method is given");
  }
  return withQuery(url, query);
}

/** The URL to redirect the user's browser to for SSO logout (the browser sends the SSO cookie itself). */
export function ssoLogoutUrl<V extends IdentityVersion>(version: V, target: IdentityTarget<V>, params: SsoLogoutParams<V>): URL {
  const key = operationKey(version, "logoutSso");
  return withQuery(endpoint(version, key, target), checkQuery(version, key, params as Record<string, unknown>));
}

/** The JWKS URL of a tenant, for remote token verification. */
export function publicKeysUrl<V extends IdentityVersion>(version: V, target: IdentityTarget<V>): URL {
  return endpoint(version, operationKey(version, "getPublicKeys"), target);
}
