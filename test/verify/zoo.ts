/**
 * A zoo of planted server defects, written from the kinds of defect real servers have (issue 45:
 * EvoMaster's fault categories, the misses measured on b283b7f), not from what verify checks.
 * Each is a wrapper in front of one of the package's own emulators that breaks one behaviour,
 * found from the document's operation table (`x-resource`, `x-pagination`, security schemes), so
 * the zoo names no service: every service whose document has the operations a defect needs gets it.
 */
import { documentOperations, securitySchemes } from "../../runtime/verify/operations.js";
import type { TableOperation } from "../../runtime/openapi/operation-table.js";
import { documentedRequests } from "../../runtime/verify/operations.js";
import { idOf } from "../../runtime/verify/flows.js";
import { valueAt } from "../../runtime/verify/pointer.js";
import { basicAuthorization } from "../../runtime/core/index.js";
import { loadBundledDocument } from "../../runtime/emulator/documents.js";
import type { ServiceId } from "cloud-interfaces/mock";

export type Handler = (request: Request) => Promise<Response>;

/** The kinds of server defect issue 45 names; "stateless server" rows come from the Prism mock (zoo.e2e.test.ts). */
export const CATEGORIES = ["not enforced rule", "lost write / read-back", "answer vs request", "prose rule", "credentials", "own-object 404", "stateless server"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Defect {
  name: string;
  /** The categories (issue 45 "Why"): what kind of defect, not which check finds it. */
  category: Category;
  /** Whether the document has what the defect needs. */
  applies(ops: TableOperation[], doc: any): boolean;
  /**
   * The server with the defect in front of `next` (the emulator). `shadow` is a second, fresh
   * emulator of the same document: a defect that loses a write sends it there instead, so the
   * request is still judged as the real server would (an invalid one refused as before): each
   * defect breaks one behaviour and no other.
   */
  wrap(ops: TableOperation[], doc: any, next: Handler, shadow: Handler): Handler;
}

const action = (op: TableOperation) => (op.resource as { action?: string } | undefined)?.action;
const resourceOf = (op: TableOperation) => (op.resource ?? {}) as Record<string, any>;
const ok = (status: number) => status >= 200 && status < 300;

/** The operation a request is for, with its path parameters. */
export function route(ops: TableOperation[], request: Request): { op: TableOperation; params: Record<string, string> } | undefined {
  const url = new URL(request.url);
  for (const op of ops) {
    if (op.method !== request.method) continue;
    const names: string[] = [];
    const re = new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{([^}]+)\\?\}/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = re.exec(url.pathname);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return undefined;
}

const clone = (request: Request, init: { url?: string; body?: string | null; headers?: Headers } = {}) =>
  new Request(init.url ?? request.url, { method: request.method, headers: init.headers ?? request.headers, ...(request.method === "GET" || request.method === "HEAD" ? {} : { body: init.body === undefined ? null : init.body }) });

async function bodyText(request: Request): Promise<string | null> {
  return request.method === "GET" || request.method === "HEAD" ? null : await request.clone().text();
}

function mergeDeep(base: any, over: any): any {
  if (Array.isArray(base) && Array.isArray(over)) return over.map((v, i) => (i < base.length ? mergeDeep(base[i], v) : v));
  if (base && over && typeof base === "object" && typeof over === "object" && !Array.isArray(base) && !Array.isArray(over)) {
    const out: any = { ...base };
    for (const [k, v] of Object.entries(over)) out[k] = k in base ? mergeDeep(base[k], v) : v;
    return out;
  }
  return over;
}

const creates = (ops: TableOperation[]) => ops.filter((o) => action(o) === "create" && (o.request?.mediaTypes ?? []).some((m) => /json/.test(m)));
const secured = (ops: TableOperation[]) => ops.filter((o) => o.security.length > 0 && o.security.every((s) => s.length > 0));
const lists = (ops: TableOperation[]) => ops.filter((o) => action(o) === "list" && o.pagination);

/** The credential the scheme's example gives, as a request carries it. */
function exampleCredential(doc: any, name: string): [string, string] | undefined {
  const scheme = (securitySchemes(doc) as Record<string, any>)[name];
  const value = scheme?.["x-example"];
  if (typeof value !== "string") return undefined;
  if (scheme.type === "apiKey") return scheme.in === "header" ? [scheme.name, value] : undefined;
  if (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "basic") {
    const i = value.indexOf(":");
    return ["authorization", basicAuthorization({ username: value.slice(0, i), password: value.slice(i + 1) })];
  }
  return ["authorization", `Bearer ${value}`];
}

/** A request answered 401 sent again with the document's example credential: the server accepts what it should refuse. */
function acceptingCredentials(onlyIfCarried: boolean): Defect["wrap"] {
  return (ops, doc, next) => async (r) => {
    const hit = route(ops, r);
    const body = await bodyText(r);
    const answer = await next(clone(r, { body }));
    if (answer.status !== 401 || !hit) return answer;
    const headers = new Headers(r.headers);
    const schemes = hit.op.security.find((s) => s.length > 0) ?? [];
    const names = schemes.map((n) => (securitySchemes(doc) as Record<string, any>)[n]).map((s) => (s?.type === "apiKey" ? String(s.name).toLowerCase() : "authorization"));
    const carried = names.some((n) => headers.has(n));
    if (carried !== onlyIfCarried) return answer;
    for (const n of schemes) {
      const credential = exampleCredential(doc, n);
      if (credential) headers.set(credential[0], credential[1]);
    }
    return next(clone(r, { body, headers }));
  };
}

/** Changes one character of the record's first plain string field the service neither sets nor keeps unique. */
function otherValue(op: TableOperation, record: any): boolean {
  if (!record || typeof record !== "object") return false;
  const r = resourceOf(op);
  const own = new Set(["id", ...Object.keys(r.set ?? {}), ...(r.unique ?? [])]);
  for (const [k, v] of Object.entries(record)) {
    if (own.has(k) || typeof v !== "string" || v.length === 0 || /^\d{4}-\d\d-\d\dT/.test(v)) continue;
    const last = v.at(-1)!;
    const swap = /[a-y]/i.test(last) ? String.fromCharCode(last.charCodeAt(0) + 1) : /[zZ]/.test(last) ? "a" : /[0-8]/.test(last) ? String(Number(last) + 1) : last === "9" ? "0" : "x";
    record[k] = v.slice(0, -1) + swap;
    return true;
  }
  return false;
}

/** The path of `op` with the given parameters filled in. */
const pathOf = (op: TableOperation, params: Record<string, string>) => op.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? ""));

