import type { Client, Middleware } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { linkAbort, untilAborted } from "./abort.js";
import { checkBaseUrl, checkServerVariable } from "./base-url.js";
import { checkCredentials, createCredentialResolver, headerSecrets, staticSecrets } from "./credentials.js";
import { InputError } from "./errors.js";
import { checkHeaderValues } from "./header-value.js";
import { pathSegment, serializePath } from "./path.js";
import { serializeQuery } from "./query.js";
import { rememberCall } from "./redact.js";
import { followSameOrigin } from "./redirect.js";
import { walkPages } from "./paginate.js";
import { resolveRetry, systemClock, withRetry, type Clock, type RetryOption } from "./retry.js";
import type { RequestParts } from "./rules.js";
import { bodyFields } from "./form-fields.js";
import { mediaTypeEssence } from "./media-type.js";
import { mergeHeaders, send, type ParseAs } from "./send.js";
import { unwrap } from "./unwrap.js";
import type { ServiceMeta } from "./service-meta.js";

export interface ServiceClientOptions<Region extends string, ServerName extends string, Credentials, Bind> {
  /** Region prefix of the service instance (the `region` server variable). */
  region?: Region;
  /** Which documented server (its `x-name`), e.g. "public" or "private". */
  server?: ServerName;
  /** Overrides the documented server URL, e.g. with a mock. Credentials are sent to this origin only. */
  baseUrl?: string;
  credentials?: Credentials;
  /** Parameters the document binds at creation (`x-client.bind`), filled into every call. */
  bind?: Bind;
  /** Per-call time limit; a call also honours its own `signal`. Default 30 s. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
  /** Overrides of the document's retry policy (`x-retry`); `false` turns retries off. */
  retry?: RetryOption;
  /** Check each request against the document's rules before sending (default true). */
  validate?: boolean;
  /** Time source for retry waits; tests inject one. */
  clock?: Clock;
}

/** What the generated client adds to openapi-fetch's: auto-pagination of the operations that declare `x-pagination`. */
export interface PaginatingClient<Pages> {
  paginate<P extends keyof Pages & string>(
    path: P,
    init?: { params?: { query?: Record<string, unknown>; path?: Record<string, unknown>; header?: Record<string, unknown> }; signal?: AbortSignal; headers?: Record<string, string> },
  ): AsyncGenerator<Pages[P], void, undefined>;
}

export type ServiceClient<Paths extends {}, BoundKeys extends PropertyKey, Pages> = Client<BindPaths<Paths, BoundKeys>> & PaginatingClient<Pages>;

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;
type AnyOptions = ServiceClientOptions<string, string, Record<string, unknown>, Record<string, unknown>>;
type AnyInit = {
  params?: { path?: Record<string, unknown>; header?: Record<string, unknown>; query?: Record<string, unknown> };
  headers?: HeadersInit | Record<string, string | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  parseAs?: string;
  redirect?: RequestRedirect;
  baseUrl?: string;
  [k: string]: unknown;
};

export function resolveBaseUrl(meta: ServiceMeta, options: Pick<AnyOptions, "region" | "server" | "baseUrl">): string {
  if (options.baseUrl !== undefined) {
    checkBaseUrl("baseUrl", options.baseUrl);
    return options.baseUrl;
  }
  const server = options.server === undefined ? meta.servers[0] : meta.servers.find((s) => s.name === options.server);
  if (!server) {
    throw new InputError("server", "enum", `server: must be one of ${meta.servers.map((s) => s.name).join(", ")}`);
  }
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const variable = server.variables[name]!;
    const value = name === "region" && options.region !== undefined ? options.region : variable.default;
    return checkServerVariable(name, value, variable.enum);
  });
}

/** Header names whose values are credentials: the standard ones and the document's API key headers. */
function credentialHeaderNames(meta: ServiceMeta): Set<string> {
  const names = new Set(["authorization", "proxy-authorization", "cookie"]);
  for (const scheme of Object.values(meta.securitySchemes)) {
    if (scheme.type === "apiKey" && scheme.in === "header") names.add(scheme.name.toLowerCase());
  }
  return names;
}

