/**
 * A request spelled out field by field, so the verifier can send what a typed client never
 * would (a request breaking exactly one rule), and show in a report what it sent.
 */
import { basicAuthorization, REDACTED } from "../core/index.js";
import type { QueryParamMeta } from "../core/service-meta.js";
import { serializeQuery } from "../core/query-style.js";

export interface RawRequest {
  method: string;
  /** The path template as the document writes it ("/api/v2/keys/{id}"). */
  path: string;
  params: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };
  body?: unknown;
  contentType?: string;
  withCredentials: boolean;
  /**
   * The credential sent malformed (with credentials): under another scheme's prefix, a garbage
   * value, or without the prefix the scheme's `x-value-pattern` requires. The first scheme of
   * the alternative used is the one malformed.
   */
  malformed?: "wrong-scheme" | "garbage" | "no-prefix";
}

/** A value no server issued, the same length on every run. */
const GARBAGE = "verify-garbage-credential-0000";

/** How the document says each query parameter of an operation travels (runtime/core/query-style.ts). */
export type QueryStyles = Readonly<Record<string, QueryParamMeta>>;

/** A security scheme as the verifier applies it. */
export type Scheme = ({ type: "http"; scheme: string } | { type: "apiKey"; in: "header" | "query" | "cookie"; name: string } | { type: "oauth2" | "openIdConnect" }) & { "x-value-pattern"?: string };

/** The secret with its kind prefix (`apikey …`) taken off, the part a value pattern requires before the first space. */
function withoutPrefix(secret: string): string {
  const i = secret.indexOf(" ");
  return i < 0 ? secret.slice(Math.min(1, secret.length)) : secret.slice(i + 1);
}

const JSON_MEDIA = /^application\/(.+\+)?json$/;

export function encodeBody(body: unknown, contentType: string): string {
  if (contentType === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
    return form.toString();
  }
  return JSON_MEDIA.test(contentType) || typeof body !== "string" ? JSON.stringify(body) : body;
}

/**
 * The query as the client writes it. The schema's shape is left out: a raw request may break
 * the schema on purpose, and the server, not the sender, is to refuse it.
 */
function encodeQuery(query: Record<string, unknown>, styles: QueryStyles): string {
  return serializeQuery(query, Object.fromEntries(Object.entries(styles).map(([name, { style, explode }]) => [name, { style, explode }])));
}

export interface Wire {
  url: string;
  method: string;
  headers: Headers;
  body?: string;
}

/**
 * The request as it goes on the wire. `security` lists the alternatives (each a set of scheme
 * names) and the first whose secrets are all given is applied; explicit header parameters win,
 * so a case may break a credential-bearing header on purpose.
 */
export function toWire(
  baseUrl: string,
  req: RawRequest,
  info: { styles: QueryStyles; mediaTypes: readonly string[]; security: readonly (readonly string[])[]; schemes: Record<string, Scheme> },
  secrets: Record<string, string>,
): Wire {
  const path = req.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(req.params.path[name] ?? "")));
  const query = { ...req.params.query };
  const headers = new Headers();
  if (req.withCredentials) {
    const usable = info.security.find((set) => set.every((name) => secrets[name] !== undefined));
    const cookies: string[] = [];
    for (const [index, name] of (usable ?? []).entries()) {
      const scheme = info.schemes[name];
      const malformed = index === 0 ? req.malformed : undefined;
      let secret = secrets[name]!;
      if (!scheme) continue;
      if (malformed === "garbage") secret = GARBAGE;
      else if (malformed === "no-prefix") secret = withoutPrefix(secret);
      if (scheme.type === "http" && scheme.scheme.toLowerCase() === "basic") {
        const i = secret.indexOf(":");
        const value = malformed === "garbage" ? `Basic ${GARBAGE}!` : basicAuthorization({ username: secret.slice(0, i < 0 ? secret.length : i), password: i < 0 ? "" : secret.slice(i + 1) });
        headers.set("Authorization", malformed === "wrong-scheme" ? value.replace(/^Basic /, "Bearer ") : value);
      } else if (scheme.type === "apiKey") {
        if (scheme.in === "header") headers.set(scheme.name, secret);
        else if (scheme.in === "query") query[scheme.name] = secret;
        else cookies.push(`${scheme.name}=${secret}`);
      } else headers.set("Authorization", `${malformed === "wrong-scheme" ? "Basic" : "Bearer"} ${secret}`);
    }
    if (cookies.length) headers.set("Cookie", cookies.join("; "));
  }
  for (const [k, v] of Object.entries(req.params.header)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  let body: string | undefined;
  if (req.body !== undefined) {
    const contentType = req.contentType ?? info.mediaTypes[0] ?? "application/json";
    headers.set("Content-Type", contentType);
    body = encodeBody(req.body, contentType);
  }
  const search = encodeQuery(query, info.styles);
  return { url: `${baseUrl.replace(/\/$/, "")}${path}${search ? `?${search}` : ""}`, method: req.method, headers, ...(body !== undefined ? { body } : {}) };
}

/** What a report shows of a request: every secret value and credential header replaced. */
export function describeWire(wire: Wire, secrets: readonly string[]): { method: string; url: string; headers: Record<string, string>; body?: string } {
  const mask = (text: string) => secrets.reduce((t, s) => (s.length >= 4 ? t.split(s).join(REDACTED) : t), text);
  const headers: Record<string, string> = {};
  wire.headers.forEach((value, name) => {
    if (name === "authorization" || name === "proxy-authorization") headers[name] = `${value.split(" ")[0]} ${REDACTED}`;
    else if (name === "cookie") headers[name] = REDACTED;
    else headers[name] = mask(value);
  });
  return { method: wire.method, url: mask(wire.url), headers, ...(wire.body !== undefined ? { body: mask(wire.body) } : {}) };
}