const stripParam = (ops: TableOperation[], which: (op: TableOperation) => { query: string[]; header: string[] }): Defect["wrap"] =>
  (_ops, _doc, next, _shadow) => async (r) => {
    const hit = route(ops, r);
    if (!hit || !lists(ops).includes(hit.op)) return next(r);
    // A request the server refuses is refused as before: only an accepted one is answered wrongly.
    const honest = await next(r.clone());
    if (!ok(honest.status)) return honest;
    const { query, header } = which(hit.op);
    const url = new URL(r.url);
    for (const q of query) url.searchParams.delete(q);
    const headers = new Headers(r.headers);
    for (const h of header) headers.delete(h);
    return next(new Request(url, { method: r.method, headers }));
  };

function filterParams(op: TableOperation): { query: string[]; header: string[] } {
  const r = resourceOf(op);
  const names = [...Object.keys(r.match ?? {}), ...(r.search ? [r.search.param] : [])].map((n) => n.toLowerCase());
  const params = op.parameters.filter((p) => names.includes(p.name.toLowerCase()));
  return { query: params.filter((p) => p.in === "query").map((p) => p.name), header: params.filter((p) => p.in === "header").map((p) => p.name) };
}

async function withJson(answer: Response, change: (body: any) => void): Promise<Response> {
  const text = await answer.text();
  const body = JSON.parse(text);
  change(body);
  const headers = new Headers(answer.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: answer.status, headers });
}

const NIL_ID = "00000000-0000-4000-8000-000000000000";

/** The same request on an id nobody has: the server's judgement of the request itself (400, 401, 415), or its 404 when the request is valid. */
async function probe(hit: { op: TableOperation; params: Record<string, string> }, r: Request, body: string | null, next: Handler): Promise<Response | undefined> {
  const idParam = resourceOf(hit.op).id as string | undefined;
  if (!idParam) return undefined;
  const answer = await next(clone(r, { url: new URL(pathOf(hit.op, { ...hit.params, [idParam]: NIL_ID }), r.url).href + new URL(r.url).search, body }));
  return answer.status === 404 ? undefined : answer;
}

