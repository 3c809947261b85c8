/**
 * What each client method does before openapi-fetch builds its Headers and Request, whose own
 * errors (TypeError) quote the offending header value or URL, i.e. possibly a secret: header
 * values and a per-call baseUrl are checked first. Also here: bound path parameters (openapi-fetch
 * fills the path only when `params.path` is given), header pairs (it reads only objects and
 * Headers), the operation's default media type, query styles, parseAs and redirect mode, and one
 * deadline for the call: the token provider, each attempt, the waits between them and reading
 * the body, which openapi-fetch does before it settles.
 */
import type { Middleware } from "openapi-fetch";
import { linkAbort, type Deadlines } from "./abort.js";
import { checkBaseUrl } from "./base-url.js";
import { FORM, labelled, labels, NONE, serializeBody, type CallHeaders, type CallState } from "./call-state.js";
import { InputError } from "./masked-error.js";
import { checkHeaderValues } from "./header-value.js";
import { serializeQuery } from "./query-style.js";
import { callContextOf, rememberCall } from "./call-context.js";
import { ResponseParseError } from "./call-errors.js";
import { mediaTypeEssence } from "./media-type.js";
import { decodeText, readBody } from "./body-limit.js";
import type { OperationMeta, ServiceMeta } from "./service-meta.js";

export type AnyInit = {
  params?: { path?: Record<string, unknown>; header?: Record<string, unknown>; query?: Record<string, unknown>; cookie?: Record<string, unknown> };
  headers?: HeadersInit | Record<string, string | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  parseAs?: string;
  redirect?: RequestRedirect;
  baseUrl?: string;
  [k: string]: unknown;
};

export type Send = (path: string, init?: AnyInit) => Promise<unknown>;

export interface RelayContext {
  meta: ServiceMeta;
  /** The call deadlines of the client, one timer for all (abort.ts). */
  deadlines: Deadlines;
  boundPath: Record<string, unknown> | undefined;
  /** Whether the client-level headers name a Content-Type. */
  clientLabels: boolean;
  /** The configured base URL as openapi-fetch holds it (one trailing slash removed). */
  baseUrl: string;
  send: (request: Request, state: CallState) => Promise<Response>;
  /** The guard as a call's own first middleware, for a call that brings a fetch or middleware of its own. */
  guardFor: (state: CallState) => Middleware;
  /** Whether the guard is the client's first middleware (a caller has called use()); the state is then found by the call's params. */
  guardInChain: () => boolean;
  remember: (params: object, state: CallState) => void;
  /** The headers of an operation's static credentials (credentials.ts), undefined when a provider is asked. */
  fixedCredentials: (security: OperationMeta["security"]) => Record<string, string> | undefined;
  /** The template of the call being built, for the path serializer (openapi-fetch calls it synchronously). */
  hint: { template: string };
}

/** The keys of a call's init the relay writes itself; any other key the caller gave goes to openapi-fetch as it came. */
const OWN = new Set(["validate", "headers", "params", "parseAs", "redirect", "signal", "bodySerializer", "querySerializer", "fetch", "middleware", "body", "baseUrl"]);

/** Whether an operation describes any query parameter. */
const queryDescribed = (op: OperationMeta) => {
  for (const name in op.query) if (Object.hasOwn(op.query, name)) return true;
  return false;
};

/** The Content-Type openapi-fetch gives a serialized body nobody labelled. */
const JSON_TYPE = "application/json";

/** openapi-fetch's own trailing-slash rule for a per-call baseUrl. */
const trimmed = (url: string) => (url.endsWith("/") ? url.slice(0, -1) : url);

/** The credential header of that name in any spelling (a loop, not a key array and a closure per header). */
function credentialNamed(credentials: Record<string, string>, lower: string): string | undefined {
  for (const name in credentials) if (name.toLowerCase() === lower) return name;
  return undefined;
}

/** The caller's headers over the credentials: a caller's value wins; a caller's null or undefined for a credential header leaves the credential. */
function withCredentials(headers: CallHeaders | undefined, credentials: Record<string, string>): CallHeaders {
  if (headers === undefined) return credentials;
  if (headers instanceof Headers) {
    const merged = new Headers(credentials);
    for (const [name, value] of headers) merged.set(name, value);
    return merged;
  }
  const out: Record<string, string | null | undefined> = { ...credentials };
  for (const name in headers) {
    const value = headers[name];
    const credential = credentialNamed(credentials, name.toLowerCase());
    if (credential === undefined) out[name] = value;
    else if (value != null) {
      delete out[credential];
      out[name] = value;
    }
  }
  return out;
}

