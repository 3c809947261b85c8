/**
 * The bad-input battery, generated from the documents: every operation's valid baseline
 * request (from its case catalogue) is broken along each hostile dimension
 * (scripts/lib/hostile-requests.ts), and every answer is checked against the document.
 */
import { createCredentialResolver } from "../../runtime/core/credentials.js";
import { serializeQuery } from "../../runtime/core/query-style.js";
import { MOCK_ERRORS } from "../../runtime/http/mock-errors.js";
import { escapeToken } from "../../runtime/core/pointer.js";
import { extractMeta } from "../../scripts/lib/client-meta.js";
import { loadCatalogue } from "../harness/clients.js";
import { bundledDocument, pointer } from "../harness/documents.js";
import { resolve, resolvePointer } from "../harness/responses.js";
import { errorsAt } from "../harness/validator.js";
import { baselineRequest } from "../negative/derive.js";
import { encodeBody } from "../negative/raw-request.js";
import { combinedCases as generateCombined, hostileCases as generateHostile, type Baseline, type HostileCase } from "../../scripts/lib/hostile-requests.js";
import type { WireAnswer } from "../../scripts/lib/socket-exchange.js";

export { random, serialize, type HostileCase, type Wire } from "../../scripts/lib/hostile-requests.js";

/** The valid request of each operation, as wire parts. */
export async function baselines(serviceId: string): Promise<Baseline[]> {
  const doc = bundledDocument(serviceId);
  const meta = extractMeta(serviceId, doc);
  const catalogue = await loadCatalogue(serviceId);
  const out: Baseline[] = [];
  for (const [operation, op] of Object.entries(meta.operations)) {
    const req = baselineRequest(catalogue, meta, operation);
    if (!req) continue;
    const path = req.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(req.params.path[n] ?? "x")));
    const query = serializeQuery(req.params.query, op.query);
    const headers = new Headers();
    for (const [k, v] of Object.entries(await createCredentialResolver(meta.securitySchemes, catalogue.client.credentials ?? {})(op.security))) headers.set(k, v);
    for (const [k, v] of Object.entries(req.params.header)) if (v !== undefined) headers.set(k, String(v));
    let body: Buffer | undefined;
    if (req.body !== undefined) {
      const ct = req.contentType ?? op.requestMediaTypes[0] ?? "application/json";
      headers.set("content-type", ct);
      body = Buffer.from(encodeBody(req.body, ct));
    }
    out.push({ operation, wire: { method: req.method, target: `${path}${query ? `?${query}` : ""}`, headers: [...headers], body }, requestMediaTypes: [...op.requestMediaTypes] });
  }
  return out;
}

/** Every hostile variant of every operation's baseline, or (with `next`) each kept mutation once, on an operation the seed picks. */
export async function hostileCases(serviceId: string, next?: () => number, keep?: (mutation: number) => boolean): Promise<HostileCase[]> {
  return generateHostile(serviceId, await baselines(serviceId), next, keep);
}

/** Two or three mutations stacked on one baseline: the long run's combinations. */
export async function combinedCases(serviceId: string, count: number, next: () => number): Promise<HostileCase[]> {
  return generateCombined(serviceId, await baselines(serviceId), count, next);
}

const errorSchemaCache = new Map<string, string[]>();
/** Schema pointers of every documented 4xx/5xx body of a document: the shapes a mock error may take. */
function errorSchemas(serviceId: string): string[] {
  if (!errorSchemaCache.has(serviceId)) {
    const doc = bundledDocument(serviceId);
    const out = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const status of Object.keys(op?.responses ?? {})) {
          if (!/^[45]/.test(status)) continue;
          const ptr = resolvePointer(doc, pointer("paths", path, method, "responses", status));
          for (const mt of Object.keys(resolve(doc, ptr).content ?? {})) out.add(`${ptr}/content/${escapeToken(mt)}/schema`);
        }
      }
    }
    errorSchemaCache.set(serviceId, [...out]);
  }
  return errorSchemaCache.get(serviceId)!;
}

