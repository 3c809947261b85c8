/**
 * Changes between two bundled versions of a document, from a consumer's side, in the rule
 * categories of oasdiff: endpoints, parameters, request bodies, responses, response headers,
 * security, enums, `const`, request `default`s, `oneOf`/`anyOf` branches, `allOf` members (merged before
 * comparing) and `additionalProperties`.
 * Each change has a rule id and a level: `error` breaks a consumer (the gate fails),
 * `warning` may break one (reported apart, the gate passes), `info` is an addition (for the
 * changelog). Request schemas break when they accept less; response schemas break when they
 * promise less or may send something a consumer cannot read.
 */
import type { OpenApiDocument } from "./bundle.js";
import { deref } from "../../runtime/core/pointer.js";
import { listOperations, parametersOf, type DocumentOperation } from "../../runtime/core/router.js";

export type Level = "error" | "warning" | "info";

export interface Change {
  /** Rule id (oasdiff-style). */
  rule: string;
  level: Level;
  /** "METHOD /path" and the part of it, or a document-level place. */
  where: string;
  change: string;
}

type Side = "request" | "response";

interface Context {
  base: OpenApiDocument;
  head: OpenApiDocument;
  out: Change[];
  seen: Set<string>;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

function types(schema: any): Set<string> {
  if (schema.type === undefined) return new Set(["*"]);
  return new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
}

/** A schema that refuses properties it does not list. */
const closed = (schema: any) => schema.additionalProperties === false || schema.unevaluatedProperties === false;

/** Branches of a oneOf/anyOf/allOf, keyed so that reordering or inserting one does not pair the wrong ones. */
function branches(list: unknown): Map<string, any> {
  const out = new Map<string, any>();
  if (!Array.isArray(list)) return out;
  list.forEach((branch: any, i) => out.set(branch?.title ?? branch?.$ref ?? `#${i}`, branch));
  return out;
}

/** Keywords an allOf member may contribute when the schema itself does not set them. */
const MERGED = ["type", "enum", "const", "additionalProperties", "unevaluatedProperties", "items", "prefixItems", "oneOf", "anyOf", "pattern", "format",
  "maxLength", "minLength", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "maxItems", "minItems", "maxProperties", "minProperties"];

/**
 * The schema with its allOf members merged in (properties, required, and the keywords above):
 * `allOf: [Base, {extra}]` and the same fields written out are one interface, so a refactoring
 * between them is no change, while what a new member adds (a required field, a closed object)
 * is compared like any other edit.
 */
function flatten(doc: OpenApiDocument, schema: unknown, depth = 0): any {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object" || !Array.isArray(s.allOf) || depth > 20) return s;
  const { allOf, ...rest } = s;
  const properties: Record<string, unknown> = { ...(rest.properties ?? {}) };
  const required: string[] = [...(rest.required ?? [])];
  const merged: any = { ...rest };
  for (const member of allOf as unknown[]) {
    const m = flatten(doc, member, depth + 1);
    if (!m || typeof m !== "object") continue;
    // A property constrained by two members must satisfy both.
    for (const [k, v] of Object.entries(m.properties ?? {})) properties[k] = k in properties ? { allOf: [properties[k], v] } : v;
    for (const r of m.required ?? []) if (!required.includes(r)) required.push(r);
    for (const kw of MERGED) {
      if (m[kw] === undefined) continue;
      if (merged[kw] === undefined) merged[kw] = m[kw];
      // Two bounds: the tighter one holds.
      else if (kw.startsWith("max") || kw === "exclusiveMaximum") merged[kw] = Math.min(merged[kw], m[kw]);
      else if (kw.startsWith("min") || kw === "exclusiveMinimum") merged[kw] = Math.max(merged[kw], m[kw]);
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.length > 0) merged.required = required;
  return merged;
}

/**
 * A changed `default` of a request value: what the server assumes when a client leaves it out.
 * Levels as oasdiff's published checks list gives them (its rule registry, checker/rules.go):
 * request-parameter-default-value-added/-removed/-changed are errors (a client that omits the
 * parameter now gets other behaviour), request-property-default-value-* are info. Like oasdiff,
 * required parameters are skipped: their default never applies.
 */
function compareDefault(out: Change[], kind: "parameter" | "property", a: any, b: any, where: string): void {
  const had = a && typeof a === "object" && "default" in a;
  const has = b && typeof b === "object" && "default" in b;
  if (!had && !has) return;
  if (had && has && same(a.default, b.default)) return;
  const level: Level = kind === "parameter" ? "error" : "info";
  const rule = `request-${kind}-default-value-${!had ? "added" : !has ? "removed" : "changed"}`;
  const change = !had ? `default added: ${JSON.stringify(b.default)}` : !has ? `default removed: ${JSON.stringify(a.default)}` : `default changed: ${JSON.stringify(a.default)} → ${JSON.stringify(b.default)}`;
  out.push({ rule, level, where, change });
}

/** Keywords whose new or changed value makes a request schema accept less. */
const TIGHTER: [string, (before: number, after: number) => boolean][] = [
  ["maxLength", (x, y) => y < x],
  ["minLength", (x, y) => y > x],
  ["maximum", (x, y) => y < x],
  ["minimum", (x, y) => y > x],
  ["exclusiveMaximum", (x, y) => y < x],
  ["exclusiveMinimum", (x, y) => y > x],
  ["maxItems", (x, y) => y < x],
  ["minItems", (x, y) => y > x],
  ["maxProperties", (x, y) => y < x],
  ["minProperties", (x, y) => y > x],
];

function compareSchemas(ctx: Context, a: any, b: any, side: Side, where: string): void {
  const { out } = ctx;
  if (a === undefined || b === undefined) return;
  if (typeof a === "boolean" || typeof b === "boolean") {
    // `true` accepts anything, `false` nothing.
    if (side === "request" && a !== false && b === false) out.push({ rule: "request-schema-refuses-all", level: "error", where, change: "request value no longer accepted (schema false)" });
    return;
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return;
  // A pair of named schemas is compared once per side; this also ends recursive schemas.
  if (a.$ref && b.$ref) {
    const key = `${side}|${a.$ref}|${b.$ref}`;
    if (ctx.seen.has(key)) return;
    ctx.seen.add(key);
  }
  const sa = flatten(ctx.base, a);
  const sb = flatten(ctx.head, b);
  if (!sa || !sb || typeof sa !== "object" || typeof sb !== "object") return;

  const ta = types(sa);
  const tb = types(sb);
  if (side === "request" && !tb.has("*")) {
    const lost = [...ta].filter((t) => !tb.has(t) && !(t === "integer" && tb.has("number")));
    if (lost.length > 0) out.push({ rule: "request-type-narrowed", level: "error", where, change: `request type narrowed: ${[...ta]} → ${[...tb]}` });
  }
  if (side === "response" && !ta.has("*")) {
    const gained = [...tb].filter((t) => !ta.has(t) && !(t === "integer" && ta.has("number")));
    if (gained.length > 0) out.push({ rule: "response-type-changed", level: "error", where, change: `response type changed: ${[...ta]} → ${[...tb]}` });
  }

  const enumA: unknown[] | undefined = sa.enum;
  const enumB: unknown[] | undefined = sb.enum;
  if (side === "request") {
    if (enumA && enumB) {
      for (const v of enumA) if (!enumB.some((w) => same(w, v))) out.push({ rule: "request-enum-value-removed", level: "error", where, change: `enum value ${JSON.stringify(v)} removed` });
    }
    if (!enumA && enumB) out.push({ rule: "request-enum-added", level: "error", where, change: "request value restricted to an enum" });
  } else if (enumA && enumB) {
    for (const v of enumB) {
      if (!enumA.some((w) => same(w, v))) out.push({ rule: "response-enum-value-added", level: "warning", where, change: `response enum value ${JSON.stringify(v)} added` });
    }
  }

  if ("const" in sa || "const" in sb) {
    if (side === "request" && "const" in sb && !same(sa.const, sb.const)) {
      out.push({ rule: "request-const-changed", level: "error", where, change: `request const ${"const" in sa ? JSON.stringify(sa.const) : "none"} → ${JSON.stringify(sb.const)}` });
    }
    if (side === "response" && "const" in sa && !same(sa.const, sb.const)) {
      out.push({ rule: "response-const-changed", level: "error", where, change: `response const ${JSON.stringify(sa.const)} → ${"const" in sb ? JSON.stringify(sb.const) : "none"}` });
    }
  }

  const requiredA: string[] = Array.isArray(sa.required) ? sa.required : [];
  const requiredB: string[] = Array.isArray(sb.required) ? sb.required : [];
  const propsA = sa.properties ?? {};
  const propsB = sb.properties ?? {};
  if (side === "request") {
    for (const [kw, narrower] of TIGHTER) {
      if (sb[kw] !== undefined && (sa[kw] === undefined || narrower(sa[kw], sb[kw]))) {
        out.push({ rule: `request-${kw}-tightened`, level: "error", where, change: `${kw} tightened: ${sa[kw] ?? "none"} → ${sb[kw]}` });
      }
    }
    if (sb.pattern !== undefined && sb.pattern !== sa.pattern) out.push({ rule: "request-pattern-changed", level: "error", where, change: `pattern changed: ${sa.pattern ?? "none"} → ${sb.pattern}` });
    if (sb.format !== undefined && sb.format !== sa.format) out.push({ rule: "request-format-changed", level: "error", where, change: `format changed: ${sa.format ?? "none"} → ${sb.format}` });
    for (const r of requiredB) {
      if (!requiredA.includes(r)) out.push({ rule: "request-property-became-required", level: "error", where: `${where}.${r}`, change: "request field newly required" });
    }
    if (!closed(sa) && closed(sb)) {
      out.push({ rule: "request-additional-properties-closed", level: "error", where, change: "request object closed: properties it does not list are now refused" });
    }
  } else {
    for (const r of requiredA) {
      if (!requiredB.includes(r) && r in propsB) out.push({ rule: "response-property-became-optional", level: "error", where: `${where}.${r}`, change: "response field no longer required" });
    }
  }

  for (const name of Object.keys(propsA)) {
    if (!(name in propsB)) {
      if (side === "response") out.push({ rule: "response-property-removed", level: "error", where: `${where}.${name}`, change: "response field removed" });
      else if (closed(sb)) out.push({ rule: "request-property-removed", level: "error", where: `${where}.${name}`, change: "request field no longer accepted" });
      else out.push({ rule: "request-property-removed", level: "warning", where: `${where}.${name}`, change: "request field no longer described (still accepted as an additional property)" });
      continue;
    }
    if (side === "request") compareDefault(out, "property", flatten(ctx.base, propsA[name]), flatten(ctx.head, propsB[name]), `${where}.${name}`);
    compareSchemas(ctx, propsA[name], propsB[name], side, `${where}.${name}`);
  }
  if (side === "response") {
    for (const name of Object.keys(propsB)) if (!(name in propsA)) out.push({ rule: "response-property-added", level: "info", where: `${where}.${name}`, change: "response field added" });
  }
  if (typeof sa.additionalProperties === "object" && typeof sb.additionalProperties === "object") {
    compareSchemas(ctx, sa.additionalProperties, sb.additionalProperties, side, `${where}{}`);
  }
  if (sa.items !== undefined && sb.items !== undefined) compareSchemas(ctx, sa.items, sb.items, side, `${where}[]`);
  if (Array.isArray(sa.prefixItems) && Array.isArray(sb.prefixItems)) {
    sa.prefixItems.forEach((item: unknown, i: number) => compareSchemas(ctx, item, sb.prefixItems[i], side, `${where}[${i}]`));
  }
  compareBranches(ctx, sa, sb, side, where);
}

function compareBranches(ctx: Context, sa: any, sb: any, side: Side, where: string): void {
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const a = branches(sa[keyword]);
    const b = branches(sb[keyword]);
    if (side === "request" && a.size === 0 && b.size > 0) {
      ctx.out.push({ rule: `request-${keyword}-added`, level: "error", where, change: `request must now match ${keyword} (${b.size} branches)` });
    }
    if (a.size === 0 || b.size === 0) continue;
    for (const [key, branch] of a) {
      const other = b.get(key);
      if (other === undefined) {
        // A request branch removed refuses what it accepted; a response branch removed promises less to no one.
        if (side === "request") ctx.out.push({ rule: `request-${keyword}-branch-removed`, level: "error", where: `${where}.${keyword}[${key}]`, change: `request ${keyword} branch removed` });
        continue;
      }
      compareSchemas(ctx, branch, other, side, `${where}.${keyword}[${key}]`);
    }
    if (side === "response") {
      for (const key of b.keys()) {
        if (!a.has(key)) ctx.out.push({ rule: `response-${keyword}-branch-added`, level: "warning", where: `${where}.${keyword}[${key}]`, change: `response ${keyword} branch added: a consumer may receive a shape it does not handle` });
      }
    }
  }
}

/** The alternatives an operation accepts: each a set of scheme names; an empty set is anonymous access. */
function securityAlternatives(doc: OpenApiDocument, op: DocumentOperation): string[][] {
  const requirements: Record<string, unknown>[] = op.operation.security ?? doc.security ?? [];
  if (requirements.length === 0) return [[]];
  return requirements.map((r) => Object.keys(r));
}

function compareSecurity(ctx: Context, a: DocumentOperation, b: DocumentOperation, id: string): void {
  const before = securityAlternatives(ctx.base, a);
  const after = securityAlternatives(ctx.head, b);
  const open = before.some((alt) => alt.length === 0);
  for (const alternative of before) {
    // Still accepted if some alternative of the head needs no more than this one gave.
    if (after.some((alt) => alt.every((s) => alternative.includes(s)))) continue;
    if (open && alternative.length === 0) {
      ctx.out.push({ rule: "api-security-added", level: "error", where: id, change: `security added to an open operation: ${after.map((alt) => alt.join("+")).join(" or ")}` });
    } else {
      ctx.out.push({ rule: "api-security-changed", level: "error", where: id, change: `credentials ${alternative.join("+")} no longer accepted` });
    }
  }
}

/** What a client sends for a scheme; descriptions and extensions change nothing on the wire. */
const schemeWire = (s: any) => ({ type: s?.type, scheme: s?.scheme?.toLowerCase(), in: s?.in, name: s?.name, openIdConnectUrl: s?.openIdConnectUrl });

function compareSecuritySchemes(ctx: Context): void {
  for (const [name, raw] of Object.entries<any>(ctx.base.components?.securitySchemes ?? {})) {
    const rawB = ctx.head.components?.securitySchemes?.[name];
    if (rawB === undefined) continue; // operations that used it report the lost alternative
    const [a, b] = [schemeWire(deref(ctx.base, raw)), schemeWire(deref(ctx.head, rawB))];
    if (!same(a, b)) ctx.out.push({ rule: "security-scheme-changed", level: "error", where: `components.securitySchemes.${name}`, change: `security scheme changed: ${JSON.stringify(a)} → ${JSON.stringify(b)}` });
  }
}

function compareHeaders(ctx: Context, ra: any, rb: any, where: string): void {
  const headersB = new Map(Object.entries<any>(rb.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  for (const [name, raw] of Object.entries<any>(ra.headers ?? {})) {
    const ha = deref(ctx.base, raw);
    const rawB = headersB.get(name.toLowerCase());
    if (rawB === undefined) {
      if (ha.required) ctx.out.push({ rule: "response-required-header-removed", level: "error", where: `${where} header ${name}`, change: "required response header removed" });
      else ctx.out.push({ rule: "response-header-removed", level: "warning", where: `${where} header ${name}`, change: "optional response header removed" });
      continue;
    }
    const hb = deref(ctx.head, rawB);
    if (ha.required && !hb.required) ctx.out.push({ rule: "response-header-became-optional", level: "error", where: `${where} header ${name}`, change: "response header no longer required" });
    compareSchemas(ctx, ha.schema, hb.schema, "response", `${where} header ${name}`);
  }
}

function compareOperation(ctx: Context, a: DocumentOperation, b: DocumentOperation, id: string): void {
  const { base, head, out } = ctx;
  if (a.operation.operationId !== b.operation.operationId) {
    out.push({ rule: "api-operation-id-changed", level: "warning", where: id, change: `operationId ${a.operation.operationId} → ${b.operation.operationId} (generated type names change)` });
  }
  compareSecurity(ctx, a, b, id);

  // Two versions of the document as written, compared parameter object by parameter object.
  const paramsA = parametersOf(base, a).map((p) => p.parameter);
  const paramsB = parametersOf(head, b).map((p) => p.parameter);
  for (const p of paramsA) {
    const q = paramsB.find((x) => x.name === p.name && x.in === p.in);
    const where = `${id} ${p.in}.${p.name}`;
    if (!q) {
      out.push({ rule: "request-parameter-removed", level: "error", where, change: "parameter removed" });
      continue;
    }
    if (q.required && !p.required) out.push({ rule: "request-parameter-became-required", level: "error", where, change: "parameter newly required" });
    if (!p.required && !q.required) compareDefault(out, "parameter", flatten(base, p.schema), flatten(head, q.schema), where);
    compareSchemas(ctx, p.schema, q.schema, "request", where);
  }
  for (const q of paramsB) {
    if (paramsA.some((p) => p.name === q.name && p.in === q.in)) continue;
    const where = `${id} ${q.in}.${q.name}`;
    if (q.required) out.push({ rule: "new-required-request-parameter", level: "error", where, change: "new required parameter" });
    else out.push({ rule: "new-optional-request-parameter", level: "info", where, change: "new optional parameter" });
  }

  const bodyA = a.operation.requestBody && deref(base, a.operation.requestBody);
  const bodyB = b.operation.requestBody && deref(head, b.operation.requestBody);
  if (bodyB?.required && !bodyA?.required) out.push({ rule: "request-body-became-required", level: "error", where: `${id} body`, change: "request body newly required" });
  if (bodyA && !bodyB) out.push({ rule: "request-body-removed", level: "warning", where: `${id} body`, change: "request body no longer described" });
  for (const [mt, media] of Object.entries<any>(bodyA?.content ?? {})) {
    const other = bodyB?.content?.[mt];
    if (bodyB && !other) out.push({ rule: "request-body-media-type-removed", level: "error", where: `${id} body ${mt}`, change: "request media type removed" });
    else if (other) compareSchemas(ctx, media.schema, other.schema, "request", `${id} body`);
  }

  for (const [status, raw] of Object.entries<any>(a.operation.responses ?? {})) {
    const rawB = b.operation.responses?.[status];
    if (!rawB) {
      out.push({ rule: "response-status-removed", level: "error", where: `${id} ${status}`, change: "response removed" });
      continue;
    }
    const ra = deref(base, raw);
    const rb = deref(head, rawB);
    compareHeaders(ctx, ra, rb, `${id} ${status}`);
    for (const [mt, media] of Object.entries<any>(ra.content ?? {})) {
      const other = rb.content?.[mt];
      if (!other) out.push({ rule: "response-media-type-removed", level: "error", where: `${id} ${status} ${mt}`, change: "response media type removed" });
      else compareSchemas(ctx, media.schema, other.schema, "response", `${id} ${status}`);
    }
  }
}

export interface DiffOptions {
  /** Maps a head path to the base path it replaces (e.g. /oauth/v4/... → /oauth/v3/...). */
  mapPath?: (path: string) => string;
}

/** Every change between two versions of one document: errors, warnings and additions. */
export function diffDocuments(base: OpenApiDocument, head: OpenApiDocument, options: DiffOptions = {}): Change[] {
  const ctx: Context = { base, head, out: [], seen: new Set() };
  const mapPath = options.mapPath ?? ((p: string) => p);
  const key = (op: DocumentOperation, path = op.path) => `${op.method.toUpperCase()} ${path}`;
  const headOps = new Map(listOperations(head).map((op) => [key(op, mapPath(op.path)), op]));
  const baseOps = new Map(listOperations(base).map((op) => [key(op), op]));

  const regions = (doc: OpenApiDocument) => new Set<string>((doc.servers ?? []).flatMap((s: any) => s.variables?.region?.enum ?? []));
  const headRegions = regions(head);
  const baseRegions = regions(base);
  for (const r of baseRegions) if (!headRegions.has(r)) ctx.out.push({ rule: "server-region-removed", level: "error", where: "servers.region", change: `region ${r} removed` });
  for (const r of headRegions) if (!baseRegions.has(r)) ctx.out.push({ rule: "server-region-added", level: "info", where: "servers.region", change: `region ${r} added` });

  compareSecuritySchemes(ctx);
  for (const [id, a] of baseOps) {
    const b = headOps.get(id);
    if (!b) ctx.out.push({ rule: "api-removed", level: "error", where: id, change: "operation removed" });
    else compareOperation(ctx, a, b, id);
  }
  for (const [id, b] of headOps) {
    if (!baseOps.has(id)) ctx.out.push({ rule: "api-added", level: "info", where: `${b.method.toUpperCase()} ${b.path}`, change: "operation added" });
  }
  return ctx.out;
}

/** The changes that can break a consumer (errors and warnings), without additions. */
export function diffBreaking(base: OpenApiDocument, head: OpenApiDocument, options: DiffOptions = {}): Change[] {
  return diffDocuments(base, head, options).filter((c) => c.level !== "info");
}