/** The caller's Content-Type, if any, without building a Headers object on every call. */
function contentTypeOf(headers: AnyInit["headers"]): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get("content-type") ?? undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === "string" && name.toLowerCase() === "content-type") return value;
  }
  return undefined;
}

/** The longest delay setTimeout honours (a signed 32-bit millisecond count). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function timeoutError(ms: number): DOMException {
  return new DOMException(`The operation timed out after ${ms} ms`, "TimeoutError");
}

/** One call, checked and filled, as each attempt sends it again. */
interface Prepared {
  method: string;
  /** The path template, for middleware. */
  schemaPath: string;
  callRoot: string;
  url: string;
  init: AnyInit;
  op: ServiceMeta["operations"][string];
  /** The request media type the caller chose, if any. */
  given: string | undefined;
  headerParams: Record<string, unknown> | undefined;
}

/** A document's request rules (generated/<id>/rules.ts). */
export interface RequestChecker {
  check(operation: string, request: RequestParts): void;
}

export function createServiceClient<Paths extends {}, BoundKeys extends PropertyKey, Pages = {}>(
  meta: ServiceMeta,
  options: AnyOptions,
  loadRules?: () => Promise<RequestChecker>,
): ServiceClient<Paths, BoundKeys, Pages> {
  const baseUrl = resolveBaseUrl(meta, options);
  const origin = new URL(baseUrl).origin;
  const credentials = options.credentials ?? {};
  checkCredentials(meta.securitySchemes, credentials);
  const bind = options.bind ?? {};
  for (const name of Object.keys(bind)) {
    if (!meta.bind.some((b) => b.name === name)) {
      throw new InputError(`bind.${name}`, "unknown", `bind.${name}: not a bound parameter; expected one of ${meta.bind.map((b) => b.name).join(", ") || "(none)"}`);
    }
  }
  let boundPath: Record<string, unknown> | undefined;
  let boundHeader: Record<string, unknown> | undefined;
  for (const { name, in: location } of meta.bind) {
    if (bind[name] === undefined) continue;
    if (location === "path") {
      // Checked here so a bad bound value fails at creation, naming the option it came from.
      pathSegment(`bind.${name}`, bind[name]);
      (boundPath ??= {})[name] = bind[name];
    } else (boundHeader ??= {})[name] = bind[name];
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new InputError("timeoutMs", "minimum", `timeoutMs: must be a positive number`);
  // Timers clamp a longer delay to 1 ms, which would fail every call at once.
  if (timeoutMs > MAX_TIMER_MS) throw new InputError("timeoutMs", "maximum", `timeoutMs: must be at most ${MAX_TIMER_MS} (the longest timer delay)`);
  checkHeaderValues("headers", options.headers);
  // Retry overrides fail where they are given, not at the first call that would retry.
  if (options.retry) resolveRetry({ statuses: [], maxAttempts: 1, backoffMs: 0, maxWaitMs: 0 }, options.retry);

  const fetchOf = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const dispatchWith = (send: typeof fetchOf) => (url: string, init: RequestInit) => (init.redirect === "follow" ? followSameOrigin(send, url, init) : send(url, init));
  const dispatch = dispatchWith(fetchOf);
  const middleware: Middleware[] = [];
  // What leaves after middleware is checked again: a middleware may have moved the request elsewhere after credentials were attached.
  const checkLeaving = (request: Request) => {
    const carriesSecrets = [...request.headers.keys()].some((name) => secretHeaders.has(name));
    if (carriesSecrets && new URL(request.url).origin !== origin) {
      throw new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");
    }
  };
  const root = baseUrl.replace(/\/+$/, "");
  // Loaded on creation, not imported: bundlers then split the checker and the rule tables off a
  // browser app's first load, and the chunk is on its way before the first call needs it.
  let loaded: RequestChecker | undefined;
  const checker = (options.validate ?? true) && loadRules ? loadRules().then((m) => (loaded = m)) : undefined;
  checker?.catch(() => undefined);
  const clock = options.clock ?? systemClock;
  const retryFor = new Map<string, ReturnType<typeof resolveRetry>>();
  const resolveCredentials = createCredentialResolver(meta.securitySchemes, credentials);
  const secretHeaders = credentialHeaderNames(meta);
  /** Every secret known at creation: credentials as given and credential headers among the client-level headers. */
  const configuredSecrets = [...staticSecrets(credentials), ...callerSecrets(options.headers)];

  /** Credential header names among the client-level headers, which bind every call to the configured origin. */
  const configuredCredentialHeaders = Object.entries(options.headers ?? {})
    .filter(([name, value]) => typeof value === "string" && secretHeaders.has(name.toLowerCase()))
    .map(([name]) => name.toLowerCase());

  /** Whether a call would send a credential header: a client-level one not removed per call (null), a per-call one or a header parameter. */
  function carriesCredentialHeaders(perCall: AnyInit["headers"], headerParams: Record<string, unknown> | undefined): boolean {
    const entries = perCall instanceof Headers || Array.isArray(perCall) ? [...(perCall as Iterable<[string, unknown]>)] : Object.entries(perCall ?? {});
    const names = new Set(configuredCredentialHeaders);
    for (const [name, value] of [...entries, ...Object.entries(headerParams ?? {})]) {
      if (value === null) names.delete(name.toLowerCase());
      else if (value !== undefined && secretHeaders.has(name.toLowerCase())) names.add(name.toLowerCase());
    }
    return names.size > 0;
  }

  /** Secrets in caller-supplied headers, found by header name. */
  function callerSecrets(headers: Record<string, string | undefined | null> | undefined): string[] {
    const found: string[] = [];
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (typeof value === "string" && secretHeaders.has(name.toLowerCase())) found.push(...headerSecrets(name, value));
    }
    return found;
  }

  /** Checks, fills and sends one call of an operation; retries as the document's `x-retry` says. */
  const call = async (method: string, path: string, init: AnyInit = {}) => {
    const key = `${method} ${path}`;
    const op = meta.operations[key];
    if (!op) throw new InputError("path", "operation", `${key} is not an operation of ${meta.id}`);
    checkHeaderValues("headers", init.headers);
    const pathParams = boundPath ? { ...boundPath, ...init.params?.path } : init.params?.path;
    const headerParams = boundHeader ? { ...boundHeader, ...init.params?.header } : init.params?.header;
    checkHeaderValues("params.header", headerParams);
    let callRoot = root;
    if (init.baseUrl !== undefined) {
      // A per-call baseUrl is not where the caller configured credentials, nor credential headers.
      const callOrigin = checkBaseUrl("baseUrl", init.baseUrl).origin;
      if (callOrigin !== origin && (op.security.length > 0 || carriesCredentialHeaders(init.headers, headerParams))) {
        throw new InputError("baseUrl", "origin", `baseUrl: credentials are only sent to the configured service origin`);
      }
      callRoot = init.baseUrl.replace(/\/+$/, "");
    }
    if (checker) (loaded ?? (await checker)).check(key, { path: pathParams, query: init.params?.query, header: headerParams, body: bodyFields(init.body) });
    // FormData is multipart whatever the caller wrote: fetch alone can write its boundary.
    const multipart = init.body instanceof FormData;
    // URLSearchParams is URL-encoded unless the caller says otherwise.
    const implied = init.body instanceof URLSearchParams ? "application/x-www-form-urlencoded" : undefined;
    const given = init.body === undefined ? undefined : multipart ? "multipart/form-data" : (contentTypeOf(init.headers) ?? implied);
    if (given !== undefined && !op.requestMediaTypes.includes(mediaTypeEssence(given))) {
      throw new InputError("Content-Type", "enum", `Content-Type: must be one of ${op.requestMediaTypes.join(", ")}`);
    }
    if (init.pathSerializer !== undefined) {
      throw new InputError("pathSerializer", "unsupported", "pathSerializer: not supported; path parameters are always encoded as whole, checked segments");
    }
    if (init.querySerializer !== undefined && typeof init.querySerializer !== "function") {
      throw new InputError("querySerializer", "type", "querySerializer: must be a function; without one, the document's style and explode apply");
    }
    const query =
      typeof init.querySerializer === "function" ? (init.querySerializer as (q: Record<string, unknown>) => string)(init.params?.query ?? {}) : serializeQuery(init.params?.query, op.query);
    const url = `${callRoot}${serializePath(path, pathParams)}${query ? `?${query}` : ""}`;
    let retry = retryFor.get(key);
    if (!retryFor.has(key)) retryFor.set(key, (retry = resolveRetry(op.retry, options.retry)));
    const prepared: Prepared = { method, schemaPath: path, callRoot, url, init, op, given, headerParams };
    return withRetry(() => attempt(prepared), retry, clock, init.signal);
  };

  /** One attempt: one deadline covering credential resolution, the request and reading the body. */
  const attempt = async ({ method, schemaPath, callRoot, url, init, op, given, headerParams }: Prepared) => {
    // One cleared timer per attempt: AbortSignal.timeout would leave a live timer behind every request.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
    const unlink = linkAbort(init.signal, controller);
    try {
      controller.signal.throwIfAborted();
      // An open operation (no security) resolves to no headers.
      const credentialHeaders = await untilAborted(resolveCredentials(op.security, { signal: controller.signal }), controller.signal);
      const callerHeaders = init.headers instanceof Headers ? Object.fromEntries(init.headers) : (init.headers as Record<string, string> | undefined);
      // Lowest to highest: client-level headers, credentials, the default media type, per-call
      // headers, header parameters. An explicit per-call Authorization is the caller's choice.
      const headers = new Headers();
      mergeHeaders(headers, options.headers);
      mergeHeaders(headers, credentialHeaders);
      if (init.body !== undefined) headers.set("content-type", given ?? op.requestMediaTypes[0]!);
      mergeHeaders(headers, callerHeaders);
      if (init.body instanceof FormData) headers.delete("content-type");
      mergeHeaders(headers, headerParams);
      const secrets = [...configuredSecrets, ...callerSecrets(credentialHeaders), ...callerSecrets(callerHeaders)];
      const { params, headers: _h, body, parseAs, baseUrl: _b, querySerializer: _q, bodySerializer, pathSerializer: _p, middleware: perCall, fetch: perCallFetch, Request: _r, ...rest } = init;
      const result = await send(
        {
          url,
          method,
          headers,
          body,
          parseAs: (parseAs as ParseAs | undefined) ?? op.parseAs,
          bodySerializer: bodySerializer as ((body: unknown, headers: Headers) => unknown) | undefined,
          init: { ...rest, signal: controller.signal, redirect: init.redirect ?? op.redirect } as RequestInit,
          schemaPath,
          params: params ?? {},
          options: { baseUrl: callRoot, fetch: fetchOf as typeof globalThis.fetch, querySerializer: (q: Record<string, unknown>) => serializeQuery(q, op.query), pathSerializer: serializePath },
        },
        typeof perCallFetch === "function" ? dispatchWith(perCallFetch as typeof fetchOf) : dispatch,
        Array.isArray(perCall) ? [...middleware, ...(perCall as Middleware[])] : middleware,
        checkLeaving,
      );
      const context = { operation: op.operationId, secrets };
      rememberCall(result.response, context);
      rememberCall(result.error, context);
      return result;
    } finally {
      clearTimeout(timer);
      unlink();
    }
  };

  const client: Record<string, unknown> = {
    // openapi-fetch's contract: an entry without a hook is a mistake, reported at registration.
    use: (...added: Middleware[]) => {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m)) {
          throw new InputError("middleware", "type", "middleware: must be an object with onRequest, onResponse or onError");
        }
        middleware.push(m);
      }
    },
    eject: (...removed: Middleware[]) => {
      for (const m of removed) {
        const i = middleware.indexOf(m);
        if (i !== -1) middleware.splice(i, 1);
      }
    },
    request: (method: string, path: string, init?: AnyInit) => call(String(method).toUpperCase(), path, init),
  };
  for (const method of METHODS) client[method] = (path: string, init?: AnyInit) => call(method, path, init);
  const get = client.GET as (path: string, init: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  client.paginate = (path: string, init: AnyInit = {}) => {
    const pagination = meta.operations[`GET ${path}`]?.pagination;
    if (!pagination) throw new InputError("path", "paginated", `GET ${path} is not a paginated operation of ${meta.id}`);
    return walkPages(
      pagination,
      init.params?.query ?? {},
      async (query) => unwrap(await get(path, { ...init, params: { ...init.params, query } })),
      init.signal,
    );
  };
  return client as unknown as ServiceClient<Paths, BoundKeys, Pages>;
}
