/**
 * The authorization-code exchange of a run that may write: a code of the run's own, through the
 * authorize plug-in's documented request, instead of the example's single-use code. (The token
 * flow itself, issue → introspect → user info → refresh → revoke, is the document's Arazzo
 * workflow, which runtime/verify/flows-arazzo.ts runs.)
 */
import { createHash } from "node:crypto";
import type { TableOperation } from "../openapi/operation-table.js";
import { documentedRequests } from "./operations.js";
import type { RawRequest } from "./raw-request.js";
import type { RunContext } from "./run-context.js";

/**
 * With writes allowed, a documented authorization-code exchange (the token plug-in's request
 * with `grant_type=authorization_code`) gets a code the run obtains itself through the
 * authorize plug-in's documented request (same client and redirect URI; the PKCE challenge of
 * the example's verifier), instead of the example's code, which a server accepts once: so a
 * second run against the same server passes too. The request is left as it is when no code comes.
 */
export async function withFreshCode(ctx: RunContext, op: TableOperation, request: RawRequest): Promise<RawRequest> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!ctx.permissions.allowWrites || (op.resource as { plugin?: string } | undefined)?.plugin !== "token" || !body || body.grant_type !== "authorization_code" || typeof body.code !== "string") return request;
  const authorize = ctx.ops.find((o) => (o.resource as { plugin?: string } | undefined)?.plugin === "authorize");
  const base = authorize && documentedRequests(ctx.doc, authorize, ctx.bind).requests[0]?.request;
  if (!authorize || !base) return request;
  const ask = structuredClone(base);
  const has = (name: string) => authorize.parameters.some((p) => p.in === "query" && p.name === name);
  if (typeof body.client_id === "string" && has("client_id")) ask.params.query.client_id = body.client_id;
  if (typeof body.redirect_uri === "string" && has("redirect_uri")) ask.params.query.redirect_uri = body.redirect_uri;
  if (typeof body.code_verifier === "string" && has("code_challenge")) {
    ask.params.query.code_challenge = createHash("sha256").update(body.code_verifier).digest("base64url");
    if (has("code_challenge_method")) ask.params.query.code_challenge_method = "S256";
  }
  const r = await ctx.call(authorize, ask);
  let code: string | null = null;
  try {
    code = new URL(r.answer.headers["location"] ?? "", "http://x").searchParams.get("code");
  } catch {
    code = null;
  }
  ctx.recordValid(authorize, { kind: "flow", name: "authorize for a code of this run's own" }, r, `${authorize.operationId} for a fresh code`, code || r.answer.status >= 400 ? [] : [{ message: `${authorize.operationId} answered ${r.answer.status} without a code in its Location`, pointer: `${authorize.pointer}/responses` }]);
  return code ? { ...request, body: { ...body, code } } : request;
}
