/**
 * The Prism-backed mock as a MockHandler: Prism (prism-http's instance API, in process)
 * validates the request and picks the documented example; everything around it is this
 * layer's: routing, header parsing Prism would crash on, case selection, body decoding with
 * limits, and error bodies in the document's shape that say what was wrong.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { MOCK_CASE_HEADER, type MockHandler } from "../http/handler.js";
import { acceptable, essence, parseAccept, parameterValue, parseMediaType, parsedAsJson, type AcceptRange } from "../http/media.js";
import { defaultStatus, responseExamples, responseOf, route } from "../openapi/operations.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { getAt } from "../core/pointer.js";
import type { ErrorShapes } from "../http/error-shapes.js";
import type { MockErrorKind } from "../http/mock-errors.js";
import { QUERY_OVERRIDES, requestedCase, preferences } from "../controls/case-selection.js";
import { checkCase } from "../controls/case-check.js";
import { loadPrism } from "./load-prism.js";
import { oneCredential } from "../http/credentials.js";
import { requestBodyMediaType } from "../openapi/request-media-type.js";
import { credentialNames, describe, shown, type SentRequest, type Violation } from "../openapi/violations.js";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonLimitBroken } from "../http/limits.js";

const SEVERITY = ["Error", "Warning", "Information", "Hint"];
/** Headers the mock reads for itself; Prism never sees them. */
const MOCK_ONLY = new Set([MOCK_CASE_HEADER]);

export interface PrismHandlerOptions {
  doc: any;
  operations: readonly TableOperation[];
  shapes: ErrorShapes;
}

class Refusal {
  constructor(
    readonly status: number,
    readonly kind: MockErrorKind,
    readonly message: string,
  ) {}
}

function statusFor(operation: TableOperation, preferred: number, otherwise = 400): number {
  return responseOf(operation, String(preferred)) ? preferred : otherwise;
}

