/** What the generator extracts from a bundled document for the runtime (see scripts/lib/client-meta.ts). */
import type { PaginationMeta } from "./paginate.js";
import type { RetryMeta } from "./retry.js";

export type SecuritySchemeMeta =
  | { type: "http"; scheme: "basic" | "bearer" }
  | { type: "apiKey"; in: "header" | "cookie"; name: string };

export interface QueryParamMeta {
  /** openapi `style: form` with `explode: false` serializes arrays comma-separated. */
  explode: boolean;
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
