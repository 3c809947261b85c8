/**
 * What the try-it panel knows of a service, computed by the site build from the document
 * (scripts/lib/site/tryit-data.ts) and fetched when a panel opens: the page's first load
 * carries none of it.
 */
export interface TryitParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** The schema's type: values are typed in as text and converted to it. */
  type: string;
  /** The first documented example, as text (JSON for objects); absent when the document has none. */
  example?: string;
}

export interface TryitBody {
  required: boolean;
  media: Array<{ type: string; examples: Array<{ name: string; text: string }> }>;
}

export interface TryitOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: TryitParameter[];
  body?: TryitBody;
  /** Alternatives, each a list of scheme names that go together. */
  security: string[][];
  /** Documented response cases: status and its named examples (the mock's case selection). */
  cases: Array<{ status: string; examples: string[] }>;
  /** How the client reads the answer. */
  parseAs: "json" | "text";
}

/**
 * The OAuth authorization code flow of a service whose document has one: the authorization
 * operation (response_type, client_id and redirect_uri in its query), the token operation (a
 * request example with grant_type authorization_code, in `media`) and whether the
 * authorization takes PKCE (a code_challenge parameter).
 */
export interface TryitCodeFlow {
  authorize: string;
  token: string;
  media: string;
  pkce: boolean;
}

export interface TryitService {
  id: string;
  codeFlow?: TryitCodeFlow;
  /** The generated client's factory, e.g. createKmsV2Client. */
  factory: string;
  /** `example`: the scheme's `x-example`, the credential the panel pre-fills. */
  schemes: Record<string, { type: string; scheme?: string; in?: string; name?: string; example?: string }>;
  operations: Record<string, TryitOperation>;
}
