import type { Client, Middleware } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { checkBaseUrl, checkServerVariable } from "./base-url.js";
import type { Calls } from "./calls.js";
import { checkCredentials } from "./credential-check.js";
import { DEFAULT_MAX_BODY_BYTES, isByteLimit } from "./byte-limit.js";
// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";
import { checkHeaderValues } from "./header-value.js";
import { pathSegment } from "./path.js";
import type { AnyInit, Send } from "./relay.js";
import type { RequestChecker } from "./request-guard.js";
import { MAX_TIMER_MS, resolveRetry, type Clock, type RetryOption } from "./retry.js";
import type { Transport } from "./sender.js";
import type { ServiceMeta } from "./service-meta.js";

export type { RequestChecker } from "./request-guard.js";

export interface ServiceClientOptions<Region extends string, ServerName extends string, Credentials, Bind> {
  /** Region prefix of the service instance (the `region` server variable). */
  region?: Region;
  /** Which documented server (its `x-name`), e.g. "public" or "private". */
  server?: ServerName;
  /**
   * The service's URL (or a mock's). Credentials are sent to this origin only. Required where the
   * document's server is a placeholder (`x-placeholder`, every bundled document): the interface
   * documents do not show the hosts, so a client never guesses one.
   */
  baseUrl?: string;
  credentials?: Credentials;
  /** Parameters the document binds at creation (`x-client.bind`), filled into every call. */
  bind?: Bind;
  /** Per-call time limit; a call also honours its own `signal`. Default 30 s. */
  timeoutMs?: number;
  /** Called as `fetch(request, { signal })`: the call's deadline travels beside the Request. */
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
  /** Overrides of the document's retry policy (`x-retry`); `false` turns retries off. */
  retry?: RetryOption;
  /** Check each request against the document's rules before sending (default true); a call's own `validate` overrides it for that call. */
  validate?: boolean;
  /** Time source for retry waits; tests inject one. */
  clock?: Clock;
  /**
   * The largest answer body a call reads, in bytes (default 16 MiB, `DEFAULT_MAX_BODY_BYTES`;
   * Infinity for no limit). A larger one rejects the call with a ResponseTooLargeError, read no further.
   */
  maxResponseBytes?: number;
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


export function resolveBaseUrl(meta: ServiceMeta, options: Pick<AnyOptions, "region" | "server" | "baseUrl">): string {
  if (options.baseUrl !== undefined) {
    checkBaseUrl("baseUrl", options.baseUrl);
    return options.baseUrl;
  }
  const server = options.server === undefined ? meta.servers[0] : meta.servers.find((s) => s.name === options.server);
  if (!server) {
    throw new InputError("server", "enum", `server: must be one of ${meta.servers.map((s) => s.name).join(", ")}`);
  }
  const url = server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const variable = server.variables[name]!;
    const value = name === "region" && options.region !== undefined ? options.region : variable.default;
    return checkServerVariable(name, value, variable.enum);
  });
  // A guessed host must never receive a credential: the document says its host is a stand-in.
  // (A bad region is reported first, as the more specific mistake.)
  if (server.placeholder) {
    throw new InputError(
      "baseUrl",
      "required",
      `baseUrl: required: the ${meta.id} document's server ${server.url} is a placeholder (the interface documents do not show the service's hosts); pass baseUrl with your service's URL`,
    );
  }
  return url;
}

/** The creation options, checked: a bad one fails here, naming the option, never at a later call. */
function checkOptions(meta: ServiceMeta, options: AnyOptions) {
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
    } else {
      // Bound headers join the client-level headers openapi-fetch writes; Headers would quote a bad value.
      checkHeaderValues("bind", { [name]: bind[name] });
      (boundHeader ??= {})[name] = bind[name];
    }
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new InputError("timeoutMs", "minimum", `timeoutMs: must be a positive number`);
  // Timers clamp a longer delay to 1 ms, which would fail every call at once.
  if (timeoutMs > MAX_TIMER_MS) throw new InputError("timeoutMs", "maximum", `timeoutMs: must be at most ${MAX_TIMER_MS} (the longest timer delay)`);
  checkHeaderValues("headers", options.headers);
  // Retry overrides fail where they are given, not at the first call that would retry.
  if (options.retry) resolveRetry({ statuses: [], maxAttempts: 1, backoffMs: 0, maxWaitMs: 0 }, options.retry);
  if (options.validate !== undefined && typeof options.validate !== "boolean") throw new InputError("validate", "type", "validate: must be true or false");
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!isByteLimit(maxResponseBytes)) throw new InputError("maxResponseBytes", "minimum", "maxResponseBytes: must be a positive whole number of bytes, or Infinity");

  return { baseUrl, origin, credentials, boundPath, boundHeader, timeoutMs, maxResponseBytes };
}

