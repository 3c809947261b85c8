import { Router } from "../openapi/router.js";
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { linkAbort, untilAborted } from "./abort.js";
import { checkBaseUrl, checkServerVariable } from "./base-url.js";
import { checkCredentials, createCredentialResolver, headerSecrets, staticSecrets } from "./credentials.js";
import { InputError } from "./errors.js";
import { checkHeaderValues } from "./header-value.js";
import { pathSegment, serializePath } from "./path.js";
import { serializeQuery } from "./query.js";
import { callContextOf, rememberCall } from "./redact.js";
import { followSameOrigin } from "./redirect.js";
import { walkPages } from "./paginate.js";
import { resolveRetry, systemClock, withRetry, type Clock, type RetryOption } from "./retry.js";
import type { RequestParts } from "./rules.js";
import { bodyFields } from "./form-fields.js";
import { mediaTypeEssence } from "./media-type.js";
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

/** The longest delay setTimeout honours (a signed 32-bit millisecond count). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function timeoutError(ms: number): DOMException {
  return new DOMException(`The operation timed out after ${ms} ms`, "TimeoutError");
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

  const root = baseUrl.replace(/\/+$/, "");
  // Longest first, so "/a/{id}" is not mistaken for the tail "/{id}".
  const templates = [...new Set(Object.keys(meta.operations).map((key) => key.slice(key.indexOf(" ") + 1)))].sort((a, b) => b.length - a.length);
  const transport = options.fetch ?? ((request: Request) => globalThis.fetch(request));
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

  /** Secrets in caller-supplied headers, found by header name. */
  function callerSecrets(headers: Record<string, string | undefined | null> | undefined): string[] {
    const found: string[] = [];
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (typeof value === "string" && secretHeaders.has(name.toLowerCase())) found.push(...headerSecrets(name, value));
    }
    return found;
  }

  /** What our first middleware learnt about a call, for the wrapped fetch that sends it. */
  interface Call {
    key: string;
    op: ServiceMeta["operations"][string];
    /** openapi-fetch's default parseAs is json; an operation the document answers with text is read as text. */
    parseAs: string;
  }
  const calls = new WeakMap<Request, Call>();
  const router = new Router(
    Object.entries(meta.operations).map(([key, op]) => {
      const [method, path] = key.split(" ") as [string, string];
      return { method, path, key, op };
    }),
  );
  /**
   * A middleware may have replaced the Request our middleware saw: the call is then found by its
   * method and path, through the one router (runtime/openapi), after whatever server prefix the
   * URL carries (the document's paths are relative to a base URL that may have a path of its own).
   */
  const callOf = (request: Request): Call | undefined => {
    const known = calls.get(request);
    if (known) return known;
    const { pathname } = new URL(request.url);
    for (let i = 0; i !== -1; i = pathname.indexOf("/", i + 1)) {
      const hit = router.route(request.method, pathname.slice(i));
      if (hit.kind === "operation") return { key: hit.operation.key, op: hit.operation.op, parseAs: "json" };
    }
    return undefined;
  };

  /** The check before sending: the operation exists, the document's rules hold, the media type is one the operation takes. */
  const guard: Middleware = {
    async onRequest({ request, schemaPath, params, options: callOptions }) {
      const key = `${request.method} ${schemaPath}`;
      const op = meta.operations[key];
      if (!op) throw new InputError("path", "operation", `${key} is not an operation of ${meta.id}`);
      checkHeaderValues("params.header", params.header as Record<string, unknown> | undefined);
      const headerParams = boundHeader ? { ...boundHeader, ...params.header } : params.header;
      const pathParams = boundPath ? { ...boundPath, ...params.path } : params.path;
      if (callOptions.baseUrl !== root) {
        // A per-call baseUrl is not where the caller configured credentials, nor credential headers.
        const callOrigin = checkBaseUrl("baseUrl", callOptions.baseUrl).origin;
        const carries = [...request.headers.keys()].some((name) => secretHeaders.has(name));
        if (callOrigin !== origin && (op.security.length > 0 || carries)) {
          throw new InputError("baseUrl", "origin", `baseUrl: credentials are only sent to the configured service origin`);
        }
      }
      // A per-call fetch is used as openapi-fetch uses it, bypassing ours (no credentials are added); fetch itself
      // would carry API-key headers and cookies along a redirect to another origin, so that mode is refused there.
      if (callOptions.fetch !== wrappedFetch && request.redirect === "follow" && [...request.headers.keys()].some((name) => secretHeaders.has(name))) {
        throw new InputError("redirect", "origin", 'redirect: "follow" with a per-call fetch would carry credential headers to another origin');
      }
      let out = request;
      let body: unknown;
      // Set by our bodySerializer in the same synchronous stretch of this call (see serializeBody).
      const chosen = unlabelled;
      const raw = lastBody;
      unlabelled = undefined;
      lastBody = NONE;
      // The body as the caller gave it, when our serializer wrote it: read without parsing the Request again.
      const given = callOptions.bodySerializer === serializeBody && raw !== NONE ? raw : NONE;
      if (request.body !== null) {
        let type = request.headers.get("content-type") ?? undefined;
        // openapi-fetch labels a body the caller did not label JSON; the operation's first media type is the default.
        const wanted = chosen === "form" ? "application/x-www-form-urlencoded" : chosen === "default" ? op.requestMediaTypes[0] : undefined;
        if (wanted !== undefined && !(request.headers.get("content-type") ?? "").startsWith("multipart/form-data") && (type === undefined || mediaTypeEssence(type) !== wanted)) {
          const text = given === NONE ? await request.clone().text() : (given instanceof URLSearchParams ? given.toString() : JSON.stringify(given));
          const headers = new Headers(request.headers);
          headers.set("content-type", (type = wanted));
          const form = wanted === "application/x-www-form-urlencoded" && chosen === "default" && text.startsWith("{");
          out = new Request(request, { headers, body: form ? new URLSearchParams(JSON.parse(text) as Record<string, string>).toString() : text });
        }
        const essence = type === undefined ? undefined : mediaTypeEssence(type);
        if (essence === undefined || !op.requestMediaTypes.includes(essence)) {
          throw new InputError("Content-Type", "enum", `Content-Type: must be one of ${op.requestMediaTypes.join(", ")}`);
        }
        if (checker && given !== NONE) body = bodyFields(given);
        else if (checker) {
          const copy = out.clone();
          body =
            essence === "application/x-www-form-urlencoded" || essence === "multipart/form-data"
              ? bodyFields(essence === "multipart/form-data" ? await copy.formData() : new URLSearchParams(await copy.text()))
              : await copy.text().then((text) => (text ? JSON.parse(text) : undefined));
        }
      }
      if (checker) (loaded ?? (await checker)).check(key, { path: pathParams, query: params.query, header: headerParams, body });
      calls.set(out, { key, op, parseAs: callOptions.parseAs });
      return out === request ? undefined : out;
    },
  };

  /**
   * One attempt. The call's deadline (see `relay`) reaches it as the Request's signal. Without
   * a retry policy or a redirect mode of our own, openapi-fetch's Request is sent as it is, with
   * the credential headers added; otherwise each attempt is a new Request over the buffered body.
   */
  const attempt = async (request: Request, call: Call | undefined, replay: { body: ArrayBuffer | undefined; redirect: RequestRedirect; headers: Headers } | undefined) => {
    const { signal } = request;
    signal.throwIfAborted();
    const leaving = new URL(request.url).origin;
    const security = call?.op.security ?? [];
    if (leaving !== origin && security.length > 0) {
      throw new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");
    }
    // An open operation (no security) resolves to no headers. The provider gets a signal of its
    // own, unlinked when it settles, so nothing it leaves behind stays on the call's signal.
    const forProvider = new AbortController();
    const unlinkProvider = linkAbort(signal, forProvider);
    const credentialHeaders = await untilAborted(resolveCredentials(security, { signal: forProvider.signal }), forProvider.signal).finally(unlinkProvider);
    const headers = replay ? new Headers(replay.headers) : request.headers;
    // An explicit per-call Authorization is the caller's choice.
    for (const name in credentialHeaders) if (!headers.has(name)) headers.set(name, credentialHeaders[name]!);
    // What leaves is checked again: a middleware may have moved the request elsewhere after credential headers were set.
    if (leaving !== origin) {
      for (const name of headers.keys()) {
        if (secretHeaders.has(name)) {
          throw new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");
        }
      }
    }
    const secrets = [...configuredSecrets, ...callerSecrets(Object.fromEntries(headers))];
    let response: Response;
    if (!replay) response = await (transport as (request: Request) => Promise<Response>)(request);
    else {
      // Everything else the caller's init set (cache, keepalive, mode, ...) goes as it came.
      const { cache, credentials: sendCredentials, integrity, keepalive, mode, referrer, referrerPolicy } = request;
      const { redirect } = replay;
      const init: RequestInit = { method: request.method, headers, body: replay.body, signal, redirect: redirect === "follow" ? "manual" : redirect, cache, credentials: sendCredentials, integrity, keepalive, mode, referrer, referrerPolicy };
      const hop = (url: string, hopInit: RequestInit) => (transport as (request: Request) => Promise<Response>)(new Request(url, hopInit));
      response = redirect === "follow" ? await followSameOrigin(hop, request.url, init) : await hop(request.url, init);
    }
    rememberCall(response, { operation: call?.op.operationId ?? "", secrets });
    return response;
  };

  /** The fetch openapi-fetch calls: credentials, the origin guard, redirects and the document's retries. */
  const wrappedFetch = async (request: Request): Promise<Response> => {
    const call = callOf(request);
    let retry = call && retryFor.get(call.key);
    if (call && !retryFor.has(call.key)) retryFor.set(call.key, (retry = resolveRetry(call.op.retry, options.retry)));
    // openapi-fetch asks for "follow" unless told otherwise; the creation default "error" stands for the document's choice.
    const redirect = request.redirect === "error" ? (call?.op.redirect ?? "error") : request.redirect;
    const direct = redirect === request.redirect && redirect !== "follow";
    if (!retry && direct) return attempt(request, call, undefined);
    // The headers as they came, before any attempt added credentials: each attempt asks the provider again.
    const replay = { body: request.body === null ? undefined : await request.arrayBuffer(), redirect, headers: new Headers(request.headers) };
    let first = true;
    const result = await withRetry(
      async () => {
        // The first attempt of a call without a body and without a redirect mode of ours sends openapi-fetch's Request as it is.
        const response = await attempt(request, call, first && direct && replay.body === undefined ? undefined : replay);
        first = false;
        if (!retry?.statuses.includes(response.status)) return { response };
        const text = await response.clone().text();
        let error: unknown = text;
        try {
          error = JSON.parse(text);
        } catch {
          // kept as text
        }
        return { response, error };
      },
      retry,
      clock,
      request.signal,
    );
    return result.response;
  };

  const client = createClient<Paths>({
    baseUrl,
    fetch: wrappedFetch as typeof globalThis.fetch,
    headers: boundHeader ? { ...options.headers, ...(boundHeader as Record<string, string>) } : options.headers,
    // Path parameters are whole, checked segments; bound ones are filled in.
    // openapi-fetch hands over baseUrl + template: only the template part is filled.
    pathSerializer: (url: string, params: Record<string, unknown>) => {
      const template = templates.find((t) => url.endsWith(t)) ?? "";
      return url.slice(0, url.length - template.length) + serializePath(template, params);
    },
    bodySerializer: serializeBody,
    // Stands for "the document's choice" (see the wrapped fetch); a caller's own value is kept.
    redirect: "error",
  } as never) as unknown as Record<string, unknown>;
  (client.use as (m: Middleware) => void)(guard);

  /**
   * What must happen before openapi-fetch builds its Headers and Request, whose own errors
   * (TypeError) quote the offending header value or URL, i.e. possibly a secret: header values
   * and a per-call baseUrl are checked first. Also here: bound path parameters (openapi-fetch
   * fills the path only when `params.path` is given), header pairs (it reads only objects and
   * Headers), the document's parseAs, and a relay of the caller's signal, so the Request's own
   * listener lands on a per-call signal rather than on the caller's.
   */
  const prepare = (method: string, path: string, init: AnyInit = {}) => {
    checkHeaderValues("headers", init.headers);
    checkHeaderValues("params.header", init.params?.header);
    if (init.baseUrl !== undefined) checkBaseUrl("baseUrl", init.baseUrl);
    const op = meta.operations[`${method} ${path}`];
    let headers = Array.isArray(init.headers) ? new Headers(init.headers as [string, string][]) : init.headers;
    if (init.body instanceof FormData && headers) {
      // A caller's multipart Content-Type lacks the boundary; fetch writes the right one from the FormData.
      if (headers instanceof Headers) {
        headers = new Headers(headers);
        headers.delete("content-type");
      } else headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"));
    }
    // The calling operation's query styles, unless the caller gave a querySerializer, which openapi-fetch then uses.
    const querySerializer = init.querySerializer ?? ((query: Record<string, unknown>) => serializeQuery(query, op?.query ?? {}));
    return { ...init, headers, params: { ...init.params, path: { ...boundPath, ...init.params?.path } }, parseAs: init.parseAs ?? op?.parseAs ?? "json", querySerializer };
  };
  const relay = (send: (path: string, init: AnyInit) => Promise<unknown>, method: string) => async (path: string, init?: AnyInit) => {
    const prepared = prepare(method, path, init);
    // The parsed error body is made by openapi-fetch after our fetch: it learns its call's secrets here.
    const remember = (result: any) => {
      const context = callContextOf(result?.response);
      if (context) rememberCall(result.error, context);
      return result;
    };
    // One deadline for the call: the token provider, each attempt, the waits between them and
    // reading the body, which openapi-fetch does before `send` settles. One cleared timer per
    // call (AbortSignal.timeout would leave a live timer behind every request); the caller's
    // signal is relayed, so the Request's own listener lands on this per-call signal.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
    const unlink = linkAbort(prepared.signal, controller);
    try {
      return remember(await send(path, { ...prepared, signal: controller.signal }));
    } finally {
      clearTimeout(timer);
      unlink();
    }
  };
  for (const method of METHODS) client[method] = relay(client[method] as (path: string, init: AnyInit) => Promise<unknown>, method);
  const request = client.request as (method: string, path: string, init: AnyInit) => Promise<unknown>;
  client.request = (method: string, path: string, init?: AnyInit) => relay((p, i) => request(method, p, i), String(method).toUpperCase())(path, init);
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

/**
 * Whether the body our serializer last wrote came without a Content-Type ("default") or as
 * URLSearchParams ("form"). openapi-fetch calls the serializer and then the first middleware
 * (ours) in one synchronous stretch, so no other call can come between.
 */
let unlabelled: "default" | "form" | undefined;
const NONE = Symbol("none");
let lastBody: unknown = NONE;

/** FormData as it is (fetch writes its boundary), URLSearchParams and form-labelled bodies URL-encoded, everything else JSON. */
function serializeBody(body: unknown, headers?: Headers): BodyInit {
  const type = headers?.get("content-type");
  unlabelled = type ? undefined : body instanceof URLSearchParams ? "form" : "default";
  lastBody = body;
  if (body instanceof FormData) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (mediaTypeEssence(headers?.get("content-type") ?? "") === "application/x-www-form-urlencoded") return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}