/** The operation a method and target address, found independently of the mock's router. */
export function operationFor(serviceId: string, method: string, target: string): string | undefined {
  const doc = bundledDocument(serviceId);
  // Origin-form and absolute-form address a path (dot segments removed, RFC 3986 §5.2.4); "*" addresses none.
  if (!target.startsWith("/") && !/^https?:\/\//i.test(target)) return undefined;
  let path: string;
  try {
    path = new URL(target, "http://mock").pathname;
  } catch {
    return undefined;
  }
  const matches = Object.keys(doc.paths).filter((t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path));
  const hit = matches.sort((a, b) => a.split("{").length - b.split("{").length).find((t) => doc.paths[t][method.toLowerCase()] && method === method.toUpperCase());
  return hit ? `${method} ${hit}` : undefined;
}

/**
 * Why an answer is not acceptable, or undefined when it is documented (or a documented mock error in the document's shape).
 * `sentMethod`: the method as it went out when a client rewrote it (fetch upper-cases `get`, RFC 9110 §9.1 keeps methods
 * case-sensitive on the wire); without it, the method of the case's bytes.
 */
export function judge(serviceId: string, c: HostileCase, answer: WireAnswer, sentMethod?: string): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status} (the battery never asks for a 5xx)`;
  if (answer.headers.has("x-injected")) return "a header injected through CR/LF came back";
  const doc = bundledDocument(serviceId);
  const head = c.bytes.subarray(0, c.bytes.indexOf("\r\n")).toString("latin1").split(" ");
  if (sentMethod !== undefined) head[0] = sentMethod;
  const operation = c.sameOperation ? c.operation : operationFor(serviceId, head[0] ?? "", head[1] ?? "");
  const kind = answer.headers.get("x-mock-error");
  const contentType = answer.headers.get("content-type")?.split(";")[0];
  const isHead = head[0] === "HEAD";
  const body = (() => {
    if (answer.body.length === 0) return undefined;
    try {
      return JSON.parse(answer.body.toString("utf8"));
    } catch {
      return answer.body.toString("utf8");
    }
  })();
  if (kind !== undefined) {
    const known = MOCK_ERRORS[kind as keyof typeof MOCK_ERRORS];
    if (!known) return `undocumented mock error kind ${kind}`;
    if (!(known.statuses as readonly number[]).includes(answer.status)) return `mock error ${kind} with status ${answer.status}`;
    if (kind === "internal") return "internal mock failure";
    if (isHead && body === undefined) return undefined;
    if (body === undefined) return `mock error ${kind} without a body`;
    const shapes = errorSchemas(serviceId);
    const fits = shapes.some((ptr) => errorsAt(serviceId, ptr, body).length === 0);
    const problem = contentType === "application/problem+json" && typeof body?.detail === "string";
    return fits || problem ? undefined : `mock error ${kind} body is not in the document's error shape: ${answer.body.toString("utf8").slice(0, 200)}`;
  }
  if (!operation) return `answered ${answer.status} without X-Mock-Error to a request that addresses no operation`;
  const [method, path] = operation.split(" ") as [string, string];
  const response = resolve(doc, pointer("paths", path, method.toLowerCase(), "responses", String(answer.status)));
  if (!response) return `status ${answer.status} is not documented for ${operation} and has no X-Mock-Error`;
  const content = response.content ?? {};
  if (Object.keys(content).length === 0 || isHead) return body === undefined ? undefined : `${operation} ${answer.status} documents no body, got one`;
  if (!contentType || !content[contentType]) return `${operation} ${answer.status} answered as ${contentType}, documented: ${Object.keys(content).join(", ")}`;
  const ptr = `${resolvePointer(doc, pointer("paths", path, method.toLowerCase(), "responses", String(answer.status)))}/content/${escapeToken(contentType)}/schema`;
  const errors = errorsAt(serviceId, ptr, body);
  return errors.length === 0 ? undefined : `${operation} ${answer.status} body breaks its schema: ${JSON.stringify(errors).slice(0, 300)}`;
}
