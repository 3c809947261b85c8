/**
 * Violations as a person reads them: where, which rule, and what was sent, with secrets
 * (credential headers and cookies, the document's API-key parameters, secret-looking field
 * names) replaced before they can reach a body, a header or a log line.
 */
import { REDACTED, redact } from "../core/redact.js";

export interface Violation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);
const SHOWN = 60;

/** Names (lower case) of header, query and cookie parameters that carry credentials in this document. */
export function credentialNames(doc: any): Set<string> {
  const names = new Set<string>();
  for (const scheme of Object.values<any>(doc.components?.securitySchemes ?? {})) {
    if (scheme?.type === "apiKey" && typeof scheme.name === "string") names.add(scheme.name.toLowerCase());
  }
  return names;
}

export function isSecret(location: (string | number)[], credentials: Set<string>): boolean {
  const [where, name] = location.map((s) => String(s).toLowerCase());
  if (where === "header" && name && (SECRET_HEADERS.has(name) || credentials.has(name))) return true;
  if ((where === "query" || where === "cookie") && name && credentials.has(name)) return true;
  // A field is secret when redact() (the runtime's one list of secret names) would hide it.
  return location.some((segment) => (redact({ [String(segment)]: 1 }) as Record<string, unknown>)[String(segment)] === REDACTED);
}

export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
}

export interface SentRequest {
  headers: Headers;
  query: URLSearchParams;
  body: unknown;
}

function sentAt(location: string[], sent: SentRequest): unknown {
  const [where, ...rest] = location;
  if (where === "header") return rest[0] ? (sent.headers.get(rest[0]) ?? undefined) : undefined;
  if (where === "query") {
    if (!rest[0]) return undefined;
    const all = sent.query.getAll(rest[0]);
    return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
  }
  if (where === "body") return rest.reduce<any>((node, key) => (node !== null && typeof node === "object" ? node[key] : undefined), sent.body);
  return undefined;
}

/** "body.resources: Request body property resources must NOT have fewer than 1 items (rule minItems; sent [])". */
export function describe(v: Violation, sent: SentRequest, credentials: Set<string>): string {
  let location = v.location[0] === "request" ? v.location.slice(1) : v.location;
  // Prism reports media-type and credential violations without a field; name the header they concern.
  if (location.length === 0 && String(v.code) === "415") location = ["header", "content-type"];
  if (location.length === 0) return `${String(v.code) === "401" ? "credentials" : "request"}: ${v.message} (rule ${v.code})`;
  const where = location.join(".");
  const value = sentAt(location, sent);
  const what = isSecret(location, credentials) ? (value === undefined ? "nothing" : REDACTED) : shown(value);
  return `${where}: ${v.message} (rule ${v.code}; sent ${what})`;
}
