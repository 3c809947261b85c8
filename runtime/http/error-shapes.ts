/**
 * Error answers in the document's own error shape. The body is a documented example of that
 * status (the operation's own, else the same status elsewhere in the document, else the
 * operation's 400 with its status fields changed), with its message field rewritten to say
 * what was actually wrong. The message field is found generically: the longest string in the
 * example that reads as a sentence (OAuth `error_description`, problem `detail`, KMS
 * `errorMsg`, notifications `errors[].message`, a bare `error`).
 */
import { REASON_PHRASES } from "./reason-phrases.js";
import { MOCK_ERROR_HEADER } from "./handler.js";
import { deref } from "../core/pointer.js";
import { responseExample, responseOf } from "../openapi/operations.js";
import type { TableOperation, TableResponse } from "../openapi/operation-table.js";
import type { MockErrorKind } from "./mock-errors.js";

/** Messages are cut here so an error body never echoes a huge request back. */
export const MAX_MESSAGE_LENGTH = 2000;

type Path = (string | number)[];

function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (value === null || typeof value !== "object") return [{ path, value }];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.flatMap(([k, v]) => leaves(v, [...path, k]));
}

function setAt(root: any, path: Path, value: unknown) {
  const parent = path.slice(0, -1).reduce((n, k) => n[k], root);
  parent[path.at(-1)!] = value;
}

export function messagePath(example: unknown): Path | undefined {
  const candidates = leaves(example).filter((l) => typeof l.value === "string" && /\s/.test(l.value as string));
  candidates.sort((a, b) => (b.value as string).length - (a.value as string).length);
  return candidates[0]?.path;
}

const reason = (status: number) => REASON_PHRASES[status] ?? "Error";

/**
 * Drops what the schema does not require, except the message field: the example an error
 * body starts from must not carry its own case's details (a reason code such as
 * KEY_RING_NOT_FOUND_ERR) into an answer about a different problem.
 */
function pruneToRequired(doc: any, schema: any, value: any, keep: Path, depth = 0): any {
  const s = deref(doc, schema);
  if (!s || depth > 20 || value === null || typeof value !== "object") return value;
  const parts = [s, ...((s.allOf as any[]) ?? []).map((p) => deref(doc, p))];
  if (Array.isArray(value)) {
    const items = parts.map((p) => p?.items).find(Boolean);
    return value.map((v, i) => pruneToRequired(doc, items, v, keep[0] === i ? keep.slice(1) : [], depth + 1));
  }
  const required = new Set(parts.flatMap((p) => p?.required ?? []));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!required.has(k) && keep[0] !== k) continue;
    const property = parts.map((p) => p?.properties?.[k]).find(Boolean);
    out[k] = pruneToRequired(doc, property, v, keep[0] === k ? keep.slice(1) : [], depth + 1);
  }
  return out;
}

interface Template {
  status: number;
  schema?: unknown;
  mediaType?: string;
  example?: unknown;
  /** True when the template is the operation's own response for the requested status. */
  documented: boolean;
}

/** RFC 9457 problem details: the error shape of a form that serves no document (the docs server, a bare handler). */
export function problemDetails(status: number, detail: string): string {
  return JSON.stringify({ type: "about:blank", title: reason(status), status, detail: detail.length > MAX_MESSAGE_LENGTH ? `${detail.slice(0, MAX_MESSAGE_LENGTH)}…` : detail });
}

export interface ErrorAnswer {
  operation?: TableOperation | undefined;
  status: number;
  message: string;
  /** Documented example to start from when the test asked for one of this status. */
  example?: string | undefined;
  /** Kind of mock error, sent as X-Mock-Error when the status is not documented for the operation. */
  kind: MockErrorKind;
  method?: string;
  headers?: Record<string, string>;
}

export interface RenderedError {
  status: number;
  headers: Headers;
  body: string | null;
}

export interface ErrorShapes {
  /** Synchronous, so the edge can also answer on a raw socket (malformed HTTP). */
  render(answer: ErrorAnswer): RenderedError;
  respond(answer: ErrorAnswer): Response;
}

export function errorShapes(doc: any, operations: readonly TableOperation[]): ErrorShapes {
  const withExamples = (status: string) =>
    operations.map((o) => responseOf(o, status)).find((r): r is TableResponse => !!r && !!responseExample(doc, r));
  // The document's usual error shape: the 400 most operations use, else any 4xx/5xx with an example.
  const fallback =
    withExamples("400") ??
    operations.flatMap((o) => o.responses).find((r) => /^[45]\d\d$/.test(r.status) && !!responseExample(doc, r));

  function template(operation: TableOperation | undefined, status: number, example?: string): Template {
    const own = operation && responseOf(operation, String(status));
    if (own) {
      const ex = responseExample(doc, own, example) ?? responseExample(doc, own);
      // A documented response without a body (HEAD, 204) is answered without one.
      return ex ? { status, mediaType: ex.mediaType, example: ex.value, schema: ex.schema, documented: true } : { status, documented: true };
    }
    const sameStatus = withExamples(String(status));
    const base = sameStatus ?? (operation && operation.responses.find((r) => r.status === "400" && responseExample(doc, r))) ?? fallback;
    const ex = base && responseExample(doc, base);
    return ex ? { status: Number(base!.status), mediaType: ex.mediaType, example: ex.value, schema: ex.schema, documented: false } : { status, documented: false };
  }

  function render({ operation, status, message, example, kind, method, headers = {} }: ErrorAnswer): RenderedError {
    const t = template(operation, status, example);
    const out = new Headers(headers);
    if (!t.documented) out.set(MOCK_ERROR_HEADER, kind);
    const text = message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
    let body: string | null = null;
    if (t.example !== undefined && t.mediaType) {
      let value = structuredClone(t.example) as any;
      const path = messagePath(value);
      if (path) value = pruneToRequired(doc, t.schema, value, path);
      if (path) {
        const original = path.reduce((n: any, k) => n[k], value) as string;
        // Keep the document's convention of leading with the reason phrase ("Bad Request: ...").
        const prefix = original.startsWith(`${reason(t.status)}:`) ? `${reason(status)}: ` : "";
        setAt(value, path, prefix + text);
      }
      if (t.status !== status) {
        for (const leaf of leaves(value)) {
          if (leaf.value === t.status) setAt(value, leaf.path, status);
          else if (leaf.value === reason(t.status)) setAt(value, leaf.path, reason(status));
        }
      }
      body = JSON.stringify(value);
      out.set("content-type", t.mediaType);
    } else if (t.example === undefined && !t.documented) {
      // No error shape anywhere in the document: RFC 9457 problem details.
      body = problemDetails(status, text);
      out.set("content-type", "application/problem+json");
    }
    return { status, headers: out, body: method === "HEAD" ? null : body };
  }

  return {
    render,
    respond(answer) {
      const r = render(answer);
      return new Response(r.body, { status: r.status, headers: r.headers });
    },
  };
}
