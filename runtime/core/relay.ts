/**
 * What each client method does before openapi-fetch builds its Headers and Request, whose own
 * errors (TypeError) quote the offending header value or URL, i.e. possibly a secret: header
 * values and a per-call baseUrl are checked first. Also here: bound path parameters (openapi-fetch
 * fills the path only when `params.path` is given), header pairs (it reads only objects and
 * Headers), the operation's default media type, query styles, parseAs and redirect mode, and one
 * deadline for the call: the token provider, each attempt, the waits between them and reading
 * the body, which openapi-fetch does before it settles.
 */
import { Deadline, linkAbort } from "./abort.js";
import { checkBaseUrl } from "./base-url.js";
import { FORM, labelled, labels, NONE, serializeBody, type CallHeaders, type CallState } from "./call-state.js";
import { InputError } from "./errors.js";
import { checkHeaderValues } from "./header-value.js";
import { serializeQuery } from "../openapi/query-style.js";
import { callContextOf, rememberCall } from "./redact.js";
import { ResponseParseError, TimeoutError } from "./errors.js";
import { mediaTypeEssence } from "./media-type.js";
import type { OperationMeta, ServiceMeta } from "./service-meta.js";

export type AnyInit = {
  params?: { path?: Record<string, unknown>; header?: Record<string, unknown>; query?: Record<string, unknown> };
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
  timeoutMs: number;
  boundPath: Record<string, unknown> | undefined;
  /** Whether the client-level headers name a Content-Type. */
  clientLabels: boolean;
  states: WeakMap<object, CallState>;
  send: (request: Request, state: CallState) => Promise<Response>;
}

export function createRelay(ctx: RelayContext): (call: Send, method: string) => Send {
  const { meta, timeoutMs, boundPath, clientLabels, states, send } = ctx;
  const serializers = new Map<OperationMeta | undefined, (query: Record<string, unknown>) => string>();
  /** One query serializer per operation, made once. */
  const queryOf = (op: OperationMeta | undefined) => {
    let serializer = serializers.get(op);
    if (!serializer) serializers.set(op, (serializer = (query) => serializeQuery(query, op?.query ?? {})));
    return serializer;
  };
  return (call, method) => async (path, given = {}) => {
    // Our own per-call option: openapi-fetch would copy an unknown key onto the Request and ignore it.
    const { validate, ...init } = given;
    if (validate !== undefined && typeof validate !== "boolean") throw new InputError("validate", "type", "validate: must be true or false");
    const { params } = init;
    checkHeaderValues("headers", init.headers);
    checkHeaderValues("params.header", params?.header);
    if (init.baseUrl !== undefined) checkBaseUrl("baseUrl", init.baseUrl);
    const op = meta.operations[`${method} ${path}`];
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
    if (init.body !== undefined && init.bodySerializer === undefined && !(init.body instanceof FormData) && !clientLabels && !labels(headers) && !labels(params?.header)) {
      const type = init.body instanceof URLSearchParams ? FORM : op?.requestMediaTypes[0];
      if (type !== undefined) headers = labelled(headers, type);
    }
    // One cleared timer per call (AbortSignal.timeout would leave a live timer behind every
    // request); the caller's signal is relayed to the deadline with one listener per signal
    // (abort.ts), however many calls share it.
    const deadline = new Deadline();
    const timer = setTimeout(() => deadline.abort(new TimeoutError(op?.operationId ?? path, timeoutMs)), timeoutMs);
    const unlink = linkAbort(init.signal, deadline);
    const state: CallState = {
      deadline,
      given: NONE,
      serialize: (body, headers) => serializeBody(state, body, headers),
      fetch: (request) => send(request, state),
      ...(validate === undefined ? {} : { validate }),
    };
    // The guard finds the state by the call's fetch, or by its serializer when the caller brings a
    // fetch, or (a caller bringing both) by the params object openapi-fetch hands it unchanged.
    const callParams = { ...params, path: boundPath ? { ...boundPath, ...params?.path } : (params?.path ?? {}) };
    states.set(init.fetch === undefined ? state.fetch : state.serialize, state);
    states.set(callParams, state);
    try {
      const result = (await call(path, {
        ...init,
        headers,
        params: callParams,
        parseAs: init.parseAs ?? op?.parseAs ?? "json",
        // openapi-fetch would ask fetch to follow; the document's choice stands unless the caller makes their own.
        redirect: init.redirect ?? op?.redirect ?? "error",
        // The caller's signal reaches the call through the deadline (see sender.ts), not through openapi-fetch's Request.
        signal: undefined,
        bodySerializer: init.bodySerializer ?? state.serialize,
        // The calling operation's query styles, unless the caller gives a querySerializer, which openapi-fetch then uses.
        querySerializer: init.querySerializer ?? queryOf(op),
        fetch: init.fetch ?? state.fetch,
      })) as { error?: unknown; response?: Response };
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
      clearTimeout(timer);
      unlink();
    }
  };
}