export async function createPrismHandler({ doc, operations, shapes }: PrismHandlerOptions): Promise<MockHandler> {
  const prismHttp = await loadPrism();
  const prismOperations: any[] = await prismHttp.getHttpOperationsFromSpec(doc);
  const silent: any = new Proxy({}, { get: (_t, key) => (key === "child" ? () => silent : key === "level" ? "silent" : () => undefined) });
  const config = { validateRequest: true, validateResponse: true, checkSecurity: true, errors: false, mock: { dynamic: false } };
  const prism = prismHttp.createInstance(config, { logger: silent });
  const credentials = credentialNames(doc);
  /** "apiKey (header X-ApiKey)": what an operation accepts, for 401 messages (Prism only says "Invalid security scheme used"). */
  const accepted = (operation: TableOperation) =>
    operation.security
      .map((names) =>
        names
          .map((name) => {
            const scheme = doc.components?.securitySchemes?.[name] ?? {};
            const where = scheme.type === "apiKey" ? `${scheme.in} ${scheme.name}` : scheme.type === "http" ? `header Authorization: ${scheme.scheme === "basic" ? "Basic" : "Bearer"} …` : scheme.type;
            return `${name} (${where})`;
          })
          .join(" + "),
      )
      .join(" or ");
  // Prism's own operation object for each of ours, so Prism only ever sees the one we routed to.
  const prismOperation = new Map<string, any>();
  for (const op of operations) {
    const found = prismOperations.find((p) => p.method === op.method.toLowerCase() && p.path === op.path);
    if (found) prismOperation.set(op.key, found);
  }

  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const found = route(operations, method, url.pathname);
    if (found.kind === "not-found") {
      return shapes.respond({ status: 404, kind: "not-found", method, message: `No operation of this document at ${method} ${url.pathname}` });
    }
    if (found.kind === "method-not-allowed") {
      return shapes.respond({
        status: 405,
        kind: "method-not-allowed",
        method,
        message: `${method} is not an operation of ${url.pathname}; allowed: ${found.allow.join(", ")}`,
        headers: { allow: found.allow.join(", ") },
      });
    }
    const operation = found.operation;
    const refuse = (r: Refusal, headers?: Record<string, string>) =>
      shapes.respond({ operation, status: r.status, kind: r.kind, method, message: r.message, ...(headers ? { headers } : {}) });

    // Prism decodes path parameters with decodeURIComponent and throws on bad percent-encoding.
    const badSegment = url.pathname.split("/").find((segment) => !decodes(segment));
    if (badSegment !== undefined) {
      return refuse(new Refusal(400, "malformed-target", `path: bad percent-encoding (rule RFC 3986 §2.1; sent ${shown(badSegment)})`));
    }
    // Headers Prism cannot parse are answered here, before Prism sees them.
    const contentTypeHeader = request.headers.get("content-type");
    let contentType = contentTypeHeader === null ? undefined : parseMediaType(contentTypeHeader);
    if (contentTypeHeader !== null && !contentType) {
      return refuse(new Refusal(statusFor(operation, 415), "malformed-content-type", `header.content-type: not a media type (rule RFC 9110 §8.3; sent ${shown(contentTypeHeader)})`));
    }
    const acceptHeader = request.headers.get("accept");
    const ranges: AcceptRange[] | undefined = acceptHeader === null ? undefined : parseAccept(acceptHeader);
    if (acceptHeader !== null && !ranges) {
      return refuse(new Refusal(statusFor(operation, 406), "malformed-accept", `header.accept: not a list of media ranges (rule RFC 9110 §12.5.1; sent ${shown(acceptHeader)})`));
    }

    // Case selection, checked against the document before anything is mocked.
    const { selection, apiPrefer } = requestedCase(request.headers, url);
    const checked = checkCase(operation, selection);
    if ("refusal" in checked) return refuse(new Refusal(checked.refusal.status, checked.refusal.kind, checked.refusal.message));
    let status = checked.status;
    let exampleKey = checked.example;
    // An API preference the document ties to an example (x-prefer) picks it, unless the test picked one.
    const target = responseOf(operation, status ?? defaultStatus(operation) ?? "");
    if (exampleKey === undefined && target && apiPrefer) {
      const prefs = preferences(apiPrefer);
      const tied = target.mediaTypes.flatMap((mediaType) => responseExamples(doc, target, mediaType)).find((e) => {
        if (!e.prefer) return false;
        const [name, value = ""] = e.prefer.split("=").map((s) => s.trim());
        return prefs.get(name!.toLowerCase()) === value;
      });
      if (tied) {
        status = target.status;
        exampleKey = tied.name;
      }
    }

    // Body: bytes to what Prism expects (parsed JSON, text, or null), with explicit limits.
    const bytes = new Uint8Array(await request.arrayBuffer());
    // A body sent without any Content-Type is read as the document's x-untyped-body (the KMS
    // family's Go client sends its create body so), by the rule every server here shares.
    const untyped = contentTypeHeader === null ? requestBodyMediaType(null, bytes.length, operation.request && getAt(doc, operation.request.pointer)) : "";
    if (untyped !== "") contentType = parseMediaType(untyped);
    let body: unknown = null;
    if (bytes.length > 0) {
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        return refuse(new Refusal(400, "invalid-utf8", "body: not valid UTF-8 (rule RFC 8259 §8.1)"));
      }
      if (contentType && parsedAsJson(contentType)) {
        const broken = jsonLimitBroken(text);
        if (broken === "depth") return refuse(new Refusal(400, "too-deep", `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels (rule mock limit MAX_JSON_DEPTH)`));
        if (broken === "values") return refuse(new Refusal(400, "too-many-values", `body: more than ${MAX_JSON_VALUES} JSON values (rule mock limit MAX_JSON_VALUES)`));
        try {
          body = JSON.parse(text);
        } catch (error) {
          return refuse(new Refusal(400, "malformed-json", `body: not JSON (rule RFC 8259; ${(error as Error).message})`));
        }
      } else {
        // Prism's form decoder throws a URIError on bad percent-encoding (a 500 before this check).
        if (contentType?.subtype === "x-www-form-urlencoded" && !formDecodes(text)) {
          return refuse(new Refusal(400, "malformed-form", `body: not application/x-www-form-urlencoded (rule percent-encoding, RFC 3986 §2.1; sent ${shown(text)})`));
        }
        body = text;
      }
    }

    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      if (!MOCK_ONLY.has(name)) headers[name] = value;
    });
    // Two credentials in one value (two Authorization lines, joined) are none: Prism would take
    // "Bearer t, Basic b" for a bearer token; the emulators refuse it too (runtime/http/credentials.ts).
    const authorization = headers.authorization;
    const scheme = authorization?.slice(0, authorization.indexOf(" ")) ?? "";
    if (/^(basic|bearer)$/i.test(scheme) && !oneCredential(authorization!, scheme)) delete headers.authorization;
    delete headers.prefer;
    if (apiPrefer) headers.prefer = apiPrefer;
    if (contentType) {
      // charset, and the boundary a multipart body cannot be split without (the identity
      // service's server SDK sends its token forms as multipart/form-data).
      const kept = (["charset", "boundary"] as const).filter((p) => contentType.params[p] !== undefined);
      headers["content-type"] = essence(contentType) + kept.map((p) => `; ${p}=${parameterValue(contentType.params[p]!)}`).join("");
    }
    delete headers.accept;
    const offered = target && ranges ? acceptable(ranges, target.mediaTypes) : undefined;
    if (offered && offered.length > 0) headers.accept = offered.join(", ");
    const query: Record<string, string | string[]> = {};
    for (const name of new Set(url.searchParams.keys())) {
      if (QUERY_OVERRIDES.includes(name)) continue;
      const all = url.searchParams.getAll(name);
      query[name] = all.length === 1 ? all[0]! : all;
    }
    const sentOf = (): SentRequest => ({ headers: request.headers, query: url.searchParams, body });
    const input = { method: method.toLowerCase(), url: { path: url.pathname, query }, headers, body };
    const mock = { dynamic: false, ...(status !== undefined ? { code: Number(status) } : {}), ...(exampleKey !== undefined ? { exampleKey } : {}) };
    const result = await prism.request(input, [prismOperation.get(operation.key)], { ...config, mock })();
    if (result._tag === "Left") {
      const e = result.left;
      if (e?.status === 406) return notAcceptable(operation, acceptHeader, target?.status);
      // Prism's own answers to an invalid request whose status the operation does not document.
      if (e?.status === 401) {
        const v: Violation = { location: ["request"], severity: "Error", code: 401, message: "Invalid security scheme used" };
        return shapes.respond({ operation, status: 401, kind: "unauthorized", method, message: `credentials: missing or not valid; this operation accepts ${accepted(operation)} (rule security)`, headers: { "sl-violations": violationHeader([v]), ...(e.additional?.headers ?? {}) } });
      }
      if (e?.status === 415 || e?.status === 422) {
        const vs: Violation[] = (e.additional?.validation ?? [{ path: [], code: e.status, message: e.detail ?? "invalid" }]).map((v: any) => ({
          location: ["request", ...(v.location ?? v.path ?? [])],
          severity: v.severity ?? "Error",
          code: v.code,
          message: v.message,
        }));
        return shapes.respond({ operation, status: statusFor(operation, e.status === 415 ? 415 : 400), kind: "invalid-request", method, message: vs.map((v) => describe(v, sentOf(), credentials)).join("; "), headers: { "sl-violations": violationHeader(vs) } });
      }
      throw new CloudInterfacesError(`Prism could not mock ${operation.key}: ${e?.detail ?? e?.message ?? e}`);
    }
    const { output, validations } = result.right;
    const violations: Violation[] = [
      ...validations.input.map((v: any) => ({ location: ["request", ...(v.path ?? [])], severity: SEVERITY[v.severity] ?? String(v.severity), code: v.code, message: v.message })),
      ...validations.output.map((v: any) => ({ location: ["response", ...(v.path ?? [])], severity: SEVERITY[v.severity] ?? String(v.severity), code: v.code, message: v.message })),
    ];
    const outHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries<any>(output.headers ?? {})) outHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : String(v);
    if (violations.length > 0) outHeaders["sl-violations"] = violationHeader(violations);

    const errors = violations.filter((v) => v.location[0] === "request" && v.severity === "Error");
    if (errors.length > 0) {
      const wanted = errors.some((v) => String(v.code) === "401") ? 401 : errors.some((v) => String(v.code) === "415") ? statusFor(operation, 415) : 400;
      const message = errors
        .map((v) => (String(v.code) === "401" ? `credentials: missing or not valid; this operation accepts ${accepted(operation)} (rule security)` : describe(v, sentOf(), credentials)))
        .join("; ");
      // Documented headers Prism chose for this status (correlation-ID, WWW-Authenticate) stay.
      const keep = output.statusCode === wanted ? Object.fromEntries(Object.entries(outHeaders).filter(([k]) => k !== "content-type")) : { "sl-violations": outHeaders["sl-violations"]! };
      return shapes.respond({ operation, status: wanted, kind: "invalid-request", method, message, example: selection.code === String(wanted) ? exampleKey : undefined, headers: keep });
    }
    if (offered && offered.length === 0 && target && target.mediaTypes.length > 0) {
      return notAcceptable(operation, acceptHeader, target.status);
    }
    const contentTypeOut = outHeaders["content-type"];
    let payload: string | null = null;
    if (method !== "HEAD" && output.body !== undefined && output.body !== null) {
      payload = typeof output.body === "string" && !(contentTypeOut && /json/i.test(contentTypeOut)) ? output.body : JSON.stringify(output.body);
    }
    if (payload === null) delete outHeaders["content-type"];
    return new Response(payload, { status: output.statusCode, headers: outHeaders });

    function notAcceptable(op: TableOperation, accept: string | null, forStatus?: string) {
      const documented = forStatus ? responseOf(op, forStatus)?.mediaTypes.join(", ") : "";
      return refuse(new Refusal(statusFor(op, 406, 406), "not-acceptable", `header.accept: allows none of the documented media types (${documented}) (rule RFC 9110 §12.5.1; sent ${shown(accept)})`));
    }
  };
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

function formDecodes(text: string): boolean {
  return text.split("&").every((part) => decodes(part.replace(/\+/g, " ")));
}

/** Prism's own header format (its server's), capped like Prism caps it. */
function violationHeader(violations: Violation[]): string {
  // Header values must be Latin-1; a violation may quote any character the request sent.
  const value = JSON.stringify(violations).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return value.length > 8000 ? `Too many violations! ${value.slice(0, 8000)}` : value;
}
