/**
 * The client's first openapi-fetch middleware: the check before sending. The operation exists,
 * a per-call baseUrl elsewhere carries no credentials, the Content-Type is one the operation
 * takes, and the document's rules hold. What it learns goes into the call's state for the fetch.
 */
import type { Middleware } from "openapi-fetch";
import { checkBaseUrl } from "./base-url.js";
import { labelEssence, NONE, type CallState, type SentBody } from "./call-state.js";
import { carriesCredentials } from "./credentials.js";
import { InputError } from "./masked-error.js";
import { bodyFields } from "./form-fields.js";
import { mediaTypeEssence } from "./media-type.js";
import type { RequestParts } from "./rules.js";
import type { ServiceMeta } from "./service-meta.js";

/** A document's request rules (generated/<id>/rules.ts). */
export interface RequestChecker {
  check(operation: string, request: RequestParts): void;
}

export interface GuardContext {
  meta: ServiceMeta;
  /** The configured base URL without its trailing slashes, as openapi-fetch holds it. */
  root: string;
  origin: string;
  credentialHeaders: ReadonlySet<string>;
  /** Whether calls are checked unless a call says otherwise (the client's `validate`). */
  validate: boolean;
  /** The document's checker, or a promise of it while its chunk loads (loaded on demand); undefined for a client without rules. */
  rules: () => RequestChecker | Promise<RequestChecker> | undefined;
  boundHeader: Record<string, unknown> | undefined;
  boundPath: Record<string, unknown> | undefined;
}

/** What openapi-fetch tells a middleware about the call, as far as the guard reads it. */
export interface CallOptions {
  readonly baseUrl: string;
  readonly fetch: unknown;
  readonly bodySerializer: unknown;
}
type Params = { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };

/**
 * The check before sending. Run by our fetch when no middleware can come between (the usual
 * case: no middleware chain, no promise when the rules are loaded and the body is ours), or as
 * the first middleware once a caller adds one (client.use, a per-call `middleware` or `fetch`).
 * Returns a promise only when it must wait (the rules chunk, a body only the Request holds).
 */
export type Guard = (request: Request, schemaPath: string, params: Params, options: CallOptions, state: CallState | undefined) => void | Promise<void>;

/** Whether a call's own values replace a bound one (the relay copies bound path values in as they are). */
function replaces(own: Record<string, unknown> | undefined, bound: Record<string, unknown> | undefined): boolean {
  if (!own || !bound) return false;
  for (const name in bound) if (own[name] !== undefined && own[name] !== bound[name]) return true;
  return false;
}

export function createGuard(ctx: GuardContext): Guard {
  const { meta, root, origin, credentialHeaders, boundHeader, boundPath } = ctx;
  // Bound values never change after creation: each operation checks them against its own rules
  // on its first call (two operations may state different rules for one name), then only counts
  // them as given. A call's own value of a bound name is the call's, checked every time.
  const bound = boundHeader || boundPath ? { header: boundHeader, path: boundPath } : undefined;
  const boundPassed = new Set<string>();
  const checkRules = (rules: RequestChecker, key: string, params: Params, body: unknown) => {
    if (bound === undefined || boundPassed.has(key)) return rules.check(key, { path: params.path, query: params.query, header: params.header, body, bound });
    const header = boundHeader && params.header ? { ...boundHeader, ...params.header } : (params.header ?? boundHeader);
    const path = boundPath && params.path ? { ...boundPath, ...params.path } : (params.path ?? boundPath);
    rules.check(key, { path, query: params.query, header, body });
    // Passed with every bound value in it (none replaced by the call's own): later calls skip them.
    if (!replaces(params.header, boundHeader) && !replaces(params.path, boundPath)) boundPassed.add(key);
  };
  return (request, schemaPath, params, callOptions, state) => {
    // The guard runs first, on openapi-fetch's own Request: its method and template are the relay's (no getter, no new string).
    const key = state?.key ?? `${request.method} ${schemaPath}`;
    const op = state !== undefined ? state.op : meta.operations[key];
    if (!op) throw new InputError("path", "operation", `${key} is not an operation of ${meta.id}`);
    if (callOptions.baseUrl !== root) {
      // A per-call baseUrl is not where the caller configured credentials, nor credential headers.
      const callOrigin = checkBaseUrl("baseUrl", callOptions.baseUrl).origin;
      if (callOrigin !== origin && (op.security.length > 0 || carriesCredentials(request.headers, credentialHeaders))) {
        throw new InputError("baseUrl", "origin", `baseUrl: credentials are only sent to the configured service origin`);
      }
    }
    // A per-call fetch is used as openapi-fetch uses it, bypassing ours (no credentials are added); fetch itself
    // would carry API-key headers and cookies along a redirect to another origin, so that mode is refused there.
    if (callOptions.fetch !== state?.fetch && request.redirect === "follow" && carriesCredentials(request.headers, credentialHeaders)) {
      throw new InputError("redirect", "origin", 'redirect: "follow" with a per-call fetch would carry credential headers to another origin');
    }
    const rules = (state?.validate ?? ctx.validate) ? ctx.rules() : undefined;
    // The body as the caller gave it, and as sent, when our serializer wrote it: read without parsing the Request again.
    const ours = state?.serialize !== undefined && callOptions.bodySerializer === state.serialize && state.written !== undefined;
    const given = ours ? state.given : NONE;
    const sent: SentBody = ours ? state.written : request.body === null ? null : undefined;
    if (state) {
      state.request = request;
      state.call = { key, op, body: sent };
    }
    let body: unknown;
    let reading: Promise<unknown> | undefined;
    if (request.body !== null) {
      // The relay's own label is one of few (the document's media types): its essence is worked out once.
      const label = state?.label;
      const type = label ?? request.headers.get("content-type") ?? undefined;
      const essence = label !== undefined ? labelEssence(label) : type === undefined ? undefined : mediaTypeEssence(type);
      if (essence === undefined || !op.requestMediaTypes.includes(essence)) {
        throw new InputError("Content-Type", "enum", `Content-Type: must be one of ${op.requestMediaTypes.join(", ")}`);
      }
      if (rules && given !== NONE) body = bodyFields(given);
      else if (rules) {
        const copy = request.clone();
        reading =
          essence === "application/x-www-form-urlencoded" || essence === "multipart/form-data"
            ? (essence === "multipart/form-data" ? copy.formData() : copy.text().then((t) => new URLSearchParams(t))).then(bodyFields)
            : copy.text().then((text) => (text ? JSON.parse(text) : undefined));
      }
    }
    if (!rules) return reading?.then(() => undefined);
    if (!(rules instanceof Promise) && !reading) return checkRules(rules, key, params, body);
    return Promise.all([rules, reading]).then(([loaded, read]) => checkRules(loaded, key, params, reading ? read : body));
  };
}

/** The guard as openapi-fetch's first middleware; `stateOf` finds the call's state by what openapi-fetch hands it. */
export function guardMiddleware(guard: Guard, stateOf: (params: object) => CallState | undefined): Middleware {
  return {
    async onRequest({ request, schemaPath, params, options }) {
      await guard(request, schemaPath, params as Params, options, stateOf(params));
      return undefined;
    },
  };
}
