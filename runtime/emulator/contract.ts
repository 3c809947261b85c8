import { CloudInterfacesError } from "../core/base-error.js";
import { oneCredential } from "../http/credentials.js";
import { isJsonMediaType, mediaTypeEssence } from "../core/media-type.js";
import { requestBodyMediaType, UNTYPED_BODY } from "../openapi/request-media-type.js";
import { requiredWhenViolations, type RequestValues } from "../core/required-when.js";
import type { QueryParamMeta } from "../core/service-meta.js";
import { escapeToken, getAt, resolveAt } from "../core/pointer.js";
import { operationTable, type TableOperation } from "../openapi/operation-table.js";
import { parseQuery, schemaShape, type QueryShape } from "../core/query-style.js";
import { Router, serverPathPrefixes, stripServerPrefix } from "../core/router.js";

/**
 * The document as a contract: which operation a request is, whether the request follows the
 * document (parameters, security presence, body), and whether a response does. Generic over
 * every service; the emulators never validate by hand.
 */

type Json = any;

/** A compiled JSON Schema check (Ajv's shape: a predicate that leaves its errors on itself). */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; keyword: string; schemaPath: string; message?: string }> | null;
}

/**
 * Where the contract gets its validators: one per JSON pointer into the (mock view of the)
 * document, strict or coercing. Coercing validators check text-borne values (parameters, form
 * fields, headers) wrapped as `{ v: value }`, because coercion rewrites the value in its parent.
 * Precompiled at build time for the bundled documents (no eval: runs under a strict CSP), or
 * compiled at run time with Ajv for any other document (ajv-validators.ts).
 */
export type ValidatorSource = (pointer: string, coerce: boolean) => ValidateFunction;

/** The key of one validator in a precompiled table. */
export const validatorKey = (pointer: string, coerce: boolean) => `${coerce ? "c" : "s"}:${pointer}`;

/** A table of precompiled validators as a ValidatorSource; a pointer missing from it is a build bug. */
export function tableValidators(serviceId: string, table: Readonly<Record<string, ValidateFunction>>): ValidatorSource {
  return (pointer, coerce) => {
    const validate = table[validatorKey(pointer, coerce)];
    if (!validate) throw new CloudInterfacesError(`${serviceId}: no precompiled validator for ${validatorKey(pointer, coerce)}; rebuild (npm run build)`);
    return validate;
  };
}

/** Structural twins of app.ts's types (kept here so the contract does not import the app). */
interface RequestLike {
  method: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
  value?: unknown;
}

export interface ParamSpec {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** What its schema says the value is: a header's comma-separated list is read as an array only when it says so. */
  shape?: QueryShape;
  validate: ValidateFunction;
}

/** What the contract compiles of an operation: the validators of its parameters, body and answers. The operation itself is the table's (TableOperation). */
export interface OperationChecks {
  params: ParamSpec[];
  /** How each query parameter travels (style, explode, shape), read back with runtime/core/query-style.ts parseQuery. */
  query: Record<string, QueryParamMeta>;
  /** `untyped`: what a body sent without Content-Type is read as (`x-untyped-body`). */
  body?: { required: boolean; content: Map<string, ValidateFunction | undefined>; untyped?: string };
  responses: Map<string, ResponseSpec>;
}

interface ResponseSpec {
  headers: Array<{ name: string; required: boolean; validate: ValidateFunction }>;
  /** media type -> validator of the body (undefined: any body of that type). Empty: no body. */
  content: Map<string, ValidateFunction | undefined>;
  /** media type -> the body's schema as the document writes it, for the rules a schema cannot check (`x-required-when`). */
  schemas: Map<string, Json>;
}

export interface RequestInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, string>;
  body: unknown;
  /** Media type essence of the request body, lower-cased ("" when none). */
  mediaType: string;
  /** The security scheme names of the first requirement the request satisfied. */
  schemes: string[];
}

/** One way an answer breaks the document, and where (`status` is the documented response key it was checked against). */
export interface ResponseProblem {
  where: "status" | "header" | "mediaType" | "body";
  message: string;
  status?: string;
  header?: string;
  mediaType?: string;
  keyword?: string;
  instancePath?: string;
}

export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
}

export type RequestFailure =
  | { kind: "security"; problems: string[] }
  | { kind: "mediaType"; problems: string[] }
  | { kind: "invalid"; problems: string[] };

