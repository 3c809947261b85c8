import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { Deadline, linkAbort } from "./abort.js";
import { checkBaseUrl, checkServerVariable } from "./base-url.js";
import { checkCredentials, createCredentialResolver, headerSecrets, staticSecrets, type ProviderContext } from "./credentials.js";
import { InputError } from "./errors.js";
import { checkHeaderValues } from "./header-value.js";
import { pathSegment, serializePath } from "./path.js";
import { serializeQuery } from "./query.js";
import { callContextOf, rememberCall, type CallContext } from "./redact.js";
import { resolveRetry, type Clock, type RetryMeta, type RetryOption } from "./retry.js";
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
  // A copy: static credentials are checked here once, and must not change behind the check.
  const credentials = { ...options.credentials };
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
  const transport = (options.fetch ?? ((request: Request, init: RequestInit) => globalThis.fetch(request, init))) as (request: Request, init: { signal: AbortSignal }) => Promise<Response>;
  // Loaded on creation, not imported: bundlers then split the checker and the rule tables off a
  // browser app's first load, and the chunk is on its way before the first call needs it.
  let loaded: RequestChecker | undefined;
  const checker = (options.validate ?? true) && loadRules ? loadRules().then((m) => (loaded = m)) : undefined;
  checker?.catch(() => undefined);
  const retryFor = new Map<string, RetryMeta | undefined>();
  const resolveCredentials = createCredentialResolver(meta.securitySchemes, credentials);
  const secretHeaders = credentialHeaderNames(meta);
  /** Every secret known at creation: credentials as given and credential headers among the client-level headers. */
  const configuredSecrets: string[] = [...staticSecrets(credentials)];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (typeof value === "string" && secretHeaders.has(name.toLowerCase())) configuredSecrets.push(...headerSecrets(name, value));
  }
  const clientLabels = labels(options.headers);
  /** A URL on the configured origin starts with it and a slash (a Request's URL is normalised, and always has a path). */
  const originPrefix = `${origin}/`;

  /** What our first middleware learnt about a call, for the wrapped fetch that sends it. */
  interface Call {
    key: string;
    op: ServiceMeta["operations"][string];
    /** The body our serializer (or our relabelling) wrote, for attempts after the first; undefined when not known. */
    body?: BodyInit | null;
  }
  /**
   * One call's state, made by the relay and handed to openapi-fetch as the call's own
   * bodySerializer and fetch: our serializer, our first middleware and our fetch find each other
   * through it, and nothing is shared between calls.
   */
  interface CallState {
    /** Ends at the call's deadline or with the caller's signal. */
    readonly deadline: Deadline;
    readonly serialize: (body: unknown, headers?: Headers) => BodyInit;
    readonly fetch: (request: Request) => Promise<Response>;
    /** The body as the caller gave it, and as our serializer wrote it. */
    given: unknown;
    written?: BodyInit;
    /** The Request our middleware passed on, and what it learnt. */
    request?: Request;
    call?: Call;
  }
  const states = new WeakMap<object, CallState>();
  let router: Promise<(request: Request) => Call | undefined> | undefined;
  /**
   * A middleware may have replaced the Request our middleware saw: the call is then found by its
   * method and path, through the one router (runtime/openapi, loaded only then), after whatever
   * server prefix the URL carries (the document's paths are relative to a base URL that may
   * have a path of its own).
   */
  const lateCall = async (request: Request): Promise<Call | undefined> => {
    router ??= import("../openapi/router.js").then(({ Router }) => {
      const routes = new Router(
        Object.entries(meta.operations).map(([key, op]) => {
          const [method, path] = key.split(" ") as [string, string];
          return { method, path, key, op };
        }),
      );
      return (r: Request) => {
        const { pathname } = new URL(r.url);
        for (let i = 0; i !== -1; i = pathname.indexOf("/", i + 1)) {
          const hit = routes.route(r.method, pathname.slice(i));
          if (hit.kind === "operation") return { key: hit.operation.key, op: hit.operation.op };
        }
        return undefined;
      };
    });
    return (await router)(request);
  };

  /** The check before sending: the operation exists, the document's rules hold, the media type is one the operation takes. */
  const guard: Middleware = {
    async onRequest({ request, schemaPath, params, options: callOptions }) {
      const key = `${request.method} ${schemaPath}`;
      // The caller may have given their own fetch or bodySerializer for this call, not both.
      const state = states.get(callOptions.bodySerializer) ?? states.get(callOptions.fetch);
      const op = meta.operations[key];
      if (!op) throw new InputError("path", "operation", `${key} is not an operation of ${meta.id}`);
      if (callOptions.baseUrl !== root) {
        // A per-call baseUrl is not where the caller configured credentials, nor credential headers.
        const callOrigin = checkBaseUrl("baseUrl", callOptions.baseUrl).origin;
        if (callOrigin !== origin && (op.security.length > 0 || carriesSecrets(request.headers))) {
          throw new InputError("baseUrl", "origin", `baseUrl: credentials are only sent to the configured service origin`);
        }
      }
      // A per-call fetch is used as openapi-fetch uses it, bypassing ours (no credentials are added); fetch itself
      // would carry API-key headers and cookies along a redirect to another origin, so that mode is refused there.
      if (callOptions.fetch !== state?.fetch && request.redirect === "follow" && carriesSecrets(request.headers)) {
        throw new InputError("redirect", "origin", 'redirect: "follow" with a per-call fetch would carry credential headers to another origin');
      }
      let body: unknown;
      // The body as the caller gave it, and as sent, when our serializer wrote it: read without parsing the Request again.
      const ours = callOptions.bodySerializer === state?.serialize && state.written !== undefined;
      const given = ours ? state.given : NONE;
      const sent: BodyInit | null | undefined = ours ? state.written : request.body === null ? null : undefined;
      if (request.body !== null) {
        const type = request.headers.get("content-type") ?? undefined;
        const essence = type === undefined ? undefined : mediaTypeEssence(type);
        if (essence === undefined || !op.requestMediaTypes.includes(essence)) {
          throw new InputError("Content-Type", "enum", `Content-Type: must be one of ${op.requestMediaTypes.join(", ")}`);
        }
        if (checker && given !== NONE) body = bodyFields(given);
        else if (checker) {
          const copy = request.clone();
          body =
            essence === "application/x-www-form-urlencoded" || essence === "multipart/form-data"
              ? bodyFields(essence === "multipart/form-data" ? await copy.formData() : new URLSearchParams(await copy.text()))
              : await copy.text().then((text) => (text ? JSON.parse(text) : undefined));
        }
      }
      if (checker) {
        const header = boundHeader ? { ...boundHeader, ...params.header } : params.header;
        const path = boundPath ? { ...boundPath, ...params.path } : params.path;
        (loaded ?? (await checker)).check(key, { path, query: params.query, header, body });
      }
      if (state) {
        state.request = request;
        state.call = { key, op, body: sent };
      }
      return undefined;
    },
  };

  const carriesSecrets = (headers: Headers) => {
    for (const name of headers.keys()) if (secretHeaders.has(name)) return true;
    return false;
  };

  /** What redaction needs about a sent call; its secrets are gathered only if an error or a log asks for them. */
  const contextOf = (call: Call | undefined, headers: Headers): CallContext => {
    let secrets: string[] | undefined;
    return {
      operation: call?.op.operationId ?? "",
      get secrets() {
        if (!secrets) {
          secrets = [...configuredSecrets];
          for (const [name, value] of headers) if (secretHeaders.has(name)) secrets.push(...headerSecrets(name, value));
        }
        return secrets;
      },
    };
  };

  /**
   * Sends one Request: the operation's credentials are added (an explicit per-call header wins),
   * and what leaves is checked against the configured origin, since a middleware may have moved
   * it elsewhere. `added` learns which credential headers were added, so a later attempt can
   * ask the provider again. The call's deadline reaches the transport as `init.signal`.
   */
  const send = (request: Request, call: Call | undefined, deadline: Deadline, added?: string[]): Promise<Response> => {
    deadline.throwIfAborted();
    const elsewhere = !request.url.startsWith(originPrefix);
    const security = call?.op.security ?? [];
    if (elsewhere && security.length > 0) {
      throw new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");
    }
    // A token provider gets a signal of its own, made only if it asks, and unlinked when it settles,
    // so nothing it leaves behind stays on the call's signal. An open operation resolves to no headers.
    let forProvider: AbortController | undefined;
    let unlink: () => void = () => undefined;
    const context: ProviderContext = {
      get signal() {
        if (!forProvider) {
          forProvider = new AbortController();
          unlink = linkAbort(deadline.signal, forProvider);
        }
        return forProvider.signal;
      },
    };
    const credentialHeaders = resolveCredentials(security, context);
    // Static credentials are at hand: no promise and no wait on the way to the transport.
    if (!(credentialHeaders instanceof Promise)) return deliver(request, call, deadline, credentialHeaders, elsewhere, added);
    return deadline
      .until(credentialHeaders)
      .finally(() => unlink())
      .then((provided) => deliver(request, call, deadline, provided, elsewhere, added));
  };

  const deliver = (request: Request, call: Call | undefined, deadline: Deadline, credentialHeaders: Record<string, string>, elsewhere: boolean, added?: string[]): Promise<Response> => {
    const { headers } = request;
    for (const name in credentialHeaders) {
      if (headers.has(name)) continue;
      headers.set(name, credentialHeaders[name]!);
      added?.push(name);
    }
    if (elsewhere && carriesSecrets(headers)) {
      throw new InputError("middleware", "origin", "middleware: sent credentials to another origin; credentials are only sent to the configured service origin");
    }
    // The deadline goes beside the Request, not inside it: a Request built with a signal costs
    // several times one without on Node 20, and fetch builds its own Request from both anyway.
    // The signal is made only if the transport reads it.
    const init = {
      get signal() {
        return deadline.signal;
      },
    };
    return transport(request, init).then((response) => {
      rememberCall(response, contextOf(call, headers));
      return response;
    });
  };

  const policyOf = (call: Call | undefined): RetryMeta | undefined => {
    if (!call) return undefined;
    if (!retryFor.has(call.key)) retryFor.set(call.key, resolveRetry(call.op.retry, options.retry));
    return retryFor.get(call.key);
  };

  /** The attempts after the first, or all of them: loaded on the first answer the document says to retry, or for `redirect: "follow"`. */
  const again = async (request: Request, call: Call | undefined, deadline: Deadline, policy: RetryMeta | undefined, body: BodyInit | null | undefined, added: string[], first?: Response) => {
    const { sendAgain } = await import("./retry-loop.js");
    return sendAgain(request, { body, added, policy, clock: options.clock, signal: deadline.signal, first, send: (r) => send(r, call, deadline) });
  };

  /**
   * The fetch openapi-fetch calls. openapi-fetch's Request goes out as it is on the first
   * attempt; only an answer the document says to retry, or `redirect: "follow"` (done here,
   * hop by hop within the origin), costs more.
   */
  const wrappedFetch = (request: Request, state: CallState): Promise<Response> =>
    // A later middleware may have replaced our Request: then the router says which operation it is, and its body is not ours.
    state.request === request ? sendCall(request, state.deadline, state.call) : lateCall(request).then((call) => sendCall(request, state.deadline, call));

  const sendCall = (request: Request, deadline: Deadline, call: Call | undefined): Promise<Response> => {
    const policy = policyOf(call);
    return !policy && request.redirect !== "follow" ? send(request, call, deadline) : sendAgainable(request, deadline, call, policy);
  };

  /** A call the document may retry, or one whose redirects are ours to follow. */
  const sendAgainable = async (request: Request, deadline: Deadline, call: Call | undefined, policy: RetryMeta | undefined): Promise<Response> => {
    const added: string[] = [];
    // A body only the Request holds is read now, while it can be.
    const body = call?.body !== undefined ? call.body : request.body !== null ? await request.arrayBuffer() : null;
    if (request.redirect === "follow" || request.bodyUsed) return again(request, call, deadline, policy, body, added);
    const first = await send(request, call, deadline, added);
    if (!policy?.statuses.includes(first.status)) return first;
    return again(request, call, deadline, policy, body, added, first);
  };

  const client = createClient<Paths>({
    baseUrl,
    // Every call brings its own fetch and bodySerializer (see relay); these stand for a caller's own.
    fetch: transport as typeof globalThis.fetch,
    headers: boundHeader ? { ...options.headers, ...(boundHeader as Record<string, string>) } : options.headers,
    // Path parameters are whole, checked segments; bound ones are filled in.
    // openapi-fetch hands over baseUrl + template: only the template part is filled.
    pathSerializer: (url: string, params: Record<string, unknown>) => {
      const template = templates.find((t) => url.endsWith(t)) ?? "";
      return url.slice(0, url.length - template.length) + serializePath(template, params);
    },
    bodySerializer: (body: unknown, headers?: Headers) => serializeBody(undefined, body, headers),
    // Stands for "the document's choice" (see the wrapped fetch); a caller's own value is kept.
    redirect: "error",
  } as never) as unknown as Record<string, unknown>;
  (client.use as (m: Middleware) => void)(guard);

  /**
   * Each method is relayed, for what must happen before openapi-fetch builds its Headers and
   * Request, whose own errors (TypeError) quote the offending header value or URL, i.e. possibly
   * a secret: header values and a per-call baseUrl are checked first. Also here: bound path
   * parameters (openapi-fetch fills the path only when `params.path` is given), header pairs (it
   * reads only objects and Headers), the document's parseAs and redirect mode, and one deadline
   * for the call: the token provider, each attempt, the waits between them and reading the body,
   * which openapi-fetch does before it settles. One cleared timer per call (AbortSignal.timeout
   * would leave a live timer behind every request); the caller's signal is relayed to the
   * deadline with one listener per signal (abort.ts), however many calls share it.
   */
  const relay = (call: (path: string, init: AnyInit) => Promise<unknown>, method: string) => async (path: string, init: AnyInit = {}) => {
    const { params } = init;
    checkHeaderValues("headers", init.headers);
    checkHeaderValues("params.header", params?.header);
    if (init.baseUrl !== undefined) checkBaseUrl("baseUrl", init.baseUrl);
    const op = meta.operations[`${method} ${path}`];
    let headers = (Array.isArray(init.headers) ? new Headers(init.headers as [string, string][]) : init.headers) as Headers | Record<string, string | undefined | null> | undefined;
    if (init.body instanceof FormData && headers) {
      // A caller's multipart Content-Type lacks the boundary; fetch writes the right one from the FormData.
      if (headers instanceof Headers) {
        headers = new Headers(headers);
        headers.delete("content-type");
      } else headers = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"));
    }
    // openapi-fetch would label an unlabelled body JSON: the operation's first media type is the
    // default (URLSearchParams are a form), so our serializer writes the body once, as labelled.
    // A caller's own serializer sees the headers as the caller gave them, as openapi-fetch says.
    if (init.body !== undefined && init.bodySerializer === undefined && !(init.body instanceof FormData) && !clientLabels && !labels(headers) && !labels(params?.header)) {
      const type = init.body instanceof URLSearchParams ? FORM : op?.requestMediaTypes[0];
      if (type !== undefined) headers = labelled(headers, type);
    }
    const deadline = new Deadline();
    const timer = setTimeout(() => deadline.abort(timeoutError(timeoutMs)), timeoutMs);
    const unlink = linkAbort(init.signal, deadline);
    const state: CallState = {
      deadline,
      given: NONE,
      serialize: (body, headers) => serializeBody(state, body, headers),
      fetch: (request) => wrappedFetch(request, state),
    };
    states.set(state.serialize, state);
    states.set(state.fetch, state);
    try {
      const result = (await call(path, {
        ...init,
        headers,
        params: { ...params, path: boundPath ? { ...boundPath, ...params?.path } : (params?.path ?? {}) },
        parseAs: init.parseAs ?? op?.parseAs ?? "json",
        // openapi-fetch would ask fetch to follow; the document's choice stands unless the caller makes their own.
        redirect: init.redirect ?? op?.redirect ?? "error",
        // The caller's signal reaches the call through the deadline (see send), not through openapi-fetch's Request.
        signal: undefined,
        bodySerializer: init.bodySerializer ?? state.serialize,
        // The calling operation's query styles, unless the caller gives a querySerializer, which openapi-fetch then uses.
        querySerializer: init.querySerializer ?? ((query: Record<string, unknown>) => serializeQuery(query, op?.query ?? {})),
        fetch: init.fetch ?? state.fetch,
      })) as { error?: unknown; response?: Response };
      // The parsed error body is made by openapi-fetch after our fetch: it learns its call's secrets here.
      const context = callContextOf(result.response);
      if (context) rememberCall(result.error, context);
      return result;
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
    // The walker loads on the first page walk, not with the client.
    return (async function* () {
      const { walkPages } = await import("./paginate.js");
      yield* walkPages(pagination, init.params?.query ?? {}, async (query) => unwrap(await get(path, { ...init, params: { ...init.params, query } })), init.signal);
    })();
  };
  return client as unknown as ServiceClient<Paths, BoundKeys, Pages>;
}

