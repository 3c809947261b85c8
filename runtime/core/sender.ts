/**
 * The fetch each call hands openapi-fetch: the operation's credentials (an explicit per-call
 * header wins), the origin guard on what actually leaves, redaction's bookkeeping, and the
 * document's retries and same-origin redirects, loaded only when a call needs them.
 */
import { linkAbort } from "./abort.js";
import type { Call, CallState, SentBody } from "./call-state.js";
import { carriesCredentials, headerSecrets, type CredentialResolver, type ProviderContext } from "./credentials.js";
import { declaredOver, readBody, type BodyLimit } from "./body-limit.js";
import { ConnectionError, ResponseTooLargeError } from "./call-errors.js";
import { InputError } from "./masked-error.js";
import { rememberCall, type CallContext } from "./call-context.js";
import { resolveRetry, type Clock, type RetryMeta, type RetryOption } from "./retry.js";
import type { ServiceMeta } from "./service-meta.js";
import type { Guard } from "./request-guard.js";

/** A transport as the client calls it: the Request, and the call's deadline beside it. */
export type Transport = (request: Request, init: { readonly signal: AbortSignal }) => Promise<Response>;

export interface SenderContext {
  meta: ServiceMeta;
  /** The configured base URL without its trailing slashes. */
  root: string;
  origin: string;
  transport: Transport;
  resolveCredentials: CredentialResolver;
  credentialHeaders: ReadonlySet<string>;
  /** Secrets known at creation: credentials as given and credential headers among the client-level headers. */
  configuredSecrets: readonly string[];
  retry: RetryOption | undefined;
  clock: Clock | undefined;
  /** The largest body a call reads (body-limit.ts). */
  maxResponseBytes: number;
  guard: Guard;
}

const NO_HEADERS: Record<string, string> = {};

const elsewhereError = () =>
  new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");