/** Ajv's errors as "where/path message"; coerced values travel wrapped in { v }, which is cut off. */
function errorsOf(validate: ValidateFunction, where: string, wrapped = false): string[] {
  return (validate.errors ?? []).map((e) => {
    const path = wrapped ? e.instancePath.replace(/^\/v/, "") : e.instancePath;
    // Echoing a long pattern helps nobody; the document is where to read it.
    const message = e.keyword === "pattern" ? "does not match the documented pattern" : (e.message ?? e.keyword);
    return `${where}${path} ${message}`;
  });
}

/** Form bodies: their fields arrive as text, so their validators coerce to the schema's types. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The text fields of a multipart/form-data body (a file part counts by its file name), or undefined when it is not one. */
async function multipartFields(text: string, contentType: string): Promise<Array<[string, string]> | undefined> {
  try {
    const form = await new Response(text, { headers: { "content-type": contentType } }).formData();
    return [...form].map(([k, v]) => [k, typeof v === "string" ? v : v.name]);
  } catch {
    return undefined;
  }
}

/** Whether a request carries one security scheme's credential. */
type SchemePresence = (request: Pick<RequestLike, "headers">, cookies: Record<string, string>, url: URL) => boolean;
const NO_SCHEMES: { schemes: string[] } = { schemes: [] };

/** A request read against its operation: its input, or why it was refused. */
export type ReadRequest = { input: RequestInput } | { failure: RequestFailure };

function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

export class Contract {
  /** The document's operation table, in routing order. */
  readonly operations: readonly TableOperation[];
  /** Path prefixes of the documented servers ("/event-notifications"), stripped before matching. */
  private readonly prefixes: string[];
  private readonly router: Router<TableOperation>;
  /** The validators of each operation, by its key ("GET /api/v2/keys"). */
  private readonly checks = new Map<string, OperationChecks>();

  constructor(
    readonly serviceId: string,
    readonly document: Json,
    /** Parameters, form bodies and headers arrive as text: their validators coerce to the schema's types. */
    private readonly validators: ValidatorSource,
  ) {
    this.prefixes = serverPathPrefixes(document);
    // The document's one operation table: the contract adds validators to what it lists.
    this.operations = operationTable(document).operations;
    for (const op of this.operations) this.checks.set(op.key, this.compileOperation(op));
    this.router = new Router(this.operations);
  }

  /** Follows local $refs of non-schema objects, returning the value and its JSON pointer. */
  private deref(value: Json, pointer: string): { value: Json; pointer: string } {
    return resolveAt(this.document, value, pointer);
  }

  private compile(pointer: string, coerce: boolean): ValidateFunction {
    return this.validators(pointer, coerce);
  }

  /** The validators of an operation of this document (by its key, so a table of the same document read elsewhere is as good). */
  checksOf(op: TableOperation): OperationChecks {
    const checks = this.checks.get(op.key);
    if (!checks) throw new CloudInterfacesError(`${this.serviceId}: ${op.key} is no operation of this contract's document`);
    return checks;
  }

  private compileOperation(entry: TableOperation): OperationChecks {
    const query: Record<string, QueryParamMeta> = {};
    const params: ParamSpec[] = entry.parameters.map((p) => {
      if (p.query) query[p.name] = p.query;
      const shape = schemaShape(p.schemaPointer === undefined ? {} : getAt(this.document, p.schemaPointer));
      return {
        name: p.name,
        in: p.in,
        required: p.required,
        ...(shape ? { shape } : {}),
        validate: this.compile(`${p.pointer}/schema`, true),
      };
    });

    let body: OperationChecks["body"];
    if (entry.request) {
      const { pointer } = entry.request;
      const rb = getAt(this.document, pointer) as Json;
      const content = new Map<string, ValidateFunction | undefined>();
      for (const [type, media] of Object.entries<Json>(rb.content ?? {})) {
        const base = `${pointer}/content/${escapeToken(type)}/schema`;
        content.set(type.toLowerCase(), media.schema ? this.compile(base, FORM_TYPES.has(type.toLowerCase())) : undefined);
      }
      body = { required: entry.request.required, content, ...(entry.request.untyped ? { untyped: entry.request.untyped } : {}) };
    }

    const responses = new Map<string, ResponseSpec>();
    for (const { status, pointer } of entry.responses) {
      const r = getAt(this.document, pointer) as Json;
      const headers: ResponseSpec["headers"] = [];
      for (const [name, rawHeader] of Object.entries<Json>(r.headers ?? {})) {
        const { value: h, pointer: hp } = this.deref(rawHeader, `${pointer}/headers/${escapeToken(name)}`);
        if (name.toLowerCase() === "content-type") continue;
        headers.push({ name, required: h.required === true, validate: this.compile(`${hp}/schema`, true) });
      }
      const content = new Map<string, ValidateFunction | undefined>();
      const schemas = new Map<string, Json>();
      for (const [type, media] of Object.entries<Json>(r.content ?? {})) {
        const base = `${pointer}/content/${escapeToken(type)}/schema`;
        content.set(type.toLowerCase(), media.schema ? this.compile(base, false) : undefined);
        if (media.schema) schemas.set(type.toLowerCase(), media.schema);
      }
      responses.set(status, { headers, content, schemas });
    }

    return { params, query, ...(body ? { body } : {}), responses };
  }