const NONE = Symbol("none");
const FORM = "application/x-www-form-urlencoded";

/** Whether a caller's header set names a Content-Type (a record in any spelling, or Headers). */
function labels(headers: unknown): boolean {
  if (headers instanceof Headers) return headers.has("content-type");
  if (headers === null || typeof headers !== "object") return false;
  // null unsets a header in openapi-fetch: it names none.
  for (const name in headers) if (name.toLowerCase() === "content-type" && (headers as Record<string, unknown>)[name] != null) return true;
  return false;
}

/** The caller's headers with a Content-Type added, never changing the caller's own object. */
function labelled(headers: Headers | Record<string, string | undefined | null> | undefined, type: string): Headers | Record<string, string | undefined | null> {
  if (!(headers instanceof Headers)) return { ...(headers as Record<string, string>), "Content-Type": type };
  const copy = new Headers(headers);
  copy.set("content-type", type);
  return copy;
}

/** FormData as it is (fetch writes its boundary), URLSearchParams and form-labelled bodies URL-encoded, everything else JSON. */
function serializeBody(state: { given: unknown; written?: BodyInit } | undefined, body: unknown, headers?: Headers): BodyInit {
  const type = headers?.get("content-type");
  const written =
    body instanceof FormData
      ? body
      : body instanceof URLSearchParams
        ? body.toString()
        : mediaTypeEssence(type ?? "") === "application/x-www-form-urlencoded"
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body);
  if (state) {
    state.given = body;
    state.written = written;
  }
  return written;
}
