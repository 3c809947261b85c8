/**
 * Derives, from a bundled document alone, one request per stated constraint that breaks that
 * constraint and nothing else, starting from the valid requests the document's own examples
 * spell out. A constraint added to a document gets its negative case with no code written: the
 * walk below finds it. Ships with the package (the verifier sends these to a live server); the
 * project's tests send the same cases to the Prism mocks (test/negative).
 */
import type { Contract, SchemaError } from "../emulator/contract.js";
import { parameterExample } from "../openapi/example-requests.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { documentedRequests, documentOperations } from "./operations.js";
import { escapeToken, getAt } from "../core/pointer.js";
import { resolve, resolvePointer } from "./pointer.js";
import type { RawRequest } from "./raw-request.js";

export interface NegativeCase {
  operation: string;
  /** e.g. "query.limit maximum" or "body.resources maxItems". */
  constraint: string;
  /** "invalid": Prism's request validation must reject it; "unauthorized": the security check must. */
  expect: "invalid" | "unauthorized" | "media-type";
  /** JSON pointer of the rule the request breaks (a schema keyword, a `required` list, the media types, the security requirement). */
  rule: string;
  request: RawRequest;
}

export interface Underivable {
  operation: string;
  constraint: string;
  why: string;
}

/** Keywords whose failure only reports that a sub-schema failed; they accompany the real error. */
const COMBINATORS = new Set(["oneOf", "anyOf", "allOf", "if", "then", "else", "not", "$ref"]);
const CONSTRAINT_KEYWORDS = [
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "enum",
  "const",
  "minItems",
  "maxItems",
] as const;
type Keyword = (typeof CONSTRAINT_KEYWORDS)[number];

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

/** Errors inside a oneOf/anyOf branch only say that the branch did not match (e.g. a grant's `const`). */
const IN_BRANCH = /\/(oneOf|anyOf)\/\d+\//;

function onlyKeyword(errors: SchemaError[], keyword: string, alsoAllowed: ReadonlySet<string> = new Set()): boolean {
  return (
    errors.some((e) => e.keyword === keyword && !IN_BRANCH.test(e.schemaPath)) &&
    errors.every((e) => e.keyword === keyword || COMBINATORS.has(e.keyword) || alsoAllowed.has(e.keyword) || IN_BRANCH.test(e.schemaPath))
  );
}

/**
 * A pattern or format that spells out a length or a shape (a UUID, `^[a-z]{1,255}$`) is broken
 * by every value that breaks the length: then the case breaks both, and says so.
 */
const SHAPE_KEYWORDS = new Set(["pattern", "format"]);

/** Values to try for breaking one keyword, best first; the validator picks the first that breaks only it. */
function candidates(keyword: Keyword, schema: any, current: unknown): unknown[] {
  const text = typeof current === "string" && current.length > 0 ? current : "a";
  const last = text.at(-1)!;
  switch (keyword) {
    case "pattern":
      return ["<>", "!", " ", "a b", "\n", "~", "Z!", "0", "-", `${text}!`, `!${text}`, `${text} `, text.replace(/./, "!"), text.toUpperCase(), text.toLowerCase(), "", "a"];
    case "minLength":
      return [text.slice(0, schema.minLength - 1), last.repeat(schema.minLength - 1), "a".repeat(schema.minLength - 1), "0".repeat(schema.minLength - 1)];
    case "maxLength":
      return [text.padEnd(schema.maxLength + 1, last), "a".repeat(schema.maxLength + 1), "0".repeat(schema.maxLength + 1)];
    case "minimum":
      return [schema.minimum - 1, schema.minimum - 0.5];
    case "maximum":
      return [schema.maximum + 1, schema.maximum + 0.5];
    case "exclusiveMinimum":
      return [schema.exclusiveMinimum, schema.exclusiveMinimum - 1];
    case "exclusiveMaximum":
      return [schema.exclusiveMaximum, schema.exclusiveMaximum + 1];
    case "enum":
    case "const":
      return ["zz-not-allowed", 987654, -1, typeof current === "string" ? `${current}x` : "x", true, 1, "1"];
    case "minItems":
      return [Array.isArray(current) ? current.slice(0, schema.minItems - 1) : []];
    case "maxItems": {
      const items: unknown[] = Array.isArray(current) && current.length > 0 ? current : [];
      const pool = [...items, ...(schema.items?.enum ?? [])];
      const distinct = [...new Set(pool.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v));
      const repeated = Array.from({ length: schema.maxItems + 1 }, (_, i) => (items.length > 0 ? items[i % items.length] : distinct[i % Math.max(distinct.length, 1)]));
      return [distinct.length > schema.maxItems ? distinct.slice(0, schema.maxItems + 1) : undefined, repeated].filter((v) => v !== undefined);
    }
  }
}