  /**
   * The documented example answer for a status (`Prefer: code=429, example=name`, as Prism reads
   * it): lets tests reach error cases on demand. Undefined when the document has no such case.
   */
  exampleResponse(op: TableOperation, status: string, exampleName?: string): Reply | undefined {
    const response = op.responses.find((r) => r.status === status);
    if (!response) return undefined;
    const r = getAt(this.document, response.pointer) as Json;
    const headers: Record<string, string> = {};
    for (const [name, rawHeader] of Object.entries<Json>(r.headers ?? {})) {
      const h = this.deref(rawHeader, "").value;
      const value = h.example ?? Object.values<Json>(h.examples ?? {})[0]?.value ?? h.schema?.examples?.[0] ?? h.schema?.example;
      if (h.required && value !== undefined) headers[name] = String(value);
    }
    const [type, media] = Object.entries<Json>(r.content ?? {})[0] ?? [];
    if (!type || op.method === "HEAD") return { status: Number(status), headers };
    const examples = media.examples ?? {};
    const chosen = exampleName !== undefined ? examples[exampleName] : Object.values<Json>(examples)[0];
    if (exampleName !== undefined && !chosen) return undefined;
    const value = chosen ? this.deref(chosen, "").value.value : media.example;
    if (value === undefined) return undefined;
    headers["content-type"] = type;
    return { status: Number(status), headers, body: typeof value === "string" && !isJsonMediaType(type) ? value : JSON.stringify(value) };
  }

  /** The operation a request is, or why none is: unknown path (404) or method (405). A documented server path prefix may be left on ("/event-notifications/v1/..." and "/v1/..." both match). */
  match(method: string, url: URL): { op: TableOperation; path: Record<string, string> } | { status: 404 | 405; allow: string[] } {
    const found = this.router.route(method, stripServerPrefix(url.pathname, this.prefixes));
    if (found.kind === "operation") return { op: found.operation, path: found.params };
    return found.kind === "method-not-allowed" ? { status: 405, allow: found.allow } : { status: 404, allow: [] };
  }

  /** Per security scheme of the document: whether a request carries its credential (compiled once, read per request). */
  private schemePresence?: Map<string, SchemePresence>;

  private presenceOf(name: string): SchemePresence {
    this.schemePresence ??= new Map();
    let present = this.schemePresence.get(name);
    if (present) return present;
    const s = this.document.components?.securitySchemes?.[name];
    const scheme = String(s?.scheme ?? "");
    const prefix = `${scheme.toLowerCase()} `;
    present =
      !s ? () => false
      // Two credentials in one value (two lines joined by a comma, runtime/http/credentials.ts) are none.
      : s.type === "http" && /^(basic|bearer)$/i.test(scheme) ? (r) => oneCredential(r.headers.get("authorization") ?? "", scheme)
      : s.type === "http" ? (r) => { const a = r.headers.get("authorization") ?? ""; return a.toLowerCase().startsWith(prefix) && a.length > prefix.length; }
      : s.type === "apiKey" && s.in === "header" ? (r) => !!r.headers.get(s.name)
      : s.type === "apiKey" && s.in === "query" ? (_r, _c, url) => url.searchParams.has(s.name)
      : s.type === "apiKey" && s.in === "cookie" ? (_r, cookies) => cookies[s.name] !== undefined
      : s.type === "oauth2" || s.type === "openIdConnect" ? (r) => oneCredential(r.headers.get("authorization") ?? "", "bearer")
      : () => false;
    this.schemePresence.set(name, present);
    return present;
  }

