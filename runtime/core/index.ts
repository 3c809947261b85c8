export { ApiError, CloudInterfacesError, InputError, RedirectError } from "./errors.js";
// Not re-exported by errors.ts: a module importing ApiError would then load the request path's errors with it (esbuild splits by file).
export { ConnectionError, ResponseParseError, ResponseTooLargeError, TimeoutError } from "./call-errors.js";
export { PaginationError } from "./pagination-error.js";
export { DEFAULT_MAX_BODY_BYTES } from "./body-limit.js";
export { unwrap } from "./unwrap.js";
export { REDACTED, redact } from "./redact.js";
export { basicAuthorization, type BasicCredentials, type CredentialValue, type SecretSource } from "./credentials.js";
export { resolveBaseUrl, type ServiceClientOptions } from "./create-client.js";
export type { BindPaths } from "./bind-types.js";
export type { OperationMeta, QueryParamMeta, SecuritySchemeMeta, ServerMeta, ServiceMeta } from "./service-meta.js";