/** What the relay knows of one operation of a method before any call, made on its first call. */
interface Route {
  /** "METHOD /path/template". */
  readonly key: string;
  readonly op: OperationMeta;
  /** Whether the template has path parameters. */
  readonly hasPath: boolean;
  /** The operation's query styles; undefined where it describes no query parameter (the client's own serializer writes such a query alike). */
  readonly query: ((query: Record<string, unknown>) => string) | undefined;
  /** The operation's default media type: the label of a body nobody labelled. */
  readonly label: string | undefined;
  /** The headers of a call that gives none and sends its body with the default label: made for these credentials (the client's, one object per security). */
  credentials: Record<string, string> | undefined;
  headers: CallHeaders | undefined;
  /** The operation's static credential headers, asked once (null: none, or a provider's, asked per call by the sender). */
  fixed: Record<string, string> | null | undefined;
}

export function createRelay(ctx: RelayContext): (call: Send, method: string) => Send {
  const { meta, deadlines, boundPath, clientLabels, send, hint } = ctx;
  const serializers = new Map<OperationMeta | undefined, (query: Record<string, unknown>) => string>();
  /** One query serializer per operation, made once. */
  const queryOf = (op: OperationMeta | undefined) => {
    let serializer = serializers.get(op);
    if (!serializer) serializers.set(op, (serializer = (query) => serializeQuery(query, op?.query ?? {})));
    return serializer;
  };
  /** The headers of a call that gave none: its label (if any) and the static credentials (if any), one object per operation. */
  const plainHeaders = (route: Route | undefined, label: string | undefined, credentials: Record<string, string> | undefined): CallHeaders | undefined => {
    if (label === undefined) return credentials;
    if (route === undefined || label !== route.label) return credentials ? withCredentials(labelled(undefined, label), credentials) : labelled(undefined, label);
    if (route.headers === undefined || route.credentials !== credentials) {
      route.credentials = credentials;
      route.headers = credentials ? withCredentials(labelled(undefined, label), credentials) : labelled(undefined, label);
    }
    return route.headers;
  };
  return (call, method) => {
    /** This method's operations, by the path as the caller writes it (a template of the document); unknown paths are not kept. */
    const routes = new Map<string, Route>();
    const routeOf = (path: string): Route | undefined => {
      let route = routes.get(path);
      if (route === undefined) {
        const key = `${method} ${path}`;
        const op = meta.operations[key];
        if (op === undefined) return undefined;
        routes.set(path, (route = { key, op, hasPath: path.includes("{"), query: queryDescribed(op) ? queryOf(op) : undefined, label: op.requestMediaTypes[0], credentials: undefined, headers: undefined, fixed: undefined }));
      }
      return route;
    };
    return async (path, init = {}) => {
    // Our own per-call option: openapi-fetch would copy an unknown key onto the Request and ignore it.
    const { validate, params } = init;
    if (validate !== undefined && typeof validate !== "boolean") throw new InputError("validate", "type", "validate: must be true or false");
    checkHeaderValues("headers", init.headers);
    checkHeaderValues("params.header", params?.header);
    if (init.baseUrl !== undefined) checkBaseUrl("baseUrl", init.baseUrl);
    const route = routeOf(path);
    const key = route?.key ?? `${method} ${path}`;
    const op = route?.op;
    let headers = (Array.isArray(init.headers) ? new Headers(init.headers as [string, string][]) : init.headers) as CallHeaders | undefined;
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
    let label: string | undefined;
    if (init.body !== undefined && init.bodySerializer === undefined && !(init.body instanceof FormData) && !clientLabels && !labels(headers) && !labels(params?.header)) {
      label = init.body instanceof URLSearchParams ? FORM : route?.label;
    }
    // The caller's signal is relayed to the deadline with one listener per signal (abort.ts),
    // however many calls share it; the client's one timer ends the call at its timeoutMs.
    const deadline = deadlines.start(op?.operationId ?? path);
    const unlink = linkAbort(init.signal, deadline);
    // Path parameters go through the path serializer only where the template has any (bound ones filled in).
    const hasPath = route ? route.hasPath : path.includes("{");
    const callParams = {
      query: params?.query,
      header: params?.header,
      path: !hasPath ? params?.path : boundPath ? Object.assign({}, boundPath, params?.path) : (params?.path ?? {}),
      cookie: params?.cookie,
    };
    // Every field in one literal, the closures made first: a field written after creation (a
    // function where the literal had undefined) cost Node 22 a third of a POST in garbage.
    // eslint-disable-next-line prefer-const
    const parseAs = init.parseAs ?? op?.parseAs ?? "json";
    // Nothing but openapi-fetch sees the answer: a JSON or text success is read by us, with a byte count (see CallState.reads).
    const guardInChain = ctx.guardInChain();
    let middleware = init.middleware as Middleware[] | undefined;
    const ownChain = init.fetch !== undefined || !!middleware?.length;
    const reads = (parseAs === "json" || parseAs === "text") && !ownChain && !guardInChain ? parseAs : undefined;
    // Static credentials go into the headers openapi-fetch builds the Request with (a caller's
    // own header of the same name wins), not set on the Request after: only where no middleware can see them.
    // The client's credentials never change after creation: an operation's are asked once.
    let credentials: Record<string, string> | undefined;
    if (!guardInChain && !ownChain && route !== undefined && route.op.security.length > 0) {
      if (route.fixed === undefined) route.fixed = ctx.fixedCredentials(route.op.security) ?? null;
      credentials = route.fixed ?? undefined;
    }
    // openapi-fetch labels every serialized body that is not FormData application/json itself, first,
    // under the caller's headers (which name no Content-Type here): that label is left to it, which
    // spares two Headers writes a call; the guard and our serializer read the label from the state.
    const written = label === JSON_TYPE ? undefined : label;
    if (headers === undefined) headers = plainHeaders(route, written, credentials);
    else {
      if (written !== undefined) headers = labelled(headers, written);
      if (credentials) headers = withCredentials(headers, credentials);
    }
    let state: CallState;
    const serialize = init.body !== undefined && init.bodySerializer === undefined ? (body: unknown, headers?: Headers) => serializeBody(state, body, headers) : undefined;
    const fetch = (request: Request) => send(request, state);
    state = {
      deadline,
      given: NONE,
      written: undefined,
      serialize,
      fetch,
      validate,
      label,
      key,
      op,
      schemaPath: path,
      params: callParams,
      // What openapi-fetch would tell a middleware: the call's base URL, its fetch and its serializer.
      options: { baseUrl: init.baseUrl ? trimmed(init.baseUrl) : ctx.baseUrl, fetch: init.fetch ?? fetch, bodySerializer: init.bodySerializer ?? serialize },
      request: undefined,
      call: undefined,
      credentialed: credentials !== undefined,
      answer: undefined,
      reads,
      limit: undefined,
    };
    // The guard runs inside our fetch unless something can come between openapi-fetch's Request and it.
    if (guardInChain) ctx.remember(callParams, state);
    else if (ownChain) middleware = [ctx.guardFor(state), ...(middleware ?? [])];
    // Only the keys with a value: openapi-fetch copies the options twice (a spread and a rest) and
    // walks what is left onto the Request, so every key costs on every call. Absent and undefined
    // are the same to it; the caller's signal reaches the call through the deadline (see
    // sender.ts), never through openapi-fetch's Request, so no signal is given.
    const callInit: AnyInit = { headers, params: callParams, parseAs: reads ? "stream" : parseAs, fetch: state.options.fetch };
    // openapi-fetch would ask fetch to follow; the document's choice stands unless the caller makes
    // their own. "error" is the client's own redirect option (calls.ts): only another mode is given.
    const redirect = init.redirect ?? op?.redirect ?? "error";
    if (redirect !== "error") callInit.redirect = redirect;
    // The calling operation's query styles, unless the caller gives a querySerializer, which
    // openapi-fetch then uses. The client's own querySerializer (calls.ts) writes a query as no
    // operation describes it, which is all an operation without query parameters needs.
    const querySerializer = init.querySerializer ?? route?.query;
    if (querySerializer !== undefined) callInit.querySerializer = querySerializer;
    if (init.body !== undefined) callInit.body = init.body;
    const bodySerializer = init.bodySerializer ?? state.serialize;
    if (bodySerializer !== undefined) callInit.bodySerializer = bodySerializer;
    if (init.baseUrl !== undefined) callInit.baseUrl = init.baseUrl;
    if (middleware !== undefined) callInit.middleware = middleware;
    // Anything else the caller gave (cache, keepalive, a Request class, ...) goes as it came.
    for (const key in init) if (!OWN.has(key)) callInit[key] = init[key];
    try {
      hint.template = path;
      // The deadline ends the call whatever the transport does with the signal beside the Request: a
      // fetch that ignores it, or one that rebuilds the Request, whose copy undici links to the
      // deadline through a weak reference only (nodejs/undici#4068), would wait for the server.
      const result = (await deadline.until(call(path, callInit))) as { data?: unknown; error?: unknown; response?: Response };
      // A success openapi-fetch handed over as its stream (no data for a 204, a HEAD or an empty body), read as openapi-fetch would parse it.
      if (reads && result.data !== undefined && result.response?.ok) {
        const text = result.data === null ? "" : decodeText(await readBody(result.data as ReadableStream<Uint8Array>, state.limit!, deadline));
        result.data = reads === "text" ? text : text ? JSON.parse(text) : undefined;
      }
      // The parsed error body is made by openapi-fetch after our fetch: it learns its call's secrets here.
      if (result.error !== undefined) {
        const context = callContextOf(result.response);
        if (context) rememberCall(result.error, context);
      }
      return result;
    } catch (error) {
      // openapi-fetch parses a success with JSON.parse: a body that is not JSON is our typed error.
      const { answer } = state;
      if (!(error instanceof SyntaxError) || !answer?.ok) throw error;
      throw new ResponseParseError(op?.operationId ?? path, answer.status, mediaTypeEssence(answer.headers.get("content-type") ?? "") || "(none)");
    } finally {
      deadlines.end(deadline);
      unlink();
    }
  };
  };
}