/** A list's successful answers with their page (of two items or more) changed by `change`. */
function pageDefect(name: string, change: (list: unknown[]) => void): Defect {
  return {
    name,
    category: "answer vs request",
    applies: (ops) => lists(ops).length > 0,
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const answer = await next(r);
      if (!hit || !lists(ops).includes(hit.op) || !ok(answer.status)) return answer;
      const items = hit.op.pagination!.items.slice(1).split("/");
      return withJson(answer, (b) => {
        const list = items.reduce((node, k) => node?.[k], b);
        if (Array.isArray(list) && list.length > 1) change(list);
      });
    },
  };
}

export const DEFECTS: Defect[] = [
  {
    name: "accepts a create missing a required field (fills it in)",
    category: "not enforced rule",
    applies: (ops) => creates(ops).length > 0,
    wrap: (ops, doc, next) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      const answer = await next(clone(r, { body }));
      if (answer.status !== 400 || !hit || !creates(ops).includes(hit.op) || !body) return answer;
      const example = documentedRequests(doc, hit.op).requests[0]?.request.body;
      let sent: unknown;
      try {
        sent = JSON.parse(body);
      } catch {
        return answer;
      }
      return next(clone(r, { body: JSON.stringify(mergeDeep(example, sent)) }));
    },
  },
  {
    name: "refuses invalid input with an unrelated 409",
    category: "not enforced rule",
    applies: (ops) => creates(ops).some((o) => o.responses.some((r) => r.status === "409")),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const answer = await next(r);
      if (answer.status !== 400 || !hit?.op.responses.some((r) => r.status === "409")) return answer;
      return new Response(answer.body, { status: 409, headers: answer.headers });
    },
  },
  {
    name: "accepts a malformed credential",
    category: "credentials",
    applies: (ops, doc) =>
      secured(ops).some((o) => {
        const s = (securitySchemes(doc) as Record<string, any>)[o.security[0]![0]!] ?? {};
        return typeof s["x-example"] === "string" && (s.type === "http" || s["x-value-pattern"] !== undefined);
      }),
    wrap: acceptingCredentials(true),
  },
  {
    name: "accepts a request without credentials",
    category: "credentials",
    applies: (ops, doc) => secured(ops).some((o) => exampleCredential(doc, o.security[0]![0]!) !== undefined),
    wrap: acceptingCredentials(false),
  },
  {
    name: "lost update (answers 200, stores nothing)",
    category: "lost write / read-back",
    applies: (ops) => ops.some((o) => action(o) === "update"),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      if (!hit || action(hit.op) !== "update") return next(r);
      const body = await bodyText(r);
      return (await probe(hit, r, body, next)) ?? next(clone(r, { body: "{}" }));
    },
  },
  {
    name: "replace answers the old object and stores nothing",
    category: "lost write / read-back",
    applies: (ops) => ops.some((o) => action(o) === "replace" && ops.some((g) => g.path === o.path && g.method === "GET")),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      if (!hit || action(hit.op) !== "replace") return next(r);
      const body = await bodyText(r);
      return (await probe(hit, r, body, next)) ?? next(new Request(r.url, { method: "GET", headers: r.headers }));
    },
  },
  {
    name: "delete answers success and leaves the object",
    category: "lost write / read-back",
    applies: (ops) => ops.some((o) => action(o) === "delete"),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      if (!hit || action(hit.op) !== "delete") return next(r);
      const refused = await probe(hit, r, null, next);
      if (refused) return refused;
      return new Response(null, { status: Number(hit.op.responses.map((r) => r.status).find((s) => s.startsWith("2")) ?? 204) });
    },
  },
  {
    name: "create stores another value than it was sent",
    category: "lost write / read-back",
    applies: (ops) => creates(ops).length > 0,
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      if (!hit || !creates(ops).includes(hit.op) || !body) return next(clone(r, { body }));
      try {
        const parsed = JSON.parse(body);
        const at = resourceOf(hit.op).body as string | undefined;
        if (otherValue(hit.op, at ? valueAt(parsed, at) : parsed)) return next(clone(r, { body: JSON.stringify(parsed) }));
      } catch {
        /* not JSON: sent on as it came */
      }
      return next(clone(r, { body }));
    },
  },
  {
    name: "create answers 201 and forgets the object",
    category: "lost write / read-back",
    applies: (ops) => creates(ops).some((c) => ops.some((d) => action(d) === "delete" && resourceOf(d).name === resourceOf(c).name)),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      const answer = await next(clone(r, { body }));
      if (!hit || !creates(ops).includes(hit.op) || !ok(answer.status)) return answer;
      const text = await answer.text();
      const del = ops.find((d) => action(d) === "delete" && resourceOf(d).name === resourceOf(hit.op).name);
      const id = idOf(JSON.parse(text));
      if (del && id !== undefined) await next(new Request(new URL(pathOf(del, { ...hit.params, [resourceOf(del).id]: id }), r.url), { method: "DELETE", headers: r.headers }));
      return new Response(text, { status: answer.status, headers: answer.headers });
    },
  },
  {
    name: "404 for an object the run created",
    category: "own-object 404",
    applies: (ops) => creates(ops).some((c) => ops.some((o) => ["get", "update", "replace", "delete"].includes(action(o) ?? "") && resourceOf(o).name === resourceOf(c).name)),
    wrap: (ops, _doc, next) => {
      const made = new Set<string>();
      return async (r) => {
        const hit = route(ops, r);
        const body = await bodyText(r);
        if (hit && ["get", "update", "replace", "delete"].includes(action(hit.op) ?? "") && made.has(hit.params[resourceOf(hit.op).id] ?? "")) {
          // The same request for an id nobody has: the document's own 404.
          return next(clone(r, { url: new URL(pathOf(hit.op, { ...hit.params, [resourceOf(hit.op).id]: "00000000-0000-4000-8000-000000000000" }), r.url).href, body }));
        }
        const answer = await next(clone(r, { body }));
        if (hit && creates(ops).includes(hit.op) && ok(answer.status)) {
          const id = idOf(await answer.clone().json().catch(() => undefined));
          if (id) made.add(id);
        }
        return answer;
      };
    },
  },
  {
    name: "list filter ignored",
    category: "answer vs request",
    applies: (ops) => lists(ops).some((o) => filterParams(o).query.length + filterParams(o).header.length > 0),
    wrap: (ops, doc, next, shadow) => stripParam(ops, filterParams)(ops, doc, next, shadow),
  },
  {
    name: "limit ignored",
    category: "answer vs request",
    applies: (ops) => lists(ops).length > 0,
    wrap: (ops, doc, next, shadow) => stripParam(ops, (o) => ({ query: [o.pagination!.limitParam], header: [] }))(ops, doc, next, shadow),
  },
  {
    name: "offset ignored",
    category: "answer vs request",
    applies: (ops) => lists(ops).length > 0,
    wrap: (ops, doc, next, shadow) => stripParam(ops, (o) => ({ query: [o.pagination!.offsetParam], header: [] }))(ops, doc, next, shadow),
  },
  pageDefect("a page drops its last item", (list) => void list.pop()),
  {
    name: "total disagrees with the items",
    category: "answer vs request",
    applies: (ops) => lists(ops).some((o) => o.pagination!.total),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const answer = await next(r);
      const total = hit?.op.pagination?.total;
      if (!hit || !total || !ok(answer.status)) return answer;
      const path = total.slice(1).split("/");
      return withJson(answer, (b) => {
        const parent = path.slice(0, -1).reduce((node, k) => node?.[k], b);
        if (parent && typeof parent[path.at(-1)!] === "number") parent[path.at(-1)!] += 1;
      });
    },
  },
];

