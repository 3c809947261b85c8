/**
 * A parsed OpenAPI document: the build reads it structurally, as the documents are hand-written
 * and linted. Its operations are listed by runtime/core/router.ts.
 */
export type OpenApiDocument = Record<string, any>;
