/**
 * What the mock knows about a document's operations, read once from the bundle: routing by
 * method and path template, and per status the media types and named examples (body and
 * header examples), so case selection and error shapes come from the document alone.
 */
export interface ResponseInfo {
  status: string;
  /** Media types with a body, in document order. */
  mediaTypes: string[];
  /** Named body examples per media type. */
  examples: Map<string, { name: string; value: unknown; prefer?: string }[]>;
  /** Names of examples of response headers (e.g. a redirect's Location). */
  headerExamples: Set<string>;
  schemas: Map<string, unknown>;
}

export interface OperationInfo {
  method: string;
  path: string;
  key: string;
  pattern: RegExp;
  literalSegments: number;
  responses: Map<string, ResponseInfo>;
  requestMediaTypes: string[];
  /** The operation object as it stands in the bundle (refs unresolved), for Prism. */
  raw: any;
}

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Follows local `$ref`s; the bundle has no other kind. */
export function deref(doc: any, node: any): any {
  for (let i = 0; i < 32 && node && typeof node.$ref === "string" && node.$ref.startsWith("#/"); i++) {
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((n: any, k: string) => n?.[decodeURIComponent(k).replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  }
  return node;
}

function responseInfo(doc: any, status: string, raw: any): ResponseInfo {
  const response = deref(doc, raw) ?? {};
  const examples = new Map<string, { name: string; value: unknown; prefer?: string }[]>();
  const schemas = new Map<string, unknown>();
  const mediaTypes = Object.keys(response.content ?? {});
  for (const mt of mediaTypes) {
    const media = deref(doc, response.content[mt]) ?? {};
    schemas.set(mt, media.schema);
    examples.set(
      mt,
      Object.entries<any>(media.examples ?? {}).map(([name, ex]) => {
        const e = deref(doc, ex) ?? {};
        return { name, value: e.value, ...(typeof e["x-prefer"] === "string" ? { prefer: e["x-prefer"] } : {}) };
      }),
    );
  }
  const headerExamples = new Set<string>();
  for (const h of Object.values<any>(response.headers ?? {})) {
    for (const name of Object.keys(deref(doc, h)?.examples ?? {})) headerExamples.add(name);
  }
  return { status, mediaTypes, examples, headerExamples, schemas };
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function readOperations(doc: any): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [path, rawItem] of Object.entries<any>(doc.paths ?? {})) {
    const item = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const op = item[method];
      if (!op || typeof op !== "object") continue;
      const segments = path.split("/");
      const pattern = new RegExp(
        "^" + segments.map((s) => (/^\{[^}]+\}$/.test(s) ? "[^/]+" : escapeRegExp(s).replace(/\\\{[^}]+\\\}/g, "[^/]+"))).join("/") + "$",
      );
      const responses = new Map<string, ResponseInfo>();
      for (const [status, raw] of Object.entries<any>(op.responses ?? {})) responses.set(status, responseInfo(doc, status, raw));
      const body = deref(doc, op.requestBody);
      out.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        pattern,
        literalSegments: segments.filter((s) => !s.includes("{")).length,
        responses,
        requestMediaTypes: Object.keys(body?.content ?? {}),
        raw: op,
      });
    }
  }
  // Literal segments beat templated ones (`/keys/count` before `/keys/{id}`).
  return out.sort((a, b) => b.literalSegments - a.literalSegments);
}

export type Route = { kind: "operation"; operation: OperationInfo } | { kind: "method-not-allowed"; allow: string[] } | { kind: "not-found" };

export function route(operations: OperationInfo[], method: string, pathname: string): Route {
  const onPath = operations.filter((o) => o.pattern.test(pathname));
  if (onPath.length === 0) return { kind: "not-found" };
  const operation = onPath.find((o) => o.method === method);
  if (operation) return { kind: "operation", operation };
  return { kind: "method-not-allowed", allow: [...new Set(onPath.map((o) => o.method))] };
}

/** Statuses that own a named example (body or header), for `example=` without `code=`. */
export function statusesOwning(operation: OperationInfo, example: string): string[] {
  return [...operation.responses.values()]
    .filter((r) => r.headerExamples.has(example) || [...r.examples.values()].some((list) => list.some((e) => e.name === example)))
    .map((r) => r.status);
}

/** "201 (created, createdMinimal), 400 (missingRequiredField), 204": what a test can ask for. */
export function availableCases(operation: OperationInfo): string {
  return [...operation.responses.values()]
    .map((r) => {
      const names = [...new Set([...[...r.examples.values()].flat().map((e) => e.name), ...r.headerExamples])];
      return names.length > 0 ? `${r.status} (${names.join(", ")})` : r.status;
    })
    .join(", ");
}

/** The status Prism answers a valid request with when no code is asked for: the lowest 2xx, else the first. */
export function defaultStatus(operation: OperationInfo): string | undefined {
  const statuses = [...operation.responses.keys()];
  return statuses.filter((s) => /^2\d\d$/.test(s)).sort()[0] ?? statuses.find((s) => s !== "default");
}
