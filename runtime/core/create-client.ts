import createClient, { type Client } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { linkAbort, untilAborted } from "./abort.js";
import { checkBaseUrl, checkServerVariable } from "./base-url.js";
import { checkCredentials, createCredentialResolver, headerSecrets, staticSecrets } from "./credentials.js";
import { InputError } from "./errors.js";
import { pathSegment, serializePath } from "./path.js";
import { serializeQuery } from "./query.js";
import { rememberCall } from "./redact.js";
import { followSameOrigin } from "./redirect.js";
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
}

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
    throw new InputError("server", `must be one of ${meta.servers.map((s) => s.name).join(", ")}`);
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

/**
 * openapi-fetch builds a WHATWG Request for every call, and on Node 20 building one costs
 * about as much as the request itself over loopback (measured: fetch(new Request(url, init))
 * 460 µs against fetch(url, init) 370 µs). The client hands openapi-fetch this plain carrier
 * instead and calls fetch(url, init) with it.
 */
class RequestCarrier {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = (init.method ?? "GET").toUpperCase();
  }
}

function timeoutError(ms: number): DOMException {
  return new DOMException(`The operation timed out after ${ms} ms`, "TimeoutError");
}

export function createServiceClient<Paths extends {}, BoundKeys extends PropertyKey>(
  meta: ServiceMeta,
  options: AnyOptions,
): Client<BindPaths<Paths, BoundKeys>> {
  const baseUrl = resolveBaseUrl(meta, options);
  const origin = new URL(baseUrl).origin;
  const credentials = options.credentials ?? {};
  checkCredentials(meta.securitySchemes, credentials);
  const bind = options.bind ?? {};
  for (const name of Object.keys(bind)) {
    if (!meta.bind.some((b) => b.name === name)) {
      throw new InputError(`bind.${name}`, `not a bound parameter; expected one of ${meta.bind.map((b) => b.name).join(", ") || "(none)"}`);
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
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new InputError("timeoutMs", "must be a positive number");

  const send = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const raw = createClient<Paths>({
    baseUrl,
    headers: options.headers,
    Request: RequestCarrier as unknown as typeof Request,
    fetch: ((carrier: RequestCarrier) =>
      carrier.init.redirect === "follow" ? followSameOrigin(send, carrier.url, carrier.init) : send(carrier.url, carrier.init)) as unknown as typeof globalThis.fetch,
  });
  const resolveCredentials = createCredentialResolver(meta.securitySchemes, credentials);
  /** One query serializer per operation, made once: openapi-fetch calls it on every request. */
  const serializers = new Map(
    Object.entries(meta.operations).map(([key, op]) => [key, (query: Record<string, unknown>) => serializeQuery(query, op.query)]),
  );
  const secretHeaders = credentialHeaderNames(meta);
  /** Every secret known at creation: credentials as given and credential headers among the client-level headers. */
  const configuredSecrets = [...staticSecrets(credentials), ...callerSecrets(options.headers)];

  /** Secrets in caller-supplied headers, found by header name. */
  function callerSecrets(headers: Record<string, string | undefined | null> | undefined): string[] {
    const found: string[] = [];
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (typeof value === "string" && secretHeaders.has(name.toLowerCase())) found.push(...headerSecrets(name, value));
    }
    return found;
  }

  const wrap = (method: (typeof METHODS)[number]) => {
    const call = (raw as unknown as Record<string, (path: string, init: AnyInit) => Promise<unknown>>)[method]!;
    return async (path: string, init: AnyInit = {}) => {
      const key = `${method} ${path}`;
      const op = meta.operations[key];
      if (!op) throw new InputError("path", `${key} is not an operation of ${meta.id}`);
      if (init.baseUrl !== undefined) {
        // A per-call baseUrl is not where the caller configured credentials.
        const callOrigin = checkBaseUrl("baseUrl", init.baseUrl).origin;
        if (op.security.length > 0 && callOrigin !== origin) {
          throw new InputError("baseUrl", "credentials are only sent to the configured service origin");
        }
      }
      const concretePath = serializePath(path, boundPath ? { ...boundPath, ...init.params?.path } : init.params?.path);
      const given = init.body === undefined ? undefined : contentTypeOf(init.headers);
      if (given !== undefined && !op.requestMediaTypes.includes(given)) {
        throw new InputError("Content-Type", `must be one of ${op.requestMediaTypes.join(", ")}`);
      }
      // One deadline for the whole call: credential resolution, the request and reading the body.
      // One cleared timer per call: AbortSignal.timeout would leave a live timer behind every request.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
      const unlink = linkAbort(init.signal, controller);
      try {
        controller.signal.throwIfAborted();
        const credentialHeaders = op.security.length > 0 ? await untilAborted(resolveCredentials(op.security, { signal: controller.signal }), controller.signal) : undefined;
        const callerHeaders = init.headers instanceof Headers ? Object.fromEntries(init.headers) : (init.headers as Record<string, string> | undefined);
        // Caller headers win over credentials: an explicit per-call Authorization is the caller's choice.
        const headers = {
          ...credentialHeaders,
          ...(init.body !== undefined && given === undefined ? { "Content-Type": op.requestMediaTypes[0] } : undefined),
          ...callerHeaders,
        };
        const secrets = [...configuredSecrets, ...callerSecrets(credentialHeaders), ...callerSecrets(callerHeaders)];
        const result = (await call(concretePath, {
          ...init,
          params: {
            ...init.params,
            // The path is already filled in; openapi-fetch's own serializer would keep a missing parameter as `{name}`.
            path: undefined,
            header: boundHeader ? { ...boundHeader, ...init.params?.header } : init.params?.header,
          },
          headers,
          signal: controller.signal,
          parseAs: init.parseAs ?? op.parseAs,
          redirect: init.redirect ?? op.redirect,
          querySerializer: serializers.get(key),
        })) as { response: Response; error?: unknown };
        const context = { operation: op.operationId, secrets };
        rememberCall(result.response, context);
        rememberCall(result.error, context);
        return result;
      } finally {
        clearTimeout(timer);
        unlink();
      }
    };
  };

  const client: Record<string, unknown> = {
    // Middleware would need real Request objects; wrap the `fetch` option to observe or change requests.
    use: () => {
      throw new InputError("middleware", "not supported by generated clients; pass a wrapping `fetch` in the options instead");
    },
    eject: () => undefined,
  };
  for (const method of METHODS) client[method] = wrap(method);
  return client as unknown as Client<BindPaths<Paths, BoundKeys>>;
}
