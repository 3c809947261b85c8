/**
 * A documented request example (runtime/emulator/world.ts exampleRequests) as the WHATWG
 * Request a client sends, with the credential examples of its security schemes (`x-example`),
 * and the test of whether an answer is the documented success: what "every documented example
 * works" is measured with, over HTTP, under MSW and in the browser.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { serializeQuery } from "../core/query-style.js";
import { operationTable, queryStyles } from "../openapi/operation-table.js";
import type { ExampleValues } from "./world.js";

type Json = any;

function operationOf(doc: Json, operationId: string) {
  const entry = operationTable(doc).operations.find((o) => o.operationId === operationId);
  if (!entry) throw new CloudInterfacesError(`no operation ${operationId} in the document`);
  return entry;
}

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function exampleRequest(doc: Json, example: ExampleValues, baseUrl: string): Request {
  const entry = operationOf(doc, example.operationId);
  const path = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(example.path[name] ?? "")));
  const search = serializeQuery(example.query, queryStyles(entry));
  const headers = new Headers();
  for (const [name, value] of Object.entries(example.header)) headers.set(name, Array.isArray(value) ? value.join(",") : String(value));
  const schemes = doc.components?.securitySchemes ?? {};
  for (const [name, credential] of Object.entries(example.credentials)) {
    const scheme = schemes[name];
    if (scheme?.type === "http" && String(scheme.scheme).toLowerCase() === "basic") headers.set("Authorization", `Basic ${btoa(credential)}`);
    else if (scheme?.type === "http") headers.set("Authorization", `Bearer ${credential}`);
    else if (scheme?.type === "apiKey" && scheme.in === "header") headers.set(scheme.name, credential);
  }
  let body: BodyInit | undefined;
  if (example.mediaType !== undefined) {
    const fields = () => Object.entries((example.body ?? {}) as Record<string, unknown>).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => [k, text(item)] as [string, string]));
    if (example.mediaType === "application/x-www-form-urlencoded") {
      body = new URLSearchParams(fields());
      headers.set("Content-Type", example.mediaType);
    } else if (example.mediaType === "multipart/form-data") {
      const form = new FormData();
      for (const [k, v] of fields()) form.append(k, v);
      body = form; // fetch writes the Content-Type with its boundary
    } else {
      body = typeof example.body === "string" && !/json/.test(example.mediaType) ? example.body : JSON.stringify(example.body);
      headers.set("Content-Type", example.mediaType);
    }
  }
  return new Request(`${baseUrl.replace(/\/$/, "")}${path}${search ? `?${search}` : ""}`, { method: entry.method, headers, ...(body !== undefined ? { body } : {}), redirect: "manual" });
}

/**
 * Whether an answer is the operation's documented success: a documented 2xx, or a documented
 * 3xx whose Location carries no OAuth `error` (the error redirects are documented 3xx too).
 */
export function isDocumentedSuccess(doc: Json, operationId: string, status: number, location: string | null): boolean {
  const documented = operationOf(doc, operationId).responses.map((r) => r.status);
  if (!documented.includes(String(status))) return false;
  if (status >= 200 && status < 300) return true;
  if (status < 300 || status >= 400) return false;
  try {
    return location !== null && !new URL(location).searchParams.has("error");
  } catch {
    return false;
  }
}
