/**
 * Breaking changes between two bundled versions of a document, from a consumer's side:
 * removed operations, parameters, responses, response fields, regions and enum values; newly
 * required request fields or parameters; narrowed request types and ranges.
 */
import type { OpenApiDocument } from "./bundle.js";
import { deref, listOperations, operationParameters } from "./client-meta.js";

export interface BreakingChange {
  where: string;
  change: string;
}

type Side = "request" | "response";

const types = (schema: any): Set<string> => {
  if (schema.type === undefined) return new Set(["*"]);
  return new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
};

function compareSchemas(
  base: OpenApiDocument,
  head: OpenApiDocument,
  a: any,
  b: any,
  side: Side,
  where: string,
  out: BreakingChange[],
  seen = new Set<string>(),
): void {
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return;
  const key = `${a.$ref ?? ""}|${b.$ref ?? ""}|${where}`;
  if (seen.has(key) || seen.size > 5000) return;
  seen.add(key);
  const sa = deref(base, a);
  const sb = deref(head, b);
  if (!sa || !sb) return;

  const ta = types(sa);
  const tb = types(sb);
  if (!tb.has("*")) {
    const lost = [...ta].filter((t) => !tb.has(t) && !(t === "integer" && tb.has("number")));
    if (side === "request" && lost.length > 0) out.push({ where, change: `request type narrowed: ${[...ta]} → ${[...tb]}` });
    if (side === "response" && [...tb].some((t) => !ta.has(t) && !ta.has("*"))) {
      out.push({ where, change: `response type changed: ${[...ta]} → ${[...tb]}` });
    }
  }
  if (sa.enum && sb.enum && side === "request") {
    for (const v of sa.enum) if (!sb.enum.some((w: unknown) => JSON.stringify(w) === JSON.stringify(v))) out.push({ where, change: `enum value ${JSON.stringify(v)} removed` });
  }
  if (!sa.enum && sb.enum && side === "request") out.push({ where, change: "request value restricted to an enum" });
  if (side === "request") {
    const tighter: [string, (x: number, y: number) => boolean][] = [
      ["maxLength", (x, y) => y < x], ["minLength", (x, y) => y > x], ["maximum", (x, y) => y < x], ["minimum", (x, y) => y > x],
      ["maxItems", (x, y) => y < x], ["minItems", (x, y) => y > x],
    ];
    for (const [kw, narrower] of tighter) {
      if (sb[kw] !== undefined && (sa[kw] === undefined || narrower(sa[kw], sb[kw]))) out.push({ where, change: `${kw} tightened: ${sa[kw] ?? "none"} → ${sb[kw]}` });
    }
    if (sb.pattern !== undefined && sb.pattern !== sa.pattern) out.push({ where, change: `pattern changed: ${sa.pattern ?? "none"} → ${sb.pattern}` });
    const newlyRequired = ((sb.required ?? []) as string[]).filter((r) => !((sa.required ?? []) as string[]).includes(r));
    for (const r of newlyRequired) out.push({ where: `${where}.${r}`, change: "request field newly required" });
  }
  const propsA = sa.properties ?? {};
  const propsB = sb.properties ?? {};
  for (const name of Object.keys(propsA)) {
    if (!(name in propsB)) {
      if (side === "response") out.push({ where: `${where}.${name}`, change: "response field removed" });
      else if (sb.additionalProperties === false) out.push({ where: `${where}.${name}`, change: "request field no longer accepted" });
      continue;
    }
    compareSchemas(base, head, propsA[name], propsB[name], side, `${where}.${name}`, out, seen);
  }
  if (sa.items && sb.items) compareSchemas(base, head, sa.items, sb.items, side, `${where}[]`, out, seen);
}

export interface DiffOptions {
  /** Maps a head path to the base path it replaces (e.g. /oauth/v4/... → /oauth/v3/...). */
  mapPath?: (path: string) => string;
}

export function diffBreaking(base: OpenApiDocument, head: OpenApiDocument, options: DiffOptions = {}): BreakingChange[] {
  const out: BreakingChange[] = [];
  const mapPath = options.mapPath ?? ((p: string) => p);
  const headOps = new Map(listOperations(head).map((op) => [`${op.method.toUpperCase()} ${mapPath(op.path)}`, op]));

  const regions = (doc: OpenApiDocument) => new Set((doc.servers ?? []).flatMap((s: any) => s.variables?.region?.enum ?? []));
  const headRegions = regions(head);
  for (const r of regions(base)) if (!headRegions.has(r)) out.push({ where: "servers.region", change: `region ${r} removed` });

  for (const a of listOperations(base)) {
    const id = `${a.method.toUpperCase()} ${a.path}`;
    const b = headOps.get(id);
    if (!b) {
      out.push({ where: id, change: "operation removed" });
      continue;
    }
    const paramsA = operationParameters(base, a);
    const paramsB = operationParameters(head, b);
    for (const p of paramsA) {
      const q = paramsB.find((x) => x.name === p.name && x.in === p.in);
      if (!q) out.push({ where: `${id} ${p.in}.${p.name}`, change: "parameter removed" });
      else {
        if (q.required && !p.required) out.push({ where: `${id} ${p.in}.${p.name}`, change: "parameter newly required" });
        compareSchemas(base, head, p.schema, q.schema, "request", `${id} ${p.in}.${p.name}`, out);
      }
    }
    for (const q of paramsB) {
      if (q.required && !paramsA.some((p) => p.name === q.name && p.in === q.in)) out.push({ where: `${id} ${q.in}.${q.name}`, change: "new required parameter" });
    }
    const bodyA = a.operation.requestBody && deref(base, a.operation.requestBody);
    const bodyB = b.operation.requestBody && deref(head, b.operation.requestBody);
    if (bodyB?.required && !bodyA?.required) out.push({ where: `${id} body`, change: "request body newly required" });
    for (const [mt, media] of Object.entries<any>(bodyA?.content ?? {})) {
      const other = bodyB?.content?.[mt];
      if (!other) out.push({ where: `${id} body ${mt}`, change: "request media type removed" });
      else compareSchemas(base, head, media.schema, other.schema, "request", `${id} body`, out);
    }
    for (const [status, raw] of Object.entries<any>(a.operation.responses ?? {})) {
      const rb = b.operation.responses?.[status];
      if (!rb) {
        out.push({ where: `${id} ${status}`, change: "response removed" });
        continue;
      }
      const ra = deref(base, raw);
      const rbd = deref(head, rb);
      for (const [mt, media] of Object.entries<any>(ra.content ?? {})) {
        const other = rbd.content?.[mt];
        if (!other) out.push({ where: `${id} ${status} ${mt}`, change: "response media type removed" });
        else compareSchemas(base, head, media.schema, other.schema, "response", `${id} ${status}`, out);
      }
    }
  }
  return out;
}