interface Context {
  contract: Contract;
  doc: any;
  operation: string;
  out: NegativeCase[];
  underivable: Underivable[];
  /** Records and answers true for a constraint the Prism mock cannot see (see MOCK_BLIND_SPOTS). */
  blind: (label: string, keyword: string) => boolean;
  /** Records a query or path minLength of 1, which only an empty value could break. */
  blindEmpty: (label: string, keyword: string) => void;
}

/**
 * Constraints a Prism mock cannot enforce, by construction: recorded with the reason and
 * reported next to the counts, never silently dropped.
 */
export const MOCK_BLIND_SPOTS = {
  prefer: "Prism consumes the Prefer header to pick a mock response and does not validate it against the document",
  emptyQuery: "Prism treats an empty query value (`name=`) as absent, so a minLength of 1 on a query parameter cannot be broken with a value it sees",
  emptyPath: "An empty path segment matches no route, so Prism answers 404 before validating: a minLength of 1 on a path parameter is enforced by routing",
  credentialValue: "Prism checks that a credential is present under its scheme, not its value: a garbage token or one without its documented prefix is accepted",
} as const;

export interface BlindSpot {
  operation: string;
  constraint: string;
  why: string;
}

/**
 * Tries each constraint keyword of the schema at `schemaPtr` against `current`, checking with
 * `check` (the whole enclosing schema) that the candidate breaks only that keyword.
 */
function breakKeywords(
  ctx: Context,
  label: string,
  schemaPtr: string,
  current: unknown,
  apply: (value: unknown) => RawRequest,
  check: (req: RawRequest) => SchemaError[],
) {
  const schema = resolve(ctx.doc, schemaPtr);
  if (!schema || typeof schema !== "object") return;
  const rule = (keyword: string) => `${resolvePointer(ctx.doc, schemaPtr)}/${keyword}`;
  for (const keyword of CONSTRAINT_KEYWORDS) {
    if (schema[keyword] === undefined) continue;
    // A lower bound of zero cannot be broken by any value.
    if ((keyword === "minLength" || keyword === "minItems") && schema[keyword] === 0) continue;
    if (ctx.blind(label, keyword)) continue;
    if ((label.startsWith("query.") || label.startsWith("path.")) && keyword === "minLength" && schema.minLength === 1) {
      ctx.blindEmpty(label, keyword);
      continue;
    }
    const requests = candidates(keyword, schema, current).map((value) => apply(value));
    const alone = requests.find((req) => onlyKeyword(check(req), keyword));
    const withShape = alone ? undefined : requests.find((req) => onlyKeyword(check(req), keyword, SHAPE_KEYWORDS));
    if (alone) ctx.out.push({ operation: ctx.operation, constraint: `${label} ${keyword}`, expect: "invalid", rule: rule(keyword), request: alone });
    else if (withShape) {
      ctx.out.push({ operation: ctx.operation, constraint: `${label} ${keyword} (implied by its pattern/format)`, expect: "invalid", rule: rule(keyword), request: withShape });
    } else ctx.underivable.push({ operation: ctx.operation, constraint: `${label} ${keyword}`, why: "no candidate breaks this keyword alone" });
  }
}