const plugin = (op: TableOperation | undefined) => (op?.resource as { plugin?: string } | undefined)?.plugin;
/** Whether the document names every one of these plug-in handlers. */
const serves = (ops: TableOperation[], ...handlers: string[]) => handlers.every((h) => ops.some((o) => plugin(o) === h));
/** A write to `handler` answered by a server that keeps nothing (the shadow): the documented success, nothing stored, seen by `readBy`. */
const lostWrite = (name: string, handler: string, readBy: string): Defect => ({
  name,
  category: "lost write / read-back",
  applies: (ops) => serves(ops, handler, readBy),
  wrap: (ops, _doc, next, shadow) => async (r) => (plugin(route(ops, r)?.op) === handler ? shadow(r) : next(r)),
});
/** The 200 answers of `handler` rewritten (`rewrite` gets and gives the body's text); other answers as they are. */
const rewrite200 = (ops: TableOperation[], next: Handler, handler: string, rewrite: (text: string) => string): Handler => async (r) => {
  const hit = route(ops, r);
  const answer = await next(r);
  if (plugin(hit?.op) !== handler || answer.status !== 200) return answer;
  return new Response(rewrite(await answer.text()), { status: 200, headers: answer.headers });
};

DEFECTS.push(
  lostWrite("revoke answers success and revokes nothing", "revoke", "introspect"),
  {
    name: "introspection calls every token active",
    category: "lost write / read-back",
    applies: (ops) => serves(ops, "introspect"),
    wrap: (ops, _doc, next) => {
      let active: string | undefined;
      return rewrite200(ops, next, "introspect", (text) => {
        if (JSON.parse(text).active === true) active = text;
        return JSON.parse(text).active === false && active ? active : text;
      });
    },
  },
  {
    name: "issued tokens are forgotten (introspection says inactive)",
    category: "lost write / read-back",
    applies: (ops) => serves(ops, "introspect", "token"),
    wrap: (ops, _doc, next) => rewrite200(ops, next, "introspect", () => JSON.stringify({ active: false })),
  },
);

