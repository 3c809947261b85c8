/**
 * What a client's calls run on: the guard, our fetch (sender), the call deadlines and the relay
 * around openapi-fetch's methods. Loaded on creation, in a chunk of its own, as the rules are
 * (create-client.ts): a browser app's first load holds the client's creation and checks, and
 * the request path arrives before, or with, the first call that needs it.
 */
import createClient, { type Middleware } from "openapi-fetch";
import { Deadlines } from "./abort.js";
import { labels, serializeBody, type CallState } from "./call-state.js";
import { createCredentialResolver, credentialHeaderNames, headerSecrets, staticSecrets } from "./credentials.js";
import { TimeoutError } from "./call-errors.js";
import { createRelay, type AnyInit, type Send } from "./relay.js";
import { createGuard, guardMiddleware, type RequestChecker } from "./request-guard.js";
import type { Clock, RetryOption } from "./retry.js";
import { createSender, type Transport } from "./sender.js";
import type { ServiceMeta } from "./service-meta.js";
import { serializePath } from "./path.js";
import { serializeQuery } from "./query-style.js";

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
}

export interface Calls {
  relay: (call: Send, method: string) => Send;
  /** openapi-fetch's method of that name (GET, POST, ...), which the relay wraps. */
  method: (name: string) => Send;
  /** openapi-fetch's request(method, path, init). */
  request: (method: string, path: string, init?: AnyInit) => Promise<unknown>;
  /** The client's use() and eject(): the guard joins openapi-fetch's chain, first, with the first middleware. */
  use: (...middleware: Middleware[]) => void;
  eject: (...middleware: Middleware[]) => void;
}

export function wireCalls(ctx: CallsContext): Calls {
  const { meta, root, origin, credentials, boundHeader, boundPath, validate, rules, timeoutMs, maxResponseBytes, transport, hint } = ctx;
  // Longest first, so "/a/{id}" is not mistaken for the tail "/{id}".
  const templates = [...new Set(Object.keys(meta.operations).map((key) => key.slice(key.indexOf(" ") + 1)))].sort((a, b) => b.length - a.length);
  const client = createClient({
    baseUrl: ctx.baseUrl,
    // Every call brings its own fetch and bodySerializer (see relay.ts); these stand for a caller's own.
    fetch: transport as typeof globalThis.fetch,
    headers: boundHeader ? { ...ctx.headers, ...(boundHeader as Record<string, string>) } : ctx.headers,
    // Path parameters are whole, checked segments; bound ones are filled in.
    // openapi-fetch hands over baseUrl + template: only the template part is filled.
    pathSerializer: (url: string, params: Record<string, unknown>) => {
      const template = url.endsWith(hint.template) ? hint.template : (templates.find((t) => url.endsWith(t)) ?? "");
      return url.slice(0, url.length - template.length) + serializePath(template, params);
    },
    bodySerializer: (body: unknown, headers?: Headers) => serializeBody(undefined, body, headers),
    // Every call brings the querySerializer of its operation (relay.ts); a function here spares
    // openapi-fetch making a default serializer of its own on every call before it takes the call's.
    querySerializer: (query: Record<string, unknown>) => serializeQuery(query, {}),
    // Stands for "the document's choice" (see relay.ts); a caller's own value is kept.
    redirect: "error",
  } as never) as unknown as Record<string, unknown>;
  // The guard joins openapi-fetch's middleware chain, first, only once a caller adds a middleware:
  // until then it runs inside our fetch, and openapi-fetch's chain (an id, a frozen options
  // object and an await per call) is skipped. In the chain, a call's state is found by its params.
  let states: WeakMap<object, CallState> | undefined;
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
    guardInChain: () => states !== undefined,
    remember: (params, state) => states?.set(params, state),
    fixedCredentials: resolveCredentials.fixed,
    hint: ctx.hint,
  });
  const use = client.use as (...m: Middleware[]) => void;
  return {
    relay,
    method: (name) => client[name] as Send,
    request: client.request as Calls["request"],
    use: (...middleware) => {
      if (!states) {
        states = new WeakMap();
        use(guardMiddleware(guard, (params) => states?.get(params)));
      }
      use(...middleware);
    },
    eject: client.eject as Calls["eject"],
  };
}
