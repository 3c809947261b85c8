/** What the generator extracts from a bundled document for the runtime (see scripts/lib/client-meta.ts). */
import type { PaginationMeta } from "./paginate.js";
import type { RetryMeta } from "./retry.js";

export type SecuritySchemeMeta =
  | { type: "http"; scheme: "basic" | "bearer" }
  | { type: "apiKey"; in: "header" | "cookie"; name: string };

/** The OpenAPI 3.1 styles of a query parameter (§4.8.12.4) the client serializes (runtime/core/query.ts). */
export type QueryStyle = "form" | "deepObject" | "spaceDelimited" | "pipeDelimited";

/** How one operation's query parameter travels, as its document says. */
export interface QueryParamMeta {
  style: QueryStyle;
  /** As the document says or defaults it (true for form only); deepObject serializes alike either way. */
  explode: boolean;
  /** What the parameter's schema says the value is; absent when its schema does not say (then any shape its style carries). */
  shape?: "scalar" | "array" | "object";
}

export interface OperationMeta {
  operationId: string;
  /** Alternatives (OR) of scheme sets (AND); empty list = unprotected. */
  security: readonly (readonly string[])[];
  requestMediaTypes: readonly string[];
  parseAs: "json" | "text" | "stream";
  /** "manual" when the document describes a 3xx; "error" otherwise, so credentials never follow an undocumented redirect. */
  redirect: "manual" | "error";
  query: Readonly<Record<string, QueryParamMeta>>;
  /** `x-pagination` of a list operation: `client.paginate` walks it. */
  pagination?: PaginationMeta;
  /** `x-retry` of the operation or, failing that, of the document. */
  retry?: RetryMeta;
}

export interface ServerMeta {
  name: string;
  url: string;
  variables: Readonly<Record<string, { default: string; enum?: readonly string[] }>>;
  /** `x-placeholder`: the document's host stands in for one the interface documents do not show; no client sends to it unasked. */
  placeholder?: true;
}

export interface ServiceMeta {
  id: string;
  servers: readonly ServerMeta[];
  /** Path or header parameter names given once at client creation (`x-client.bind`). */
  bind: readonly { name: string; in: "path" | "header" }[];
  securitySchemes: Readonly<Record<string, SecuritySchemeMeta>>;
  /** Keyed by "METHOD /path/template". */
  operations: Readonly<Record<string, OperationMeta>>;
}
