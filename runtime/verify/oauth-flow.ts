/**
 * The token flow of a document whose operations the OAuth plug-ins serve (`x-resource: { plugin:
 * token | introspect | revoke }`, openapi/CONVENTIONS.md): what the token endpoint issued during
 * the run is introspected as active, a token it never issued as inactive, and a refresh token is
 * active until it is revoked, inactive after (RFC 7662, RFC 7009). A server that keeps no tokens
 * (a stateless mock answering its examples) fails here. Driven by the annotations, so any
 * document served by the same plug-ins gets it with no code.
 */
import { createHash } from "node:crypto";
import type { TableOperation } from "../openapi/operation-table.js";
import { documentedRequests } from "./operations.js";
import type { RawRequest } from "./raw-request.js";
import type { Failure } from "./report.js";
import type { RunContext } from "./run-context.js";

const ok = (status: number) => status >= 200 && status < 300;
const byPlugin = (ctx: RunContext, name: string, runnable: (op: TableOperation) => boolean) => ctx.ops.find((o) => (o.resource as { plugin?: string } | undefined)?.plugin === name && runnable(o));

/**
 * The token with one character of its last part changed: the same shape, never issued. Not the
 * final character, whose low bits Base64url may not carry (a 256-byte RS256 signature).
 */
export function forged(token: string): string {
  const i = Math.max(0, token.length - 8);
  return `${token.slice(0, i)}${token[i] === "A" ? "B" : "A"}${token.slice(i + 1)}`;
}

export async function oauthFlow(ctx: RunContext, runnable: (op: TableOperation) => boolean): Promise<void> {
  const introspect = byPlugin(ctx, "introspect", runnable);
  if (!introspect) return;
  const base = documentedRequests(ctx.doc, introspect, ctx.bind).requests[0]?.request;
  if (!base || !base.body || typeof base.body !== "object") return;
  const ask = async (token: string, name: string, active: boolean) => {
    const req = structuredClone(base);
    (req.body as Record<string, unknown>).token = token;
    delete (req.body as Record<string, unknown>).token_type_hint;
    const r = await ctx.call(introspect, req);
    let answered: unknown;
    try {
      answered = (JSON.parse(r.answer.body) as { active?: unknown }).active;
    } catch {
      answered = undefined;
    }
    const expected: Failure[] = ok(r.answer.status) && answered !== active ? [{ message: `${name}: ${introspect.operationId} answered active ${JSON.stringify(answered)}, not ${active}`, pointer: `${introspect.pointer}/responses` }] : [];
    ctx.recordValid(introspect, { kind: "flow", name }, r, name, expected);
    return ok(r.answer.status) && expected.length === 0;
  };
  const issued = ctx.issued.find((t) => t.access);
  if (issued?.access) {
    await ask(issued.access, "an access token this run was issued is active", true);
    await ask(forged(issued.access), "a token the server never issued is inactive", false);
  } else ctx.record(introspect, { kind: "flow", name: "introspect an issued token", verdict: "not verified", failures: [], reason: "no token was issued during the run (no documented token request succeeded)" });
  const revoke = byPlugin(ctx, "revoke", runnable);
  const refresh = ctx.issued.find((t) => t.refresh)?.refresh;
  if (!revoke || !refresh) return;
  const revokeBase = documentedRequests(ctx.doc, revoke, ctx.bind).requests[0]?.request;
  if (!revokeBase || !revokeBase.body || typeof revokeBase.body !== "object") return;
  if (!(await ask(refresh, "a refresh token this run was issued is active", true))) return;
  const req = structuredClone(revokeBase);
  (req.body as Record<string, unknown>).token = refresh;
  const r = await ctx.call(revoke, req);
  const check = ctx.recordValid(revoke, { kind: "flow", name: "revoke a refresh token this run was issued" }, r, `${revoke.operationId} of an issued refresh token`);
  if (check.verdict === "verified") await ask(refresh, "a revoked refresh token is inactive", false);
}

/** The tokens an answer issues (RFC 6749 §5.1 field names), if any. */
export function issuedTokens(body: string): { access?: string; refresh?: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== "object") return undefined;
  const { access_token: access, refresh_token: refresh } = parsed as Record<string, unknown>;
  if (typeof access !== "string" && typeof refresh !== "string") return undefined;
  return { ...(typeof access === "string" ? { access } : {}), ...(typeof refresh === "string" ? { refresh } : {}) };
}

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