export function createSender(ctx: SenderContext): (request: Request, state: CallState) => Promise<Response> {
  const { meta, transport, resolveCredentials, credentialHeaders, configuredSecrets, maxResponseBytes, guard } = ctx;
  /** A URL on the configured origin starts with it and a slash (a Request's URL is normalised, and always has a path). */
  const originPrefix = `${ctx.origin}/`;
  /** The configured base URL's own path, without a trailing slash ("" at the origin's root). */
  const basePath = new URL(ctx.root).pathname.replace(/\/+$/, "");
  const retryFor = new Map<string, RetryMeta | null>();
  /** Each operation's body limit, made on its first answer and shared by the rest. */
  const bodyLimit = (operation: string): BodyLimit => ({ max: maxResponseBytes, tooLarge: () => new ResponseTooLargeError(operation, maxResponseBytes) });
  const limits = new Map<string, BodyLimit>();
  const limitOf = (operation: string): BodyLimit => {
    let limit = limits.get(operation);
    if (!limit) limits.set(operation, (limit = bodyLimit(operation)));
    return limit;
  };

  /**
   * The bounded readers of an answer the relay does not read itself (limited-response.ts): loaded
   * with the first such answer (an error status, a blob, a caller's middleware), not on creation.
   */
  let limiter: ((response: Response, limit: BodyLimit) => Response) | undefined;
  let limiting: Promise<unknown> | undefined;

  let router: Promise<(request: Request) => Call | undefined> | undefined;
  /**
   * A middleware may have replaced the Request our middleware saw: the call is then found by its
   * method and path, through the one router (runtime/core/router.ts, loaded only then), after whatever
   * server prefix the URL carries (the document's paths are relative to a base URL that may
   * have a path of its own).
   */
  const lateCall = async (request: Request): Promise<Call | undefined> => {
    router ??= import("./router.js").then(({ Router }) => {
      const routes = new Router(
        Object.entries(meta.operations).map(([key, op]) => {
          const [method, path] = key.split(" ") as [string, string];
          return { method, path, key, op };
        }),
      );
      return (r: Request) => {
        const { pathname } = new URL(r.url);
        // Under the configured base URL's path, the rest is the template's path, and nothing else is.
        if (pathname.startsWith(`${basePath}/`)) {
          const hit = routes.route(r.method, pathname.slice(basePath.length));
          if (hit.kind === "operation") return { key: hit.operation.key, op: hit.operation.op };
        }
        for (let i = 0; i !== -1; i = pathname.indexOf("/", i + 1)) {
          const hit = routes.route(r.method, pathname.slice(i));
          if (hit.kind === "operation") return { key: hit.operation.key, op: hit.operation.op };
        }
        return undefined;
      };
    });
    return (await router)(request);
  };

  /** What redaction needs about a sent call; its secrets are gathered only if an error or a log asks for them. */
  const contextOf = (call: Call | undefined, request: Request): CallContext => {
    const { headers } = request;
    let secrets: string[] | undefined;
    return {
      // A Request a middleware moved off the document is named by its path, as unwrap names an unknown one.
      operation: call?.op.operationId ?? new URL(request.url).pathname,
      get secrets() {
        if (!secrets) {
          secrets = [...configuredSecrets];
          for (const [name, value] of headers) if (credentialHeaders.has(name)) secrets.push(...headerSecrets(name, value));
        }
        return secrets;
      },
    };
  };

  /**
   * Whether a Request goes to the configured origin. openapi-fetch's own Request is its base URL
   * and a path: a base URL on the origin says so without serializing the Request's URL (a
   * getter that builds a string). Anything else, or a Request a middleware replaced, is read.
   */
  const onOrigin = (request: Request, state: CallState): boolean => {
    if (request === state.request) {
      const base = state.options.baseUrl;
      if (base === ctx.origin || base.startsWith(originPrefix)) return true;
    }
    return request.url.startsWith(originPrefix);
  };

  /**
   * Sends one Request. `added` learns which credential headers were added, so a later attempt
   * can ask the provider again. The call's deadline reaches the transport as `init.signal`.
   */
  const send = (request: Request, call: Call | undefined, state: CallState, added?: string[], policy?: RetryMeta, body?: SentBody): Promise<Response> => {
    const { deadline } = state;
    deadline.throwIfAborted();
    const elsewhere = !onOrigin(request, state);
    const security = call?.op.security ?? [];
    if (elsewhere && security.length > 0) throw elsewhereError();
    // Static credentials the relay already gave openapi-fetch's own Request (relay.ts) are not looked up again.
    if (state.credentialed && request === state.request) return deliver(request, call, state, NO_HEADERS, elsewhere, added, policy, body);
    // A token provider gets a signal of its own, made only if it asks, and unlinked when it settles,
    // so nothing it leaves behind stays on the call's signal. An open operation resolves to no headers.
    let unlink: () => void = () => undefined;
    const context = (): ProviderContext => {
      let forProvider: AbortController | undefined;
      return {
        get signal() {
          if (!forProvider) {
            forProvider = new AbortController();
            unlink = linkAbort(deadline.signal, forProvider);
          }
          return forProvider.signal;
        },
      };
    };
    const resolved = resolveCredentials(security, context);
    // Static credentials are at hand: no promise and no wait on the way to the transport.
    if (!(resolved instanceof Promise)) return deliver(request, call, state, resolved, elsewhere, added, policy, body);
    return deadline
      .until(resolved)
      .finally(() => unlink())
      .then((provided) => deliver(request, call, state, provided, elsewhere, added, policy, body));
  };

  /**
   * What our fetch makes of the transport's answer: refused if it declares more than the limit;
   * a JSON or text success only openapi-fetch sees is left as it came (the relay reads it);
   * anything else is limited.
   */
  const received = (answer: Response, request: Request, call: Call | undefined, state: CallState): Response | Promise<Response> => {
    const limit = call ? limitOf(call.op.operationId) : bodyLimit(new URL(request.url).pathname);
    if (declaredOver(answer.headers, maxResponseBytes)) {
      answer.body?.cancel().catch(() => undefined);
      throw limit.tooLarge();
    }
    // A JSON or text success only openapi-fetch sees: the relay reads its stream with a byte count (CallState.reads).
    if (state.reads !== undefined && answer.ok) {
      state.limit = limit;
      state.answer = answer;
      return answer;
    }
    if (limiter === undefined) {
      limiting ??= import("./limited-response.js").then((m) => (limiter = m.limiter(readBody)));
      return limiting.then(() => limited(answer, limit, request, call, state));
    }
    return limited(answer, limit, request, call, state);
  };

  const limited = (answer: Response, limit: BodyLimit, request: Request, call: Call | undefined, state: CallState): Response => {
    const response = limiter!(answer, limit);
    // What the relay names if a success's body does not parse (relay.ts).
    state.answer = response;
    // Only an answer that is not a success becomes an ApiError (unwrap, relay.ts), so only it needs to know its secrets.
    if (!response.ok) rememberCall(response, contextOf(call, request));
    return response;
  };

  /**
   * Hands the Request and the call's deadline to the transport. On a first attempt with a retry
   * `policy`, an answer of a status the document retries goes to the retry loop (with the body and
   * the credential headers `added`) in the same step: no promise of its own per call.
   */
  const deliver = (request: Request, call: Call | undefined, state: CallState, credentials: Record<string, string>, elsewhere: boolean, added?: string[], policy?: RetryMeta, body?: SentBody): Promise<Response> => {
    const { headers } = request;
    const { deadline } = state;
    for (const name in credentials) {
      if (headers.has(name)) continue;
      headers.set(name, credentials[name]!);
      added?.push(name);
    }
    // What leaves is checked again: a middleware may have moved the request elsewhere.
    if (elsewhere && carriesCredentials(headers, credentialHeaders)) throw elsewhereError();
    // The deadline goes beside the Request, not inside it: fetch builds its own Request from both
    // anyway. A plain property (a caller's fetch may spread init): on Node 22+ an AbortController
    // costs well under a microsecond, where an object literal with a getter cost 3.5 µs a call.
    return transport(request, { signal: deadline.signal }).then((answer) => {
      const response = received(answer, request, call, state);
      if (policy === undefined) return response;
      // The first answer limited by a module still loading (limited-response.ts) is checked once it is.
      if (response instanceof Promise) return response.then((r) => (policy.statuses.includes(r.status) ? again(request, call, state, policy, body ?? null, added ?? [], r) : r));
      return policy.statuses.includes(response.status) ? again(request, call, state, policy, body ?? null, added ?? [], response) : response;
    }, (error: unknown) => {
      // The call's end (its timeout, or the caller's signal) is thrown as it is; anything else the
      // transport threw is a failed connection, with what it threw as the cause.
      if (deadline.ended) throw deadline.reasonOf();
      const context = contextOf(call, request);
      throw new ConnectionError(context.operation, error, context.secrets);
    });
  };

  const policyOf = (call: Call | undefined): RetryMeta | undefined => {
    if (!call) return undefined;
    // One lookup per call: null stands for "no retries" once resolved.
    let policy = retryFor.get(call.key);
    if (policy === undefined) retryFor.set(call.key, (policy = resolveRetry(call.op.retry, ctx.retry) ?? null));
    return policy ?? undefined;
  };

  /** The attempts after the first, or all of them: loaded on the first answer the document says to retry, or for `redirect: "follow"`. */
  const again = async (request: Request, call: Call | undefined, state: CallState, policy: RetryMeta | undefined, body: SentBody, added: string[], first?: Response) => {
    const { sendAgain } = await import("./retry-loop.js");
    return sendAgain(request, { body, added, policy, clock: ctx.clock, signal: state.deadline.signal, first, send: (r) => send(r, call, state) });
  };

  /** A call the document may retry, or one whose redirects are ours to follow. */
  const sendAgainable = (request: Request, state: CallState, call: Call | undefined, policy: RetryMeta | undefined): Promise<Response> => {
    // A body only the Request holds is read now, while it can be; a known body (or none) costs no wait.
    if (call?.body === undefined && request.body !== null) return request.arrayBuffer().then((body) => sendFirst(request, state, call, policy, body));
    return sendFirst(request, state, call, policy, call?.body !== undefined ? call.body : null);
  };

  const sendFirst = (request: Request, state: CallState, call: Call | undefined, policy: RetryMeta | undefined, body: SentBody): Promise<Response> => {
    const added: string[] = [];
    if (request.redirect === "follow" || request.bodyUsed) return again(request, call, state, policy, body, added);
    // An answer the document says to retry goes on to the retry loop from deliver.
    return send(request, call, state, added, policy, body);
  };

  const sendCall = (request: Request, state: CallState, call: Call | undefined): Promise<Response> => {
    const policy = policyOf(call);
    return !policy && request.redirect !== "follow" ? send(request, call, state) : sendAgainable(request, state, call, policy);
  };

  /**
   * openapi-fetch's Request goes out as it is on the first attempt; only an answer the document
   * says to retry, or `redirect: "follow"` (done here, hop by hop within the origin), costs more.
   * A later middleware may have replaced our Request: then the router says which operation it
   * is, and its body is not ours.
   */
  return (request, state) => {
    // No middleware ran the guard: nothing came between openapi-fetch's Request and us, so it is checked here.
    if (state.request === undefined) {
      const checking = guard(request, state.schemaPath, state.params, state.options, state);
      return checking ? checking.then(() => sendCall(request, state, state.call)) : sendCall(request, state, state.call);
    }
    return state.request === request ? sendCall(request, state, state.call) : lateCall(request).then((call) => sendCall(request, state, call));
  };
}
