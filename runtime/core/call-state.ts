/**
 * One call's state, shared by the places the client extends openapi-fetch: the relay makes it
 * (relay.ts), our bodySerializer fills it, the guard (request-guard.ts) learns the operation into
 * it, and our fetch (sender.ts) sends by it. It reaches openapi-fetch as the call's own
 * bodySerializer and fetch (closures over it), so nothing is looked up and nothing is shared.
 */
import type { Deadline } from "./abort.js";
import type { BodyLimit } from "./byte-limit.js";
import { mediaTypeEssence } from "./media-type.js";
import type { OperationMeta } from "./service-meta.js";

/** What our first middleware learnt about a call, for the fetch that sends it. */
export interface Call {
  /** "METHOD /path/template". */
  key: string;
  op: OperationMeta;
  /** The body our serializer wrote, for attempts after the first; undefined when not known. */
  body?: SentBody;
}

export interface CallState {
  /** Ends at the call's deadline or with the caller's signal. */
  readonly deadline: Deadline;
  /** Our serializer of the call's body (none without a body, or when the caller brings one). */
  serialize: ((body: unknown, headers?: Headers) => string | FormData) | undefined;
  readonly fetch: (request: Request) => Promise<Response>;
  /**
   * The Content-Type the relay gave a body nobody labelled: openapi-fetch's Request carries
   * exactly it wherever the guard runs (first, before any middleware), so the guard need not read it back.
   */
  readonly label: string | undefined;
  /** The call's own `validate` option, when given: it overrides the client's for this call. */
  readonly validate: boolean | undefined;
  /** "METHOD /path/template" as the relay looked the operation up: the method and template openapi-fetch's Request is built from. */
  readonly key: string;
  /** The operation the relay looked up by that key (undefined: not an operation of the document; the guard refuses the call). */
  readonly op: OperationMeta | undefined;
  /** What the guard reads when it runs inside our fetch: the template, the params and openapi-fetch's options as a middleware would see them. */
  readonly schemaPath: string;
  readonly params: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  readonly options: { baseUrl: string; fetch: unknown; bodySerializer: unknown };
  /** The body as the caller gave it (NONE until our serializer runs), and as our serializer wrote it. */
  given: unknown;
  written?: string | FormData;
  /** The Request our middleware passed on, and what it learnt. */
  request?: Request;
  call?: Call;
  /** Whether the relay gave openapi-fetch's own Request the operation's static credentials (only where no middleware can see them). */
  credentialed?: boolean;
  /** The last answer our fetch handed openapi-fetch. */
  answer?: Response;
  /**
   * How the relay parses a success itself ("json" or "text"), where nothing but openapi-fetch sees
   * the answer (no middleware, no per-call fetch): openapi-fetch hands over its body stream
   * (parseAs "stream") and the relay reads it with a byte count, so our fetch leaves the answer as
   * it came. Undefined: openapi-fetch parses, from an answer our fetch limited.
   */
  readonly reads: "json" | "text" | undefined;
  /** The operation's body limit, for the relay's read of a success (set by our fetch when it leaves the answer as it came). */
  limit?: BodyLimit;
}

/** A Request body as RequestInit takes it (a type @types/node declares without the DOM library, unlike BodyInit). */
export type SentBody = RequestInit["body"];

export const NONE = Symbol("none");
export const FORM = "application/x-www-form-urlencoded";

const essences = new Map<string, string>();
/** The essence of a label the relay gave (a document's media type, or the form type): few, so each is worked out once. */
export function labelEssence(label: string): string {
  let essence = essences.get(label);
  if (essence === undefined) essences.set(label, (essence = mediaTypeEssence(label)));
  return essence;
}

/** FormData as it is (fetch writes its boundary), URLSearchParams and form-labelled bodies URL-encoded, everything else JSON. */
export function serializeBody(state: Pick<CallState, "given" | "written" | "label"> | undefined, body: unknown, headers?: Headers): string | FormData {
  const written =
    body instanceof FormData
      ? body
      : body instanceof URLSearchParams
        ? body.toString()
        : (state?.label !== undefined ? labelEssence(state.label) : mediaTypeEssence(headers?.get("content-type") ?? "")) === FORM
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body);
  if (state) {
    state.given = body;
    state.written = written;
  }
  return written;
}

/** Whether a caller's header set names a Content-Type (a record in any spelling, or Headers). */
export function labels(headers: unknown): boolean {
  if (headers instanceof Headers) return headers.has("content-type");
  if (headers === null || typeof headers !== "object") return false;
  // null unsets a header in openapi-fetch: it names none.
  for (const name in headers) if (name.toLowerCase() === "content-type" && (headers as Record<string, unknown>)[name] != null) return true;
  return false;
}

export type CallHeaders = Headers | Record<string, string | undefined | null>;

/** The caller's headers with a Content-Type added, never changing the caller's own object. */
export function labelled(headers: CallHeaders | undefined, type: string): CallHeaders {
  if (!(headers instanceof Headers)) return { ...headers, "Content-Type": type };
  const copy = new Headers(headers);
  copy.set("content-type", type);
  return copy;
}
