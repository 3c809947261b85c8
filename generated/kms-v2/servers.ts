// Generated from openapi/kms-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

/** The document's server URLs, variables as `{name}`. */
export const servers: readonly string[] = ["https://{region}.kms.example.com"];

/** The first server with its variables at their defaults: the placeholder host the emulators answer for under MSW. */
export const baseUrl: string | undefined = "https://us-south.kms.example.com";
