import { createCredentialResolver } from "../../runtime/core/credentials.js";
import { serializeQuery } from "../../runtime/core/query.js";
import type { ServiceMeta } from "cloud-interfaces/core";

/** A request spelled out field by field, so a test can break exactly one thing the client would never send. */
export interface RawRequest {
  method: string;
  path: string;
  params: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };
  body?: unknown;
  contentType?: string;
  withCredentials: boolean;
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

export async function sendRaw(
  baseUrl: string,
  meta: ServiceMeta,
  credentials: Record<string, unknown>,
  req: RawRequest,
): Promise<Response> {
  const op = meta.operations[`${req.method} ${req.path}`]!;
  const path = req.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(req.params.path[name] ?? "")));
  const query = serializeQuery(req.params.query, op.query);
  const headers = new Headers();
  if (req.withCredentials) for (const [k, v] of Object.entries(await createCredentialResolver(meta.securitySchemes, credentials)(op.security))) headers.set(k, v);
  // Explicit header parameters win over credentials: a case may break a credential-bearing header on purpose.
  for (const [k, v] of Object.entries(req.params.header)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  let body: string | undefined;
  if (req.body !== undefined) {
    const contentType = req.contentType ?? op.requestMediaTypes[0] ?? "application/json";
    headers.set("Content-Type", contentType);
    body = encodeBody(req.body, contentType);
  }
  return fetch(`${baseUrl}${path}${query ? `?${query}` : ""}`, {
    method: req.method,
    headers,
    body,
    redirect: "manual",
    // A mock that hangs must fail the case, not the whole run.
    signal: AbortSignal.timeout(5_000),
  });
}
