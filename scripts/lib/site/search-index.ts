/**
 * The cross-service search index, built at build time: one entry per operation of every
 * document, with the words a reader may search for. The browser scores entries itself
 * (assets/search.js); nothing is fetched from another host.
 */
import type { OpenApiDocument } from "../bundle.js";
import { deref } from "../../../runtime/core/pointer.js";
import { getAt } from "../../../runtime/core/pointer.js";
import { inDocumentOrder, operationTable } from "../../../runtime/openapi/operation-table.js";
import type { Service } from "../services.js";
import { operationAnchor } from "./anchors.js";
import { displayTitle } from "./html.js";

export interface SearchEntry {
  /** Service id, title and version, for the result line. */
  service: string;
  title: string;
  operationId: string;
  method: string;
  path: string;
  summary: string;
  parameters: string[];
  /** Property names of the request and response bodies, nested ones included. */
  fields: string[];
  href: string;
  deprecated: boolean;
}

const NESTED = ["items", "additionalProperties", "contentSchema", "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

function collectFields(doc: OpenApiDocument, raw: unknown, into: Set<string>, seen: Set<unknown>): void {
  const schema = deref(doc, raw);
  if (!schema || typeof schema !== "object" || seen.has(schema)) return;
  seen.add(schema);
  for (const [name, child] of Object.entries<any>(schema.properties ?? {})) {
    into.add(name);
    collectFields(doc, child, into, seen);
  }
  for (const key of NESTED) if (schema[key] && typeof schema[key] === "object") collectFields(doc, schema[key], into, seen);
  for (const key of LISTS) for (const child of schema[key] ?? []) collectFields(doc, child, into, seen);
  for (const child of Object.values<any>(schema.patternProperties ?? {})) collectFields(doc, child, into, seen);
}

function bodySchemas(doc: OpenApiDocument, operation: any): unknown[] {
  const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})].filter(Boolean).map((b) => deref(doc, b));
  return bodies.flatMap((b: any) => Object.values<any>(b.content ?? {}).map((c) => c.schema).filter(Boolean));
}

export function searchEntries(entries: readonly { service: Service; doc: OpenApiDocument }[]): SearchEntry[] {
  return entries.flatMap(({ service, doc }) =>
    inDocumentOrder(operationTable(doc)).map((op) => {
      const operation = getAt(doc, op.pointer) as any;
      const fields = new Set<string>();
      const seen = new Set<unknown>();
      for (const schema of bodySchemas(doc, operation)) collectFields(doc, schema, fields, seen);
      return {
        service: service.id,
        title: displayTitle(doc.info, service.id),
        operationId: op.operationId,
        method: op.method,
        path: op.path,
        summary: operation.summary ?? "",
        parameters: op.parameters.map((p) => p.name),
        fields: [...fields].sort(),
        href: operationAnchor(service.id, op.operationId),
        deprecated: Boolean(operation.deprecated || doc.info["x-deprecated"]),
      };
    }),
  );
}

/** A script that defines the index as a global, so the landing page also works opened from disk (file:). */
export function searchIndexScript(entries: SearchEntry[]): string {
  return `window.SEARCH_INDEX = ${JSON.stringify(entries).replace(/</g, "\\u003c")};\n`;
}
