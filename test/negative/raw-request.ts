/** Sends a RawRequest (runtime/verify/raw-request.ts, the verifier's own) with a test's credentials. */
import type { ServiceMeta } from "cloud-interfaces/core";
import { encodeBody, toWire, type RawRequest, type Scheme } from "../../runtime/verify/raw-request.js";

export { encodeBody, type RawRequest };

/** Catalogue credentials as the secrets the verifier reads from the environment (Basic as `user:password`). */
function secretsOf(credentials: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(credentials)) {
    if (typeof value === "string") out[name] = value;
    else if (value && typeof value === "object" && "username" in value) out[name] = `${(value as any).username}:${(value as any).password}`;
  }
  return out;
}

export async function sendRaw(baseUrl: string, meta: ServiceMeta, credentials: Record<string, unknown>, req: RawRequest): Promise<Response> {
  const op = meta.operations[`${req.method} ${req.path}`]!;
  const wire = toWire(baseUrl, req, { styles: op.query, mediaTypes: op.requestMediaTypes, security: op.security, schemes: meta.securitySchemes as Record<string, Scheme> }, secretsOf(credentials));
  return fetch(wire.url, {
    method: wire.method,
    headers: wire.headers,
    body: wire.body,
    redirect: "manual",
    // A mock that hangs must fail the case, not the whole run.
    signal: AbortSignal.timeout(5_000),
  });
}
