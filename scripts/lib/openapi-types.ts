/** The two facts about OpenAPI documents that the build steps share, apart from any one step. */

/** A parsed OpenAPI document: the build reads it structurally, as the documents are hand-written and linted. */
export type OpenApiDocument = Record<string, any>;

/** The operation keys of a path item (OpenAPI 3.1 §4.8.9). */
export const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