  private checkSecurity(op: TableOperation, request: Pick<RequestLike, "headers">, cookies: Record<string, string>, url: URL): { schemes: string[] } | { problems: string[] } {
    if (op.security.length === 0) return NO_SCHEMES;
    for (const names of op.security) {
      let all = true;
      for (const name of names) if (!this.presenceOf(name)(request, cookies, url)) { all = false; break; }
      if (all) return { schemes: names };
    }
    return { problems: [`credentials missing: one of ${op.security.map((names) => names.join("+") || "(none)").join(", ")}`] };
  }

  /**
   * Reads and checks a request (its body already read, as `text`) against the operation; never
   * throws for bad input. Synchronous but for a multipart body: a GET answers without a
   * promise turn here.
   */
  readRequest(op: TableOperation, request: Pick<RequestLike, "method" | "headers">, url: URL, pathValues: Record<string, string>, text: string): ReadRequest | Promise<ReadRequest> {
    const checks = this.checksOf(op);
    const cookieHeader = request.headers.get("cookie");
    const cookies = cookieHeader === null ? {} : parseCookies(cookieHeader);
    const security = this.checkSecurity(op, request, cookies, url);
    if ("problems" in security) return { failure: { kind: "security", problems: security.problems } };

    const input: RequestInput = { path: {}, query: {}, header: {}, cookie: cookies, body: undefined, mediaType: "", schemes: security.schemes };
    const query = parseQuery(url.search, checks.query);
    const problems: string[] = [...query.problems];
    for (const p of checks.params) {
      let raw: unknown;
      if (p.in === "path") raw = pathValues[p.name];
      else if (p.in === "query") raw = query.values[p.name];
      else if (p.in === "header") {
        const v = request.headers.get(p.name);
        raw = v === null ? undefined : p.shape === "array" ? v.split(",").map((s) => s.trim()) : v;
      } else raw = cookies[p.name];
      if (raw === undefined) {
        if (p.required) problems.push(`${p.in} parameter ${p.name} is required`);
        continue;
      }
      const holder = { v: raw };
      if (!p.validate(holder)) problems.push(...errorsOf(p.validate, `${p.in} parameter ${p.name}`, true));
      else (input[p.in] as Record<string, unknown>)[p.name] = holder.v;
    }

    if (request.method === "GET" || request.method === "HEAD") text = "";
    const body = checks.body;
    if (body) {
      if (text === "") {
        if (body.required) problems.push("request body is required");
      } else {
        const essence = requestBodyMediaType(request.headers.get("content-type"), text.length, { [UNTYPED_BODY]: body.untyped });
        input.mediaType = essence;
        if (!body.content.has(essence)) {
          return { failure: { kind: "mediaType", problems: [`Content-Type ${essence || "(none)"} is not one of ${[...body.content.keys()].join(", ")}`] } };
        }
        const validate = body.content.get(essence);
        if (isJsonMediaType(essence)) {
          try {
            input.body = JSON.parse(text);
          } catch {
            problems.push("request body is not valid JSON");
          }
          if (input.body !== undefined && validate && !validate(input.body)) problems.push(...errorsOf(validate, "body"));
        } else if (FORM_TYPES.has(essence)) {
          const formBody = (fields: Array<[string, string]> | undefined): ReadRequest => {
            const form: Record<string, string | string[]> = {};
            if (fields === undefined) problems.push("request body is not valid multipart/form-data");
            for (const [k, v] of fields ?? []) {
              const prev = form[k];
              form[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
            }
            const holder = { v: form };
            if (validate && !validate(holder)) problems.push(...errorsOf(validate, "body", true));
            input.body = holder.v;
            return problems.length ? { failure: { kind: "invalid", problems } } : { input };
          };
          return essence === "multipart/form-data" ? multipartFields(text, request.headers.get("content-type") ?? "").then(formBody) : formBody([...new URLSearchParams(text)] as Array<[string, string]>);
        } else input.body = text;
      }
    }
    if (problems.length) return { failure: { kind: "invalid", problems } };
    return { input };
  }

  /** Every way the response breaks the document (empty when it follows it). */
  checkResponse(op: TableOperation, response: Reply, request?: RequestValues): string[] {
    return this.responseProblems(op, response, request).map((p) => p.message);
  }

  /**
   * The same checks as checkResponse, each problem with where it is (status, a header, the
   * media type or the body) and, for the body and headers, Ajv's keyword and instance path,
   * so a caller can name the rule that was broken (the verifier reports its JSON pointer).
   */
  responseProblems(op: TableOperation, response: Reply, request?: RequestValues): ResponseProblem[] {
    const responses = this.checksOf(op).responses;
    const status = String(response.status);
    const documented = responses.has(status) ? status : responses.has(`${status[0]}XX`) ? `${status[0]}XX` : responses.has("default") ? "default" : undefined;
    if (documented === undefined) return [{ where: "status", message: `status ${status} is not documented for ${op.operationId}` }];
    const spec = responses.get(documented)!;
    const problems: ResponseProblem[] = [];
    // Read by name without case; the emulators write lower-case names, so the scan is the rare path.
    const headerOf = (name: string): string | null => {
      const lower = name.toLowerCase();
      const direct = response.headers[lower];
      if (direct !== undefined) return direct;
      for (const k in response.headers) if (k.toLowerCase() === lower) return response.headers[k]!;
      return null;
    };
    for (const h of spec.headers) {
      const value = headerOf(h.name);
      if (value === null) {
        if (h.required) problems.push({ where: "header", status: documented, header: h.name, keyword: "required", message: `required header ${h.name} missing` });
        continue;
      }
      if (!h.validate({ v: value })) {
        for (const [i, message] of errorsOf(h.validate, `header ${h.name}`, true).entries()) {
          const e = h.validate.errors![i]!;
          problems.push({ where: "header", status: documented, header: h.name, keyword: e.keyword, instancePath: e.instancePath.replace(/^\/v/, ""), message });
        }
      }
    }
    const text = response.body ?? "";
    if (op.method === "HEAD" || spec.content.size === 0) {
      if (text !== "") problems.push({ where: "body", status: documented, message: op.method === "HEAD" ? "HEAD response has a body" : `status ${status} documents no body, got one` });
      return problems;
    }
    if (text === "" && status !== "204") return [...problems, { where: "body", status: documented, message: `status ${status} documents a body, got none` }];
    const essence = mediaTypeEssence(headerOf("content-type") ?? "");
    if (!spec.content.has(essence)) {
      return [...problems, { where: "mediaType", status: documented, message: `Content-Type ${essence || "(none)"} is not one of ${[...spec.content.keys()].join(", ")}` }];
    }
    const validate = spec.content.get(essence);
    if (!validate) return problems;
    let value: unknown = text;
    // The emulator's own JSON answers carry their value (app.ts json()): nothing to parse back.
    if (isJsonMediaType(essence) && response.value !== undefined) value = response.value;
    else if (isJsonMediaType(essence)) {
      try {
        value = JSON.parse(text);
      } catch {
        return [...problems, { where: "body", status: documented, mediaType: essence, message: "body is not valid JSON" }];
      }
    }
    if (!validate(value)) {
      for (const [i, message] of errorsOf(validate, "body").entries()) {
        const e = validate.errors![i]!;
        problems.push({ where: "body", status: documented, mediaType: essence, keyword: e.keyword, instancePath: e.instancePath, message });
      }
    }
    // What the answer must hold given the request (x-required-when on a response property), which a schema cannot see.
    const schema = spec.schemas.get(essence);
    if (request && schema !== undefined) {
      for (const v of requiredWhenViolations(schema, value, request, (s) => this.deref(s as Json, "").value)) {
        problems.push({ where: "body", status: documented, mediaType: essence, keyword: "x-required-when", instancePath: `/${v.field}`, message: `body ${v.message}` });
      }
    }
    return problems;
  }

  /**
   * Ajv's errors for a value against the schema at a JSON pointer of this document (strict,
   * no coercion): what a request or answer breaks, keyword by keyword.
   */
  schemaErrors(pointer: string, value: unknown): SchemaError[] {
    const validate = this.validators(pointer, false);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath, schemaPath: e.schemaPath, ...(e.message !== undefined ? { message: e.message } : {}) }));
  }
}
