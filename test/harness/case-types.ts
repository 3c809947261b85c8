/**
 * A response case stated by an interface document (../shared/seeds), replayed against the
 * Prism mock through the generated client. Catalogues are written from the interface
 * document, so a document that loses or renames a case fails the replay test.
 */
import type { ServiceId, ServiceOperations } from "../../generated/service-ids.js";

/** "METHOD /path/template" of an operation the document of `S` states (the generated meta's keys): a typo fails tsc. */
export type OperationOf<S extends ServiceId> = ServiceOperations[S] & string;

export interface DocumentedCase<S extends ServiceId = ServiceId> {
  /** Where the interface document states the case, e.g. "§4.6 revoke: invalid client id or secret". */
  source: string;
  /** "METHOD /path/template", exactly as the path is written in the OpenAPI document. */
  operation: OperationOf<S>;
  /** Status the case is documented with (or the x-assumed choice for "not shown"). */
  status: number;
  /** Name of the documented example under that status; omitted when the response has no body. */
  example?: string;
  /** A valid request for the operation (bound parameters and credentials come from the catalogue's client options). */
  request?: {
    params?: {
      path?: Record<string, unknown>;
      query?: Record<string, unknown>;
      header?: Record<string, unknown>;
      cookie?: Record<string, unknown>;
    };
    body?: unknown;
    /** Request media type when the operation accepts more than one (default: the first listed). */
    contentType?: string;
  };
}

/** A service's catalogue is a `CaseCatalogue<"its-id">`, so its operations are checked against its own document. */
export interface CaseCatalogue<S extends ServiceId = ServiceId> {
  /** Service id from openapi/services.json. */
  service: S;
  /** Options for the generated client factory apart from baseUrl (credentials, bound parameters). */
  client: {
    credentials?: Record<string, unknown>;
    bind?: Record<string, unknown>;
  };
  cases: DocumentedCase<S>[];
}
