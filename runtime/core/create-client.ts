import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { BindPaths } from "./bind-types.js";
import { applyCredentials, checkCredentials } from "./credentials.js";
import { InputError } from "./errors.js";
import { serializeQuery } from "./query.js";
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
    try {
      new URL(options.baseUrl);
    } catch {
      throw new InputError("baseUrl", "must be an absolute URL");
    }
    return options.baseUrl;
  }
  const server = options.server === undefined ? meta.servers[0] : meta.servers.find((s) => s.name === options.server);
  if (!server) {
    throw new InputError("server", `must be one of ${meta.servers.map((s) => s.name).join(", ")}`);
  }
  return server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const variable = server.variables[name]!;
    const value = name === "region" && options.region !== undefined ? options.region : variable.default;
    if (variable.enum && !variable.enum.includes(value)) {
      throw new InputError(name, `must be one of ${variable.enum.join(", ")}`);
    }
    return value;
  });
}

function contentTypeOf(headers: AnyInit["headers"]): string | undefined {
  if (!headers) return undefined;
  return new Headers(
    Object.fromEntries(
      Object.entries(headers instanceof Headers ? Object.fromEntries(headers) : headers).filter(
        ([, v]) => typeof v === "string",
      ),
    ) as Record<string, string>,
  ).get("content-type") ?? undefined;
}

/**
 * Builds the typed client of one document: openapi-fetch plus the per-operation plumbing the
 * generator extracted (media types, parseAs, redirects, query styles, security, bound
 * parameters), so callers write only the call.
 */
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
  const boundPath: Record<string, unknown> = {};
  const boundHeader: Record<string, unknown> = {};
  for (const { name, in: location } of meta.bind) {
    if (bind[name] === undefined) continue;
    (location === "path" ? boundPath : boundHeader)[name] = bind[name];
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new InputError("timeoutMs", "must be a positive number");

  const raw = createClient<Paths>({ baseUrl, fetch: options.fetch, headers: options.headers });

  const security: Middleware = {
    async onRequest({ request, schemaPath }) {
      const op = meta.operations[`${request.method} ${schemaPath}`];
      if (!op || op.security.length === 0) return request;
      // A per-call baseUrl or a redirect target is not where the caller configured credentials.
      if (new URL(request.url).origin !== origin) {
        throw new InputError("baseUrl", "credentials are only sent to the configured service origin");
      }
      await applyCredentials(request.headers, op.security, meta.securitySchemes, credentials);
      return request;
    },
  };
  raw.use(security);

  const wrap = (method: (typeof METHODS)[number]) => {
    const call = (raw as unknown as Record<string, (path: string, init: AnyInit) => Promise<unknown>>)[method]!;
    return (path: string, init: AnyInit = {}) => {
      const op = meta.operations[`${method} ${path}`];
      if (!op) throw new InputError("path", `${method} ${path} is not an operation of ${meta.id}`);
      const headers: Record<string, string | undefined | null> =
        init.headers instanceof Headers ? Object.fromEntries(init.headers) : { ...(init.headers as Record<string, string>) };
      if (init.body !== undefined) {
        const given = contentTypeOf(init.headers);
        if (given === undefined) {
          headers["Content-Type"] = op.requestMediaTypes[0];
        } else if (!op.requestMediaTypes.includes(given)) {
          throw new InputError("Content-Type", `must be one of ${op.requestMediaTypes.join(", ")}`);
        }
      }
      const signals = [AbortSignal.timeout(timeoutMs), ...(init.signal ? [init.signal] : [])];
      return call(path, {
        ...init,
        params: {
          ...init.params,
          path: { ...boundPath, ...init.params?.path },
          header: { ...boundHeader, ...init.params?.header },
        },
        headers,
        signal: AbortSignal.any(signals),
        parseAs: init.parseAs ?? op.parseAs,
        redirect: init.redirect ?? op.redirect,
        querySerializer: (query: Record<string, unknown>) => serializeQuery(query, op.query),
      });
    };
  };

  const client: Record<string, unknown> = { ...raw };
  for (const method of METHODS) client[method] = wrap(method);
  return client as unknown as Client<BindPaths<Paths, BoundKeys>>;
}
