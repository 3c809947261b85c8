// Generated from openapi/identity-v4.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

/** The document's server URLs, variables as `{name}`. */
export const servers: readonly string[] = ["https://{region}.identity.example.com"];