/** Walks a JSON body: each present property's constraints, each required property, nested objects and array items. */
function walkBody(ctx: Context, base: RawRequest, bodyPtr: string, path: (string | number)[], schemaPtr: string, value: unknown) {
  const resolvedPtr = resolvePointer(ctx.doc, schemaPtr);
  const schema = resolve(ctx.doc, resolvedPtr);
  if (!schema || typeof schema !== "object") return;
  const label = `body${path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("")}`;
  const withValue = (v: unknown): RawRequest => {
    const req = clone(base);
    if (path.length === 0) req.body = v;
    else {
      const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], req.body);
      parent[path.at(-1)!] = v;
    }
    return req;
  };
  const check = (req: RawRequest) => ctx.contract.schemaErrors(bodyPtr, req.body);
  if (path.length > 0) breakKeywords(ctx, label, resolvedPtr, value, withValue, check);

  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const name of (schema.required ?? []) as string[]) {
      if (!(name in (value as object))) continue;
      const req = clone(base);
      const target = path.reduce<any>((node, key) => node[key], req.body);
      delete target[name];
      if (check(req).some((e) => e.keyword === "required")) {
        ctx.out.push({ operation: ctx.operation, constraint: `${label}.${name} required`, expect: "invalid", rule: `${resolvedPtr}/required`, request: req });
      }
    }
    for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) {
      const child = (value as Record<string, unknown>)[name];
      if (child === undefined) continue;
      const subPtr = sub.$ref ? sub.$ref : `${resolvedPtr}/properties/${escapeToken(name)}`;
      walkBody(ctx, base, bodyPtr, [...path, name], subPtr, child);
    }
  } else if (Array.isArray(value) && value.length > 0 && schema.items && typeof schema.items === "object") {
    walkBody(ctx, base, bodyPtr, [...path, 0], schema.items.$ref ?? `${resolvedPtr}/items`, value[0]);
  }
}

/**
 * Every negative case of a document. `bind` gives the values of bound parameters (`--bind`);
 * otherwise the document's examples are used, as for every other parameter.
 */
export function deriveNegativeCases(
  contract: Contract,
  bind: Record<string, unknown> = {},
  /** Only the operations this keeps ("GET /path" keys); deriving costs as much as sending the cases. */
  wanted: (operationKey: string) => boolean = () => true,
  /** Makes the base request of an operation fit to send now (fresh unique values), before each rule is broken in it. */
  prepare: (op: TableOperation, base: RawRequest) => RawRequest = (_op, base) => base,
): { cases: NegativeCase[]; baselines: RawRequest[]; underivable: Underivable[]; blindSpots: BlindSpot[] } {
  const doc = contract.document;
  const out: NegativeCase[] = [];
  const underivable: Underivable[] = [];
  const blindSpots: BlindSpot[] = [];
  const baselines: RawRequest[] = [];
  for (const op of documentOperations(doc).filter((o) => wanted(o.key))) {
    const operation = op.key;
    const { requests, missing } = documentedRequests(doc, op, bind);
    const documentedBase = requests[0]?.request;
    if (!documentedBase) {
      underivable.push({ operation, constraint: "*", why: `the document gives no example for ${missing.join(", ")}` });
      continue;
    }
    const base = prepare(op, documentedBase);
    baselines.push(base);
    const ctx: Context = {
      contract,
      doc,
      operation,
      out,
      underivable,
      blind: (label, keyword) => {
        if (label.toLowerCase() !== "header.prefer") return false;
        blindSpots.push({ operation, constraint: `${label} ${keyword}`, why: MOCK_BLIND_SPOTS.prefer });
        return true;
      },
      blindEmpty: (label, keyword) => {
        const why = label.startsWith("path.") ? MOCK_BLIND_SPOTS.emptyPath : MOCK_BLIND_SPOTS.emptyQuery;
        blindSpots.push({ operation, constraint: `${label} ${keyword}`, why });
      },
    };

    for (const param of op.parameters) {
      if (param.in === "cookie") continue;
      const loc = param.in;
      const label = `${loc}.${param.name}`;
      if (param.required && loc !== "path") {
        const req = clone(base);
        delete req.params[loc][param.name];
        out.push({ operation, constraint: `${label} required`, expect: "invalid", rule: `${param.pointer}/required`, request: req });
      }
      const schemaPtr = param.schemaPointer;
      if (!schemaPtr) continue;
      const current = base.params[loc][param.name] ?? parameterExample(doc, param);
      const withValue = (v: unknown): RawRequest => {
        const req = clone(base);
        req.params[loc][param.name] = v;
        return req;
      };
      const check = (req: RawRequest) => contract.schemaErrors(schemaPtr, req.params[loc][param.name]);
      breakKeywords(ctx, label, schemaPtr, current, withValue, check);
      const schema = resolve(doc, schemaPtr);
      const items = schema?.items;
      if (schema?.type === "array" && items && Array.isArray(current) && current.length > 0) {
        const itemPtr = items.$ref ?? `${resolvePointer(doc, schemaPtr)}/items`;
        breakKeywords(ctx, `${label}[0]`, itemPtr, current[0], (v) => withValue([v, ...current.slice(1)]), check);
      }
    }

    const body = op.request ? resolve(doc, `${op.pointer}/requestBody`) : undefined;
    if (body && base.body !== undefined) {
      const mediaType = base.contentType ?? Object.keys(body.content)[0]!;
      const bodyPtr = `${resolvePointer(doc, `${op.pointer}/requestBody`)}/content/${escapeToken(mediaType)}/schema`;
      if (/json/.test(mediaType)) walkBody(ctx, base, bodyPtr, [], bodyPtr, base.body);
      else walkForm(ctx, base, bodyPtr);
      const wrongType = clone(base);
      wrongType.contentType = "text/plain";
      out.push({ operation, constraint: "request media type", expect: "media-type", rule: `${resolvePointer(doc, `${op.pointer}/requestBody`)}/content`, request: wrongType });
    }

    if (op.security.length > 0 && op.security.every((r) => r.length > 0)) {
      const rule = getAt(doc, `${op.pointer}/security`) !== undefined ? `${op.pointer}/security` : "#/security";
      out.push({ operation, constraint: "security requirement", expect: "unauthorized", rule, request: { ...clone(base), withCredentials: false } });
      // Malformed, not only absent: each must be refused as the absent one is (issue 45).
      const scheme = doc.components?.securitySchemes?.[op.security[0]![0]!] ?? {};
      // A garbage value proves something only where the document says what a valid one looks like
      // (Basic's Base64, a JWT, a value pattern, a token the service issued): an opaque bearer
      // token from another service cannot be told from a real one the emulator has not seen.
      const forms: NonNullable<RawRequest["malformed"]>[] = [];
      const stated = (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "basic") || scheme.bearerFormat !== undefined || scheme["x-value-pattern"] !== undefined || scheme["x-refers"] !== undefined;
      if (stated) forms.push("garbage");
      if (scheme.type === "http" || scheme.type === "oauth2" || scheme.type === "openIdConnect") forms.push("wrong-scheme");
      if (scheme.type === "apiKey" && typeof scheme["x-value-pattern"] === "string") forms.push("no-prefix");
      for (const form of forms) out.push({ operation, constraint: `security requirement (credential ${form === "no-prefix" ? "without its documented prefix" : form === "garbage" ? "of garbage" : "under another scheme"})`, expect: "unauthorized", rule: form === "no-prefix" ? `#/components/securitySchemes/${escapeToken(op.security[0]![0]!)}/x-value-pattern` : rule, request: { ...clone(base), malformed: form } });
    }
  }
  return { cases: out, baselines, underivable, blindSpots };
}