export function createServiceClient<Paths extends {}, BoundKeys extends PropertyKey, Pages = {}>(
  meta: ServiceMeta,
  options: AnyOptions,
  loadRules?: () => Promise<RequestChecker>,
): ServiceClient<Paths, BoundKeys, Pages> {
  const { baseUrl, origin, credentials, boundPath, boundHeader, timeoutMs, maxResponseBytes } = checkOptions(meta, options);
  const root = baseUrl.replace(/\/+$/, "");
  const transport = (options.fetch ?? ((request: Request, init: RequestInit) => globalThis.fetch(request, init))) as Transport;
  // Loaded on creation, not imported: bundlers then split the checker and the rule tables off a
  // browser app's first load, and the chunk is on its way before the first call needs it.
  // A client created with validate: false loads them only if a call asks for its check (validate: true).
  let loaded: RequestChecker | undefined;
  let checker: Promise<RequestChecker> | undefined;
  const rules = () => {
    if (loaded || !loadRules) return loaded;
    if (!checker) {
      checker = loadRules().then((m) => (loaded = m));
      checker.catch(() => undefined);
    }
    return checker;
  };
  const validate = options.validate ?? true;
  if (validate) rules();
  /** The template of the call being built: openapi-fetch calls the path serializer synchronously within the call. */
  const hint = { template: "" };
  // openapi-fetch itself, the guard, the sender, the deadlines and the relay load on creation, in
  // a chunk of their own (calls.ts), as the rules do: a browser app's first load holds the
  // client's creation and checks only. A call made before the chunk has loaded waits for it.
  let calls: Calls | undefined;
  /** Middleware added before the request path has loaded: handed to it, in order, when it loads. */
  let early: Middleware[] | undefined;
  const wiring = import("./calls.js").then(({ wireCalls }) => {
    calls = wireCalls({
      meta, baseUrl, root, origin, credentials, boundPath, boundHeader, timeoutMs, maxResponseBytes, transport, validate, rules, hint,
      headers: options.headers, retry: options.retry, clock: options.clock,
    });
    if (early) calls.use(...early);
    return calls;
  });
  wiring.catch(() => undefined);
  const client: Record<string, unknown> = {
    use: (...middleware: Middleware[]) => {
      // openapi-fetch's own check, made here whether or not it has loaded, and typed as ours.
      for (const m of middleware) if (m && (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m))) throw new InputError("middleware", "type", "middleware: Middleware must be an object with one of onRequest(), onResponse() or onError()");
      if (calls) return calls.use(...middleware);
      (early ??= []).push(...middleware.filter(Boolean));
    },
    eject: (...middleware: Middleware[]) => {
      if (calls) return calls.eject(...middleware);
      early = early?.filter((m) => !middleware.includes(m));
    },
  };
  for (const method of METHODS) {
    let send: Send | undefined;
    const relayed = (c: Calls) => (send ??= c.relay(c.method(method), method));
    client[method] = (path: string, init?: AnyInit) => (calls ? relayed(calls)(path, init) : wiring.then((c) => relayed(c)(path, init)));
  }
  client.request = async (method: string, path: string, init?: AnyInit) => {
    const c = calls ?? (await wiring);
    return c.relay((p, i) => c.request(method, p, i), String(method).toUpperCase())(path, init);
  };
  const get = client.GET as (path: string, init: AnyInit) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  client.paginate = (path: string, init: AnyInit = {}) => {
    const pagination = meta.operations[`GET ${path}`]?.pagination;
    if (!pagination) throw new InputError("path", "paginated", `GET ${path} is not a paginated operation of ${meta.id}`);
    // The walker loads on the first page walk, not with the client.
    return (async function* () {
      const [{ walkPages }, { unwrap }] = await Promise.all([import("./paginate.js"), import("./unwrap.js")]);
      yield* walkPages(pagination, init.params?.query ?? {}, async (query) => unwrap(await get(path, { ...init, params: { ...init.params, query } })), init.signal);
    })();
  };
  return client as unknown as ServiceClient<Paths, BoundKeys, Pages>;
}
