/**
 * What a client's calls run on: the guard, our fetch (sender), the call deadlines and the relay
 * around openapi-fetch's methods. Loaded on creation, in a chunk of its own, as the rules are
 * (create-client.ts): a browser app's first load holds the client's creation and checks, and
 * the request path arrives before, or with, the first call that needs it.
 */
import type { Middleware } from "openapi-fetch";
import { Deadlines } from "./abort.js";
import { labels, serializeBody, type CallState } from "./call-state.js";
import { createCredentialResolver, credentialHeaderNames, headerSecrets, staticSecrets } from "./credentials.js";
import { TimeoutError } from "./errors.js";
import { createRelay, type Send } from "./relay.js";
import { createGuard, guardMiddleware, type RequestChecker } from "./request-guard.js";
import type { Clock, RetryOption } from "./retry.js";
import { createSender, type Transport } from "./sender.js";
import type { ServiceMeta } from "./service-meta.js";

export interface CallsContext {
  meta: ServiceMeta;
  /** The configured base URL, as given, and without its trailing slashes. */
  baseUrl: string;
  root: string;
  origin: string;
  credentials: Record<string, unknown>;
  boundPath: Record<string, unknown> | undefined;
  boundHeader: Record<string, unknown> | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  headers: Record<string, string> | undefined;
  retry: RetryOption | undefined;
  clock: Clock | undefined;
  transport: Transport;
  validate: boolean;
  rules: () => RequestChecker | Promise<RequestChecker> | undefined;
  hint: { template: string };
  /** Whether a caller has called use(): the guard is then the chain's first middleware, and finds a call's state by its params. */
  states: () => WeakMap<object, CallState> | undefined;
}

export interface Calls {
  relay: (call: Send, method: string) => Send;
  /** The guard as the client's first middleware, once a caller adds one. */
  chainGuard: Middleware;
  /** The client-level body serializer openapi-fetch holds (every call through the relay brings its own). */
  serialize: (body: unknown, headers?: Headers) => string | FormData;
}

export function wireCalls(ctx: CallsContext): Calls {
  const { meta, root, origin, credentials, boundHeader, boundPath, validate, rules, timeoutMs, maxResponseBytes, transport } = ctx;
  const resolveCredentials = createCredentialResolver(meta.securitySchemes, credentials);
  const credentialHeaders = credentialHeaderNames(meta);
  /** Every secret known at creation: credentials as given and credential headers among the client-level headers. */
  const configuredSecrets: string[] = [...staticSecrets(credentials)];
  for (const [name, value] of Object.entries(ctx.headers ?? {})) {
    if (typeof value === "string" && credentialHeaders.has(name.toLowerCase())) configuredSecrets.push(...headerSecrets(name, value));
  }
  const guard = createGuard({ meta, root, origin, credentialHeaders, validate, rules, boundHeader, boundPath });
  const send = createSender({ meta, root, origin, transport, resolveCredentials, credentialHeaders, configuredSecrets, retry: ctx.retry, clock: ctx.clock, maxResponseBytes, guard });
  const deadlines = new Deadlines(timeoutMs, (operation) => new TimeoutError(operation, timeoutMs));
  const relay = createRelay({
    meta,
    deadlines,
    boundPath,
    clientLabels: labels(ctx.headers),
    baseUrl: ctx.baseUrl.endsWith("/") ? ctx.baseUrl.slice(0, -1) : ctx.baseUrl,
    send,
    guardFor: (state) => guardMiddleware(guard, () => state),
    guardInChain: () => ctx.states() !== undefined,
    remember: (params, state) => ctx.states()?.set(params, state),
    fixedCredentials: resolveCredentials.fixed,
    hint: ctx.hint,
  });
  return { relay, chainGuard: guardMiddleware(guard, (params) => ctx.states()?.get(params)), serialize: (body, headers) => serializeBody(undefined, body, headers) };
}