DEFECTS.push(
  lostWrite("points sent are answered 200 and not stored", "storeDatapoints", "retrieveSeries"),
  {
    name: "points are stored with another value",
    category: "lost write / read-back",
    applies: (ops) => serves(ops, "storeDatapoints", "retrieveSeries"),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      if (plugin(hit?.op) !== "storeDatapoints" || !body) return next(clone(r, { body }));
      try {
        const points = JSON.parse(body);
        if (Array.isArray(points)) for (const p of points) if (typeof p?.value === "number") p.value += 1;
        return next(clone(r, { body: JSON.stringify(points) }));
      } catch {
        return next(clone(r, { body }));
      }
    },
  },
  {
    name: "delete by pattern answers success and deletes nothing",
    category: "lost write / read-back",
    applies: (ops) => serves(ops, "deleteByPattern", "retrieveSeries"),
    wrap: (ops, _doc, next, shadow) => async (r) => {
      if (plugin(route(ops, r)?.op) !== "deleteByPattern") return next(r);
      // Judged by a server without the run's points: a refusal stands; a "nothing matched" becomes a success that deleted nothing.
      const answer = await shadow(r);
      return answer.status === 404 ? new Response(JSON.stringify({ id: NIL_ID }), { status: 200, headers: { "content-type": "application/json" } }) : answer;
    },
  },
);

DEFECTS.push(
  {
    name: "accepts a body sent under a media type the operation does not take",
    category: "not enforced rule",
    applies: (ops) => ops.some((o) => (o.request?.mediaTypes ?? []).some((m) => /json/.test(m)) && ["POST", "PUT", "PATCH"].includes(o.method)),
    wrap: (ops, _doc, next) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      const type = r.headers.get("content-type") ?? "";
      const json = hit?.op.request?.mediaTypes.find((m) => /json/.test(m));
      if (!hit || !json || !type.startsWith("text/plain")) return next(clone(r, { body }));
      const headers = new Headers(r.headers);
      headers.set("content-type", json);
      return next(clone(r, { body, headers }));
    },
  },
  {
    name: "create drops an optional field it was sent",
    category: "lost write / read-back",
    applies: (ops) => creates(ops).some((c) => ops.some((g) => action(g) === "get" && resourceOf(g).name === resourceOf(c).name)),
    wrap: (ops, _doc, next, shadow) => async (r) => {
      const hit = route(ops, r);
      const body = await bodyText(r);
      if (!hit || !creates(ops).includes(hit.op) || !body || !ok((await shadow(clone(r, { body }))).status)) return next(clone(r, { body }));
      try {
        const parsed = JSON.parse(body);
        const at = resourceOf(hit.op).body as string | undefined;
        const record = at ? valueAt(parsed, at) : parsed;
        // The last field the record carries that is not required by the example-derived unique list: a server that forgets it.
        const keys = Object.keys(record ?? {}).filter((k) => !(resourceOf(hit.op).unique ?? []).includes(k) && k !== "name");
        const drop = keys.find((k) => typeof record[k] === "string" && /desc/i.test(k)) ?? keys.at(-1);
        if (drop) delete record[drop];
        return next(clone(r, { body: JSON.stringify(parsed) }));
      } catch {
        return next(clone(r, { body }));
      }
    },
  },
  pageDefect("a list repeats an item", (list) => void (list[list.length - 1] = list[0])),

);