/** Form bodies are flat: each field's keywords and the required list, checked against the form schema. */
function walkForm(ctx: Context, base: RawRequest, bodyPtr: string) {
  // A form schema may be composed (v4 token = allOf [v3 token form, PKCE/audience fields]).
  const parts = [resolvePointer(ctx.doc, bodyPtr)];
  for (let i = 0; i < parts.length; i++) {
    const node = resolve(ctx.doc, parts[i]!);
    (node?.allOf ?? []).forEach((member: any, j: number) => parts.push(member.$ref ?? `${parts[i]}/allOf/${j}`));
  }
  const body = base.body as Record<string, unknown>;
  const check = (req: RawRequest) => ctx.contract.schemaErrors(bodyPtr, req.body);
  for (const part of parts) walkFormPart(ctx, base, body, part, check);
}

function walkFormPart(ctx: Context, base: RawRequest, body: Record<string, unknown>, partPtr: string, check: (req: RawRequest) => SchemaError[]) {
  const schema = resolve(ctx.doc, partPtr);
  for (const name of (schema?.required ?? []) as string[]) {
    if (!(name in body)) continue;
    const req = clone(base);
    delete (req.body as Record<string, unknown>)[name];
    ctx.out.push({ operation: ctx.operation, constraint: `form.${name} required`, expect: "invalid", rule: `${resolvePointer(ctx.doc, partPtr)}/required`, request: req });
  }
  for (const [name, sub] of Object.entries<any>(schema?.properties ?? {})) {
    if (body[name] === undefined) continue;
    const subPtr = sub.$ref ?? `${partPtr}/properties/${name}`;
    breakKeywords(ctx, `form.${name}`, subPtr, body[name], (v) => {
      const req = clone(base);
      (req.body as Record<string, unknown>)[name] = v;
      return req;
    }, (req) => {
      // Form values travel as strings: only string-typed candidates are meaningful.
      const value = (req.body as Record<string, unknown>)[name];
      return typeof value === "string" || typeof body[name] !== "string" ? check(req) : [];
    });
  }
}