/** Every node of a JSON value, with local `$ref`s followed once each (the bundled document's components). */
function* nodes(doc: any, value: any, seen = new Set<any>()): Generator<any> {
  if (!value || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  yield value;
  if (typeof value.$ref === "string" && value.$ref.startsWith("#/")) yield* nodes(doc, valueAt(doc, value.$ref.slice(1)), seen);
  for (const v of Object.values(value)) yield* nodes(doc, v, seen);
}

/** The schemas of the document's error answers (4xx, 5xx), with everything they refer to. */
const errorSchemaNodes = (ops: TableOperation[], doc: any) =>
  ops.flatMap((o) => Object.entries<any>(valueAt(doc, `${o.pointer.slice(1)}/responses`) ?? {}).filter(([status]) => /^[45]/.test(status)).flatMap(([, r]: [string, any]) => Object.values(r?.content ?? {}).map((m: any) => m?.schema)));

/** Every integer a JSON value holds that reads as a time in seconds since the epoch (2001-09-09 to 2286-11-20), in place, times 1000. */
function toMilliseconds(value: any): void {
  if (!value || typeof value !== "object") return;
  for (const [k, v] of Object.entries(value)) {
    if (Number.isInteger(v) && (v as number) >= 1e9 && (v as number) < 1e10) (value as any)[k] = (v as number) * 1000;
    else toMilliseconds(v);
  }
}

/** The longest string of a JSON value (an error body's message: `errorMsg`, `error_description`, `message`), as a path. */
function messageAt(value: any, at: (string | number)[] = []): { path: (string | number)[]; length: number } | undefined {
  if (typeof value === "string") return { path: at, length: value.length };
  if (!value || typeof value !== "object") return undefined;
  let best: { path: (string | number)[]; length: number } | undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = messageAt(v, [...at, Array.isArray(value) ? Number(k) : k]);
    if (found && (!best || found.length > best.length)) best = found;
  }
  return best;
}

const STACK = "\n    at Object.handle (/srv/app/routes/keys.js:88:11)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)";

// Rules the interface documents state in prose and the documents state as keywords (issue 45): a
// defect applies where the document says the rule, in the words a reader meets (a time "in seconds
// since the epoch"; an error message the document gives a form). Where a document states no form for
// its messages (metrics: the error body is not shown), a stack trace breaks nothing it says.
DEFECTS.push(
  {
    name: "answers timestamps in milliseconds",
    category: "prose rule",
    applies: (_ops, doc) => [...nodes(doc, doc.paths)].some((n) => n.type === "integer" && /seconds since the epoch/i.test(String(n.description ?? ""))),
    wrap: (_ops, _doc, next) => async (r) => {
      const answer = await next(r);
      if (!ok(answer.status) || !/json/.test(answer.headers.get("content-type") ?? "")) return answer;
      return withJson(answer, (b) => toMilliseconds({ b }));
    },
  },
  {
    name: "error message carries a stack trace",
    category: "prose rule",
    applies: (ops, doc) => errorSchemaNodes(ops, doc).some((schema) => [...nodes(doc, schema)].some((n) => n.type === "string" && typeof n.pattern === "string")),
    wrap: (_ops, _doc, next) => async (r) => {
      const answer = await next(r);
      if (answer.status < 400 || !/json/.test(answer.headers.get("content-type") ?? "")) return answer;
      return withJson(answer, (b) => {
        const found = messageAt(b);
        if (!found || found.path.length === 0) return;
        const parent = found.path.slice(0, -1).reduce((node: any, k) => node[k], b);
        parent[found.path.at(-1)!] += STACK;
      });
    },
  },
);

/** A document with writes (an `x-resource` create, update, replace or delete, or a plug-in operation that writes): a server of it keeps state, and one that keeps none must fail. */
export function hasState(serviceId: ServiceId): boolean {
  return documentOperations(loadBundledDocument(serviceId)).some((o) => {
    const r = (o.resource ?? {}) as { action?: string; plugin?: string };
    return ["create", "update", "replace", "delete"].includes(r.action ?? "") || (r.plugin !== undefined && ["POST", "PUT", "PATCH", "DELETE"].includes(o.method) && o.effect !== "none");
  });
}

export function defectsOf(doc: any): Defect[] {
  const ops = documentOperations(doc);
  return DEFECTS.filter((d) => d.applies(ops, doc));
}
